// Skills, personality and mentions through `codex-ts proto`, checked on what the fake model received.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Event } from "../../src/protocol/core-protocol.js";
import { startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, makeHome, type TestHome } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await proto?.close();
  proto = undefined;
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

type Msg = { type: string; [k: string]: unknown };
const msg = (e: Record<string, unknown>) => e.msg as Msg;
const is = (type: string, id?: string) => (e: Record<string, unknown>) =>
  msg(e).type === type && (id === undefined || e.id === id);

function write(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

function skill(name: string, description: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n`;
}

/** Every message of a request as `role: text`. */
function messages(input: Array<Record<string, unknown>>): string[] {
  return input
    .filter((i) => i.type === "message")
    .map(
      (i) =>
        `${String(i.role)}: ${(i.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("")}`,
    );
}

async function start(home: TestHome, configure: Record<string, unknown> = {}): Promise<JsonLinesProcess> {
  const p = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
  p.send({ id: "c", op: { type: "configure_session", ...configure } });
  await p.waitFor(is("session_configured", "c"));
  return p;
}

async function turn(p: JsonLinesProcess, id: string, op: Record<string, unknown>): Promise<Msg[]> {
  p.send({ id, op: { type: "user_turn", ...op } });
  await p.waitFor(is("task_complete", id));
  return p.received.filter((e) => e.id === id).map(msg);
}

async function listSkills(p: JsonLinesProcess, id: string, op: Record<string, unknown> = {}): Promise<Msg> {
  p.send({ id, op: { type: "list_skills", ...op } });
  return msg(await p.waitFor(is("list_skills_response", id)));
}

describe("skills", () => {
  it("lists two skills and one error, injects $name and skill items, and force_reload finds a new file", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const deploy = write(
      join(home.cwd, ".agents/skills/deploy/SKILL.md"),
      skill("deploy", "Ship the app to staging", "DEPLOY-BODY: run `make deploy` and check /health."),
    );
    const lint = write(
      join(home.cwd, ".codex/skills/tools/lint/SKILL.md"),
      skill("lint", "Lint the code", "LINT-BODY: run eslint."),
    );
    const broken = write(join(home.cwd, ".agents/skills/broken/SKILL.md"), "# no front matter here\n");
    proto = await start(home);

    const listed = await listSkills(proto, "l1");
    const entries = listed.skills as Array<{ cwd: string; skills: Msg[]; errors: Msg[] }>;
    expect(entries).toHaveLength(1);
    expect(entries[0]?.cwd).toBe(home.cwd);
    expect(entries[0]?.skills).toEqual([
      { name: "deploy", description: "Ship the app to staging", path: deploy, scope: "repo" },
      { name: "lint", description: "Lint the code", path: lint, scope: "repo" },
    ]);
    expect(entries[0]?.errors).toEqual([{ path: broken, message: expect.stringMatching(/front matter/) }]);

    // `$deploy` in the text: its body follows the user's message; the skill list is in the instructions.
    await turn(proto, "t1", { items: [{ type: "text", text: "please $deploy." }] });
    const first = messages(model.requests[0]?.body.input ?? []);
    const skillsSection = first.find((m) => m.startsWith("developer: ## Skills")) ?? "";
    expect(skillsSection).toContain(`- deploy: Ship the app to staging (file: ${deploy})`);
    expect(skillsSection).toContain(`- lint: Lint the code (file: ${lint})`);
    expect(skillsSection).not.toContain("broken");
    expect(first.slice(-2)).toEqual([
      "user: please $deploy.",
      `user: <skill>\n<name>deploy</name>\n<path>${deploy}</path>\nDEPLOY-BODY: run \`make deploy\` and check /health.\n</skill>`,
    ]);

    // An explicit skill item (and an unknown `$name`, which is just text).
    await turn(proto, "t2", {
      items: [
        { type: "text", text: "tidy up, costs $5" },
        { type: "skill", name: "lint", path: lint },
      ],
    });
    const second = messages(model.requests[1]?.body.input ?? []);
    expect(second.slice(-2)).toEqual([
      "user: tidy up, costs $5",
      `user: <skill>\n<name>lint</name>\n<path>${lint}</path>\nLINT-BODY: run eslint.\n</skill>`,
    ]);
    expect(second.filter((m) => m.startsWith("developer: ## Skills"))).toHaveLength(1);

    // A new skill under $CODEX_HOME: the cache keeps the old list until force_reload.
    const notes = write(
      join(home.codexHome, "skills/notes/SKILL.md"),
      skill("notes", "Write release notes", "NOTES-BODY"),
    );
    const cached = await listSkills(proto, "l2", { cwds: [home.cwd] });
    expect((cached.skills as Array<{ skills: Msg[] }>)[0]?.skills.map((s) => s.name)).toEqual([
      "deploy",
      "lint",
    ]);
    const reloaded = await listSkills(proto, "l3", { cwds: [home.cwd], force_reload: true });
    expect((reloaded.skills as Array<{ skills: Msg[] }>)[0]?.skills).toContainEqual({
      name: "notes",
      description: "Write release notes",
      path: notes,
      scope: "user",
    });

    // The next turn tells the model the new list, and `$notes` works.
    await turn(proto, "t3", { items: [{ type: "text", text: "$notes for 1.2" }] });
    const third = messages(model.requests[2]?.body.input ?? []);
    const sections = third.filter((m) => m.startsWith("developer: ## Skills"));
    expect(sections).toHaveLength(2);
    expect(sections[1]).toContain(`- notes: Write release notes (file: ${notes})`);
    expect(third.at(-1)).toContain("NOTES-BODY");
    for (const e of proto.received) expect(Event.safeParse(e).success).toBe(true);
  });

  it("list_skills answers before configure_session, per cwd; a skill that cannot be read is a warning", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const sub = join(home.cwd, "pkg");
    write(join(sub, ".agents/skills/local/SKILL.md"), skill("local", "Only in pkg", "LOCAL"));
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    const listed = await listSkills(proto, "l", { cwds: [home.cwd, "pkg"] });
    const entries = listed.skills as Array<{ cwd: string; skills: Msg[] }>;
    expect(entries.map((e) => [e.cwd, e.skills.map((s) => s.name)])).toEqual([
      [home.cwd, []],
      [sub, ["local"]],
    ]);

    proto.send({ id: "c", op: { type: "configure_session" } });
    await proto.waitFor(is("session_configured", "c"));
    const events = await turn(proto, "t", {
      items: [
        { type: "text", text: "go" },
        { type: "skill", name: "gone", path: join(home.cwd, "missing/SKILL.md") },
      ],
    });
    expect(events.find((e) => e.type === "warning")?.message).toMatch(
      /^skill gone .* was not used: cannot read it/,
    );
    // No skills here: the model is not told about skills at all.
    expect(messages(model.requests[0]?.body.input ?? []).some((m) => m.includes("## Skills"))).toBe(false);
  });
});

