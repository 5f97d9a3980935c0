// thread/start's sessionStartSource: `clear` (a client starting over from another thread, as Codex's TUI does
// for /new) reaches the SessionStart hooks as their source; without it the source is `startup`.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { hookLog, nodeHook, writeHooksJson } from "../support/hooks.js";

const app = useAppServer();

describe("app-server SessionStart source", () => {
  it("thread/start with sessionStartSource clear runs SessionStart hooks with source clear", async () => {
    const { home, model } = await app.startModel();
    const log = join(home.codexHome, "start.log");
    writeHooksJson(home.codexHome, {
      SessionStart: [{ command: nodeHook(home.codexHome, "start", { log }) }],
    });
    const c = await app.spawn(home);
    const [hook] = ((await c.call("hooks/list", { cwds: [home.cwd] })).data as Json[])[0]?.hooks as Json[];
    await c.call("config/batchWrite", {
      edits: [
        {
          keyPath: `hooks.state.${JSON.stringify(hook!.key)}.trusted_hash`,
          value: hook!.currentHash,
          mergeStrategy: "replace",
        },
      ],
    });

    const cleared = await startThread(c, { cwd: home.cwd, sessionStartSource: "clear" });
    model.push(reply.message("one"));
    expect((await runTurn(c, cleared, "first")).status).toBe("completed");
    const fresh = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("two"));
    expect((await runTurn(c, fresh, "second")).status).toBe("completed");

    expect(hookLog(log).map((e) => [e.session_id, e.source])).toEqual([
      [cleared, "clear"],
      [fresh, "startup"],
    ]);
  });
});
