// Config keys that shape the developer instructions the model receives: `personality` (with `[features]
// personality`) and `include_collaboration_mode_instructions`, seen in the requests the fake model got.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";
import { runTurn, startThread, useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();

type Json = Record<string, unknown>;
let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const PLAN_OPENING = readFileSync("prompts/collaboration_mode/plan.md", "utf8").split("\n")[0] ?? "";

function developerTexts(request: { body: Json } | undefined): string[] {
  return ((request?.body.input ?? []) as Json[])
    .filter((i) => i.type === "message" && i.role === "developer")
    .map((i) => (i.content as Array<{ text?: string }>).map((c) => c.text ?? "").join(""));
}

/** One `exec` turn; the developer messages of the first request. */
async function instructions(toml: string, args: string[] = []): Promise<string[]> {
  model = await startFakeModel({ replies: [reply.message("done")] });
  const home = makeHome(model.url, toml);
  const run = await runCli(["exec", ...args, "hello"], { env: home.env, cwd: home.cwd });
  expect(run.code).toBe(0);
  return developerTexts(model.requests[0]);
}

describe("personality", () => {
  it("friendly, pragmatic (the default) or none changes the base instructions", async () => {
    const friendly = (await instructions('personality = "friendly"'))[0] ?? "";
    expect(friendly).toContain("Personality: warm and encouraging");
    await model?.close();
    const byDefault = (await instructions(""))[0] ?? "";
    expect(byDefault).toContain("Personality: direct and pragmatic");
    await model?.close();
    const none = (await instructions("", ["-c", 'personality="none"']))[0] ?? "";
    expect(none).not.toContain("Personality:");
    expect(none).toContain("You are codex-ts");
  });

  it("comes from a profile; [features] personality = false leaves it out", async () => {
    const profile = '[profiles.kind]\npersonality = "friendly"\n';
    expect((await instructions(profile, ["-p", "kind"]))[0]).toContain("warm and encouraging");
    await model?.close();
    const off = await instructions('personality = "friendly"\n[features]\npersonality = false\n');
    expect(off[0]).toContain("direct and pragmatic");
  });

  it("app-server: the thread starts with it; a turn's own personality changes it and the model is told", async () => {
    const { client: c, model: m } = await app.start({ toml: 'personality = "friendly"' });
    const threadId = await startThread(c, {});
    // Asking for the configured one changes nothing: no thread/settings/updated.
    await runTurn(c, threadId, "one", { params: { personality: "friendly" } });
    expect(c.received.filter((n) => n.method === "thread/settings/updated")).toHaveLength(0);
    expect(developerTexts(m.requests[0])[0]).toContain("warm and encouraging");
    const from = c.received.length;
    await runTurn(c, threadId, "two", { params: { personality: "pragmatic" } });
    const updated = await c.waitNotification("thread/settings/updated", () => true, { from });
    expect((updated.threadSettings as Json).personality).toBe("pragmatic");
    expect(developerTexts(m.requests[1]).some((t) => t.includes("direct and pragmatic"))).toBe(true);
  });

  it("an unknown value is a clear error", async () => {
    model = await startFakeModel({ replies: [reply.message("done")] });
    const home = makeHome(model.url, 'personality = "grumpy"');
    const run = await runCli(["exec", "hello"], { env: home.env, cwd: home.cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("personality");
    expect(model.requests).toHaveLength(0);
  });
});

describe("include_collaboration_mode_instructions", () => {
  it("by default a plan-mode turn carries plan mode's instructions; false leaves them out", async () => {
    expect(PLAN_OPENING.length).toBeGreaterThan(10);
    const withThem = await instructions("", ["-c", "collaboration_mode=plan"]);
    expect(withThem.some((t) => t.includes(PLAN_OPENING))).toBe(true);
    await model?.close();
    const without = await instructions("include_collaboration_mode_instructions = false", [
      "-c",
      "collaboration_mode=plan",
    ]);
    expect(without.some((t) => t.includes(PLAN_OPENING))).toBe(false);
    expect(without[0]).toContain("You are codex-ts");
  });
});