describe("skills and project_root_markers", () => {
  it("repo skills are looked for up to the root the user's project_root_markers find, in list and turn", async () => {
    model = await startFakeModel();
    // cwd holds .git; the user's markers say a folder holding .hg is a project root instead.
    const home = makeHome(model.url, 'project_root_markers = [".hg"]');
    const mono = join(home.cwd, "mono");
    const app = join(mono, "app");
    mkdirSync(join(mono, ".hg"), { recursive: true });
    write(join(home.cwd, ".agents/skills/outer/SKILL.md"), skill("outer", "Above the root", "OUTER"));
    const inner = write(join(mono, ".agents/skills/inner/SKILL.md"), skill("inner", "At the root", "INNER"));
    const near = write(join(app, ".codex/skills/near/SKILL.md"), skill("near", "In cwd", "NEAR"));
    proto = await start(home, { cwd: app });

    const listed = await listSkills(proto, "l", { cwds: [app] });
    expect((listed.skills as Array<{ skills: Msg[] }>)[0]?.skills).toEqual([
      { name: "inner", description: "At the root", path: inner, scope: "repo" },
      { name: "near", description: "In cwd", path: near, scope: "repo" },
    ]);

    await turn(proto, "t", { items: [{ type: "text", text: "use $inner and $outer" }], cwd: app });
    const sent = messages(model.requests[0]?.body.input ?? []);
    const section = sent.find((m) => m.startsWith("developer: ## Skills")) ?? "";
    expect(section).toContain(`- inner: At the root (file: ${inner})`);
    expect(section).not.toContain("outer");
    expect(sent.join("\n")).toContain("INNER");
    expect(sent.join("\n")).not.toContain("OUTER");
  });
});

