// What the engine does beyond messages and commands, through `codex-ts app-server`: a plan-mode turn
// (plan item beside the agent message), skills/list, app/list against a connector directory, and
// thread/compact/start. Every message is checked against the real protocol's JSON Schema.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { PLAN, planReply } from "../support/plan-replies.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { startMcpHttpServer, type McpHttpServer } from "../support/mcp-http-server.js";

let directory: McpHttpServer | undefined;
// Registered first, so it runs after the app-server's teardown (vitest runs after-hooks in reverse).
afterEach(async () => {
  await directory?.close();
  directory = undefined;
});
const app = useAppServer();

const item = (p: Json) => p.item as Json;

describe("app-server items and listings", () => {
  it("a plan-mode turn: plan item with deltas, agent message without the block", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(planReply());
    await runTurn(c, threadId, "plan a cache", {
      params: { collaborationMode: { mode: "plan", settings: { model: "gpt-5.1-codex" } } },
    });
    const plan = c
      .notifications("item/completed")
      .map(item)
      .find((i) => i.type === "plan");
    expect(plan?.text).toBe(PLAN);
    const started = c
      .notifications("item/started")
      .map(item)
      .find((i) => i.type === "plan");
    expect(started).toMatchObject({ id: plan?.id, text: "" });
    const deltas = c.notifications("item/plan/delta").filter((p) => p.itemId === plan?.id);
    expect(deltas.map((p) => p.delta).join("")).toBe(PLAN);
    const message = c
      .notifications("item/completed")
      .map(item)
      .find((i) => i.type === "agentMessage");
    expect(message?.text).not.toContain("proposed_plan");
    expect(message?.text).toContain("Say go when ready.");

    const read = await c.call("thread/read", { threadId, includeTurns: true });
    const turns = (read.thread as Json).turns as Json[];
    expect((turns[0]?.items as Json[]).find((i) => i.type === "plan")).toMatchObject({ text: PLAN });
  });

  it("skills/list: two skills and one error for the cwd", async () => {
    const { home, client: c } = await app.start();
    const write = (path: string, text: string) => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    };
    const skill = (name: string, description: string) =>
      `---\nname: ${name}\ndescription: ${description}\n---\nBody of ${name}.\n`;
    write(join(home.cwd, ".agents/skills/deploy/SKILL.md"), skill("deploy", "Ship it"));
    write(join(home.cwd, ".codex/skills/lint/SKILL.md"), skill("lint", "Lint it"));
    write(join(home.cwd, ".agents/skills/broken/SKILL.md"), "# no front matter\n");
    const listed = await c.call("skills/list", { cwds: [home.cwd] });
    const entry = (listed.data as Json[])[0] as Json;
    expect(entry.cwd).toBe(home.cwd);
    expect((entry.skills as Json[]).map((s) => [s.name, s.scope, s.enabled]).sort()).toEqual([
      ["deploy", "repo", true],
      ["lint", "repo", true],
    ]);
    expect(entry.errors as Json[]).toHaveLength(1);

    // skills/extraRoots/set: one more folder searched for every cwd, until cleared.
    const extra = join(home.cwd, "..", "shared-skills");
    write(join(extra, "review/SKILL.md"), skill("review", "Review it"));
    expect(await c.call("skills/extraRoots/set", { extraRoots: [extra] })).toEqual({});
    const names = async () =>
      (((await c.call("skills/list", { cwds: [home.cwd] })).data as Json[])[0]!.skills as Json[])
        .map((s) => s.name)
        .sort();
    expect(await names()).toEqual(["deploy", "lint", "review"]);
    await c.call("skills/extraRoots/set", { extraRoots: [] });
    expect(await names()).toEqual(["deploy", "lint"]);
    const relative = await c.waitResponse(c.request("skills/extraRoots/set", { extraRoots: ["skills"] }));
    expect(relative.error).toMatchObject({ code: -32600 });
  });

  it("app/list: the connector directory's connectors", async () => {
    directory = await startMcpHttpServer([
      {
        name: "notes_list",
        description: "Lists notes.",
        inputSchema: { type: "object", properties: {} },
        _meta: { connector_id: "notes", connector_name: "Notes", connector_description: "Keeps notes" },
        run: () => "no notes",
      },
      {
        name: "mail_send",
        description: "Sends mail.",
        inputSchema: { type: "object", properties: {} },
        _meta: { connector_id: "mail", connector_name: "Mail", connector_description: "Your mail" },
        run: () => "sent",
      },
    ]);
    const { client: c } = await app.start({
      toml: `\n[connectors]\nurl = ${JSON.stringify(directory.url)}\ndisabled = ["mail"]\n`,
    });
    const apps = await c.call("app/list", {});
    expect((apps.data as Json[]).map((a) => [a.id, a.name, a.description, a.isEnabled]).sort()).toEqual([
      ["mail", "Mail", "Your mail", false],
      ["notes", "Notes", "Keeps notes", true],
    ]);
    const read = await c.call("app/read", { appIds: ["notes", "nope"], includeTools: true });
    expect(read).toEqual({
      apps: [
        {
          id: "notes",
          name: "Notes",
          toolSummaries: [{ name: "notes_list", description: "Lists notes.", isEnabled: true }],
        },
      ],
      missingAppIds: ["nope"],
    });
    const installed = await c.call("app/installed", {});
    expect((installed.apps as Json[]).map((a) => [a.id, a.enabled]).sort()).toEqual([
      ["mail", false],
      ["notes", true],
    ]);
  });

  it("thread/compact/start: a contextCompaction item", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("first"));
    await runTurn(c, threadId, "hello");
    model.push(reply.message("SUMMARY of the work"));
    expect(await c.call("thread/compact/start", { threadId })).toEqual({});
    const compacted = await c.waitNotification("item/completed", (p) => item(p).type === "contextCompaction");
    const turnId = compacted.turnId;
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === turnId);

    // As Codex: the summary request's usage counts, then the context left after compacting is reported
    // (`last`: an estimate of it), the totals unchanged, before the item completes.
    const usages = c
      .notifications("thread/tokenUsage/updated")
      .filter((p) => p.turnId === turnId)
      .map((p) => p.tokenUsage as Json);
    expect(usages).toHaveLength(2);
    const [spent, left] = usages as [Json, Json];
    const total = (u: Json) => (u.total as Json).totalTokens as number;
    expect(total(spent)).toBeGreaterThan((spent.last as Json).totalTokens as number);
    expect(left.total).toEqual(spent.total);
    expect(left.last).toMatchObject({ outputTokens: 0, totalTokens: expect.any(Number) });
    expect((left.last as Json).totalTokens).toBeGreaterThan(0);
    // The item opens as the compaction begins, so a client shows it running, and completes at its end.
    const order = c.received
      .map((m) =>
        m.method === "item/started" || m.method === "item/completed"
          ? `${m.method}:${String(item(m.params as Json).type)}`
          : m.method,
      )
      .filter((m) => m === "thread/tokenUsage/updated" || m?.endsWith(":contextCompaction"));
    expect(order.slice(-4)).toEqual([
      "item/started:contextCompaction",
      "thread/tokenUsage/updated",
      "thread/tokenUsage/updated",
      "item/completed:contextCompaction",
    ]);
  });
});
