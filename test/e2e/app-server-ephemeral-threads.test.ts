// thread/start and thread/fork with `ephemeral: true`, as the real Codex 0.169 answers: the thread runs turns
// but records nothing (no rollout file, not listed), and what needs its recorded history is refused.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, useAppServer, type Json } from "../support/app-server-fixture.js";
import type { AppServerClient } from "../support/app-server-client.js";

const app = useAppServer();

async function errorOf(c: AppServerClient, method: string, params: unknown): Promise<Json> {
  const response = await c.waitResponse(c.request(method, params));
  expect(response, method).toHaveProperty("error");
  return response.error as Json;
}

/** Every file under a folder, recursively (none when it does not exist). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe("ephemeral threads", () => {
  it("run turns, record nothing, are not listed, and refuse history, names, fork and archive", async () => {
    const { home, model, client: c } = await app.start();
    const started = await c.call("thread/start", { cwd: home.cwd, ephemeral: true });
    const thread = started.thread as Json;
    expect(thread).toMatchObject({ ephemeral: true, path: null });
    const threadId = thread.id as string;
    model.push(reply.message("kept in memory"));
    expect(await runTurn(c, threadId, "hello")).toMatchObject({ status: "completed" });

    expect(filesUnder(join(home.codexHome, "sessions"))).toEqual([]);
    const listed = await c.call("thread/list", {});
    expect((listed.data as Json[]).map((t) => t.id)).not.toContain(threadId);
    // Without its turns it can be read.
    const read = await c.call("thread/read", { threadId });
    expect(read.thread).toMatchObject({ id: threadId, ephemeral: true, path: null });

    const refusals: Array<[string, Json, string]> = [
      ["thread/read", { threadId, includeTurns: true }, "ephemeral threads do not support includeTurns"],
      ["thread/turns/list", { threadId }, "ephemeral threads do not support thread/turns/list"],
      ["thread/items/list", { threadId }, "ephemeral threads do not support thread/items/list"],
      [
        "thread/name/set",
        { threadId, name: "x" },
        `ephemeral thread does not support metadata updates: ${threadId}`,
      ],
      ["thread/fork", { threadId }, `no rollout found for thread id ${threadId}`],
      ["thread/archive", { threadId }, `no rollout found for thread id ${threadId}`],
    ];
    for (const [method, params, message] of refusals) {
      expect(await errorOf(c, method, params), method).toMatchObject({ code: -32600, message });
    }
    // Still loaded and usable after the refusals.
    model.push(reply.message("again"));
    expect(await runTurn(c, threadId, "still there?")).toMatchObject({ status: "completed" });
    expect(filesUnder(join(home.codexHome, "sessions"))).toEqual([]);
  });

  it("a recorded thread forked with ephemeral: the fork records nothing, the source is untouched", async () => {
    const { home, model, client: c } = await app.start();
    const source = ((await c.call("thread/start", { cwd: home.cwd })).thread as Json).id as string;
    model.push(reply.message("first"));
    await runTurn(c, source, "one");
    const before = filesUnder(join(home.codexHome, "sessions"));
    expect(before).toHaveLength(1);

    const forked = (await c.call("thread/fork", { threadId: source, ephemeral: true })).thread as Json;
    expect(forked).toMatchObject({ ephemeral: true, path: null });
    model.push(reply.message("second"));
    expect(await runTurn(c, forked.id as string, "two")).toMatchObject({ status: "completed" });
    // The fork saw the source's conversation.
    const inputs = JSON.stringify(model.requests.at(-1)?.body.input ?? []);
    expect(inputs).toContain("one");
    expect(filesUnder(join(home.codexHome, "sessions"))).toEqual(before);
  });
});