describe("mentions", () => {
  it("an app mention reaches the model as a note and warns that no connector is configured", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    proto = await start(home);
    const events = await turn(proto, "m", {
      items: [
        { type: "text", text: "file a bug" },
        { type: "mention", name: "Linear", path: "app://linear" },
      ],
    });
    expect(events.find((e) => e.type === "warning")?.message).toBe(
      "mention Linear (app://linear): no connector is configured for it; the model was told so",
    );
    expect(events.at(-1)?.type).toBe("task_complete");
    const user = model.requests[0]?.body.input?.at(-1) as { content: Array<{ text: string }> };
    expect(user.content.map((c) => c.text)).toEqual([
      "file a bug",
      expect.stringMatching(/^<mention name="Linear" path="app:\/\/linear">No connector is configured/),
    ]);
  });
});

describe("personality", () => {
  const FRIENDLY = "Personality: warm and encouraging.";
  const PRAGMATIC = "Personality: direct and pragmatic.";

  it.each([
    ["friendly", FRIENDLY, PRAGMATIC],
    ["pragmatic", PRAGMATIC, FRIENDLY],
    ["none", undefined, undefined],
  ])("%s fills the base instructions' placeholder", async (personality, present, absent) => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    proto = await start(home);
    await turn(proto, "t", { personality, items: [{ type: "text", text: "hi" }] });
    const base = messages(model.requests[0]?.body.input ?? [])[0] ?? "";
    expect(base).toMatch(/^developer: You are codex-ts/);
    expect(base).not.toContain("{{");
    if (present) expect(base).toContain(present);
    if (absent) expect(base).not.toContain(absent);
    if (personality === "none") {
      expect(base).not.toContain("Personality:");
      expect(base).toContain("safe, and helpful.\n\n## How you work");
    }
  });

  it("a change mid-thread is told to the model once and recorded in turn_context", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    proto = await start(home);
    const configured = msg(proto.received.find(is("session_configured"))!);
    await turn(proto, "t1", { items: [{ type: "text", text: "one" }] });
    proto.send({ id: "o", op: { type: "override_turn_context", personality: "friendly" } });
    await turn(proto, "t2", { items: [{ type: "text", text: "two" }] });
    await turn(proto, "t3", { items: [{ type: "text", text: "three" }] });
    const updates = (n: number) =>
      messages(model!.requests[n]?.body.input ?? []).filter((m) =>
        m.startsWith("developer: <personality_update>"),
      );
    expect(updates(0)).toEqual([]);
    expect(updates(1)).toHaveLength(1);
    expect(updates(1)[0]).toContain(FRIENDLY);
    expect(updates(2)).toHaveLength(1); // not repeated
    await proto.close();
    proto = undefined;
    const contexts = readFileSync(String(configured.rollout_path), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Msg)
      .filter((l) => l.type === "turn_context")
      .map((l) => (l.payload as Msg).personality);
    expect(contexts).toEqual([undefined, "friendly", "friendly"]);
  });
});
