/* eslint-disable @typescript-eslint/ban-ts-comment -- untyped JSON from two servers; a by-hand tool, not built or tested */
// @ts-nocheck -- a by-hand tool reading two servers' untyped JSON; not part of the build or the tests.
// The sessions the differential run plays against both servers, in order. Each gets the driver's client.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const init = async (c) => {
  // DIFF_EXPERIMENTAL=1: opt in to the experimental methods (thread/readState/update needs it).
  const capabilities = process.env.DIFF_EXPERIMENTAL ? { capabilities: { experimentalApi: true } } : {};
  await c.request("initialize", {
    clientInfo: { name: "diff", title: null, version: "1.0.0" },
    ...capabilities,
  });
  c.notify("initialized");
};

async function startThread(c) {
  const r = await c.request("thread/start", { cwd: c.work });
  return r.result.thread.id;
}

async function turn(c, threadId, text) {
  const r = await c.request("turn/start", { threadId, input: [{ type: "text", text }] });
  await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
  return r;
}

export const sessions = {
  async handshake(c) {
    await init(c);
  },
  async basics(c) {
    const threadId = await startThread(c);
    await turn(c, threadId, "run: echo hello > out.txt && cat out.txt");
    await c.request("thread/read", { threadId });
    await c.request("thread/read", { threadId, includeTurns: true });
    await c.request("thread/list", {});
    await c.request("thread/turns/list", { threadId });
    await c.request("thread/items/list", { threadId });
    const fork = await c.request("thread/fork", { threadId });
    await c.request("thread/list", {});
    await c.request("thread/unsubscribe", { threadId });
    await c.request("thread/resume", { threadId });
    await turn(c, threadId, "again");
    if (fork.result) await c.request("thread/archive", { threadId: fork.result.thread.id });
    await c.request("fs/readFile", { path: `${c.work}/out.txt` });
    await c.request("fs/readDirectory", { path: c.work });
    await c.request("fs/getMetadata", { path: `${c.work}/README.md` });
    await c.request("fs/writeFile", { path: `${c.work}/new.txt`, dataBase64: "aGk=" });
    await c.request("fs/createDirectory", { path: `${c.work}/sub` });
    await c.request("fs/copy", { sourcePath: `${c.work}/new.txt`, destinationPath: `${c.work}/sub/new.txt` });
    await c.request("fs/remove", { path: `${c.work}/sub`, recursive: true });
    await c.request("fs/readFile", { path: `${c.work}/missing.txt` });
    await c.request("command/exec", { command: ["sh", "-c", "echo out; echo err >&2"], cwd: c.work });
    await c.request("command/exec", { command: [] });
    await c.request("thread/read", { threadId: "00000000-0000-0000-0000-000000000000" });
    await c.request("no/such/method", {});
    await c.request("turn/start", { threadId });
    await c.request("model/list", {});
    await c.request("config/read", { cwd: c.work });
    await c.request("account/read", {});
  },
  async settings(c) {
    const threadId = await startThread(c);
    const r = await c.request("turn/start", {
      threadId,
      input: [{ type: "text", text: "with overrides" }],
      model: "gpt-5.1-codex-mini",
      approvalPolicy: "on-request",
      effort: "high",
    });
    await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
    await turn(c, threadId, "same settings");
    return r;
  },
  async shellCommand(c) {
    const threadId = await startThread(c);
    await c.request("thread/shellCommand", { threadId, command: "echo from-shell | tr a-z A-Z" });
    await c.waitFor("item/completed", (m) => m.params.item?.type === "commandExecution");
    await c.waitFor("turn/completed", (m) => m.params.threadId === threadId).catch(() => undefined);
    await c.request("thread/read", { threadId, includeTurns: true });
    await turn(c, threadId, "after shell");
    await c.request("thread/shellCommand", { threadId: "nope", command: "true" });
    await c.request("thread/shellCommand", { threadId, command: "" });
  },
  async injectItems(c) {
    const threadId = await startThread(c);
    await c.request("thread/inject_items", {
      threadId,
      items: [{ type: "message", role: "user", content: [{ type: "input_text", text: "injected note" }] }],
    });
    await c.request("thread/read", { threadId, includeTurns: true });
    await turn(c, threadId, "after inject");
    await c.request("thread/read", { threadId, includeTurns: true });
    await c.request("thread/inject_items", { threadId, items: [{ bogus: 1 }] });
    await c.request("thread/inject_items", { threadId: "nope", items: [] });
  },
  async readState(c) {
    const threadId = await startThread(c);
    await c.request("thread/read", { threadId });
    await turn(c, threadId, "first");
    await turn(c, threadId, "second");
    const read = await c.request("thread/read", { threadId });
    await c.request("thread/readState/update", {});
    const revision = read.result?.readState?.revision;
    await c.request("thread/readState/update", {
      threadId,
      operation: { type: "read" },
      expectedRevision: "stale",
    });
    await c.request("thread/readState/update", {
      threadId,
      operation: { type: "read" },
      expectedRevision: revision,
    });
    await c.request("thread/read", { threadId });
    await c.request("thread/list", {});
    await turn(c, threadId, "third");
    const after = await c.request("thread/read", { threadId });
    await c.request("thread/readState/update", {
      threadId,
      operation: { type: "unread" },
      expectedRevision: "stale",
    });
    await c.request("thread/read", { threadId });
    await c.request("thread/readState/update", {
      threadId,
      operation: { type: "read" },
      expectedRevision: after.result?.readState?.revision,
    });
    await c.request("thread/unsubscribe", { threadId });
    await c.request("thread/resume", { threadId, excludeTurns: true });
    await c.request("thread/read", { threadId });
  },
  async externalAgent(c) {
    writeFileSync(join(c.work, "CLAUDE.md"), "# Rules\nUse tabs.\n");
    writeFileSync(
      join(c.work, ".mcp.json"),
      JSON.stringify({ mcpServers: { docs: { command: "npx", args: ["-y", "docs-mcp"], env: { A: "1" } } } }),
    );
    const home = join(c.work, "..");
    mkdirSync(join(home, ".claude", "skills", "lint"), { recursive: true });
    writeFileSync(
      join(home, ".claude", "skills", "lint", "SKILL.md"),
      "---\nname: lint\ndescription: run the linter\n---\nRun it.\n",
    );
    writeFileSync(join(home, ".claude", "CLAUDE.md"), "Be brief.\n");
    writeFileSync(
      join(home, ".claude.json"),
      JSON.stringify({ mcpServers: { web: { type: "http", url: "http://127.0.0.1:9/mcp" } } }),
    );
    writeFileSync(
      join(home, ".claude", "settings.json"),
      JSON.stringify({ model: "sonnet", env: { X: "1" } }),
    );
    const d = await c.request("externalAgentConfig/detect", { includeHome: true, cwds: [c.work] });
    const items = d.result?.items ?? [];
    const r = await c.request("externalAgentConfig/import", { migrationItems: items });
    await c.waitFor("externalAgentConfig/import/completed").catch(() => undefined);
    await c.request("externalAgentConfig/import/readHistories", {});
    await c.request("externalAgentConfig/import/recordHistory", {
      providerId: "p1",
      itemTypeResults: [{ itemType: "AGENTS_MD", successes: [{ itemType: "AGENTS_MD" }], failures: [] }],
    });
    await c.request("externalAgentConfig/import/readHistories", {});
    await c.request("externalAgentConfig/detect", { includeHome: true, cwds: [c.work] });
    return r;
  },
  // thread/rollback and thread/revert on a thread on disk that this server has not loaded.
  async unloadedRollback(c) {
    await init(c);
    const id = "01a2022c-4e14-7020-81d0-da7c0d084d6f";
    const dir = join(c.home, "sessions", "2026", "11", "22");
    mkdirSync(dir, { recursive: true });
    const fixture = new URL("../../test/fixtures/rollouts/real-codex-0.169.jsonl", import.meta.url);
    writeFileSync(join(dir, `rollout-2026-11-22T07-33-07-${id}.jsonl`), readFileSync(fixture));
    await c.request("thread/revert", { threadId: id, beforeTurnId: "no-such-turn" });
    await c.request("thread/loaded/list", {});
    await c.request("thread/rollback", { threadId: id, numTurns: 1 });
    await c.request("thread/loaded/list", {});
    await c.request("thread/read", { threadId: id, includeTurns: true });
  },
  // The streamed fuzzy file search (experimental API: run with DIFF_EXPERIMENTAL=1).
  async fuzzySession(c) {
    await init(c);
    mkdirSync(join(c.work, "src"), { recursive: true });
    writeFileSync(join(c.work, "src", "alpha.ts"), "a\n");
    writeFileSync(join(c.work, "beta.md"), "b\n");
    await c.request("fuzzyFileSearch/sessionStart", {});
    await c.request("fuzzyFileSearch/sessionStart", { sessionId: "s1", roots: [c.work] });
    await c.request("fuzzyFileSearch/sessionUpdate", { sessionId: "s1", query: "alp" });
    await c.waitFor("fuzzyFileSearch/sessionCompleted", (m) => m.params.sessionId === "s1");
    await c.request("fuzzyFileSearch/sessionUpdate", { sessionId: "nope", query: "b" });
    await c.request("fuzzyFileSearch/sessionStop", { sessionId: "s1" });
    await c.request("fuzzyFileSearch/sessionUpdate", { sessionId: "s1", query: "b" });
  },
  // thread/list oldest first and the backwards cursor, over three copies of a real rollout.
  async listOrder(c) {
    await init(c);
    const fixture = readFileSync(
      new URL("../../test/fixtures/rollouts/real-codex-0.169.jsonl", import.meta.url),
      "utf8",
    );
    const dir = join(c.home, "sessions", "2026", "11", "22");
    mkdirSync(dir, { recursive: true });
    for (const n of [1, 2, 3]) {
      const id = `01a2022c-4e14-7020-81d0-da7c0d084d6${n}`;
      const text = fixture
        .replaceAll("01a2022c-4e14-7020-81d0-da7c0d084d6f", id)
        .replaceAll("07:33:07", `07:3${n}:07`);
      writeFileSync(join(dir, `rollout-2026-11-22T07-3${n}-07-${id}.jsonl`), text);
    }
    const exec = { sourceKinds: ["exec"] };
    const a1 = await c.request("thread/list", { ...exec, sortDirection: "asc", limit: 2 });
    const a2 = await c.request("thread/list", {
      ...exec,
      sortDirection: "asc",
      limit: 2,
      cursor: a1.result?.nextCursor,
    });
    await c.request("thread/list", { ...exec, sortDirection: "desc", cursor: a2.result?.backwardsCursor });
    await c.request("thread/list", { ...exec, sortDirection: "desc", cursor: a1.result?.backwardsCursor });
    const d1 = await c.request("thread/list", { ...exec, limit: 1 });
    await c.request("thread/list", { ...exec, sortDirection: "asc", cursor: d1.result?.backwardsCursor });
  },
};
