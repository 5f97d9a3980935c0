// thread/revert and thread/rollback on a thread that is on disk but not loaded in this app-server answer as
// Codex 0.169 does ("thread not found", nothing loaded, the file untouched); after thread/resume they work.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import type { AppServerClient } from "../support/app-server-client.js";
import { contextLines, metaLine, turnLines, writeRolloutFile } from "../support/rollout-files.js";

const app = useAppServer();

async function errorOf(c: AppServerClient, method: string, params: unknown): Promise<Json> {
  const response = await c.waitResponse(c.request(method, params));
  expect(response, method).toHaveProperty("error");
  return response.error as Json;
}

describe("app-server revert and rollback of a thread not loaded", () => {
  it("answers thread not found until the thread is resumed, leaving its file as it was", async () => {
    const { home, client } = await app.start();
    const id = "0199a000-0000-7000-8000-000000000001";
    const lines = [
      metaLine(id, { source: "vscode", cwd: home.cwd }),
      ...contextLines(),
      ...turnLines(1),
      ...turnLines(2),
    ];
    const { path } = writeRolloutFile(home.codexHome, lines, { id });
    const before = readFileSync(path, "utf8");

    const notFound = { code: -32600, message: `thread not found: ${id}` };
    expect(await errorOf(client, "thread/revert", { threadId: id, beforeTurnId: "turn-2" })).toMatchObject(
      notFound,
    );
    expect(await errorOf(client, "thread/rollback", { threadId: id, numTurns: 1 })).toMatchObject(notFound);
    expect((await client.call("thread/loaded/list", {})).data).toEqual([]);
    expect(readFileSync(path, "utf8")).toBe(before);

    // Resumed, the same revert drops the second turn.
    await client.call("thread/resume", { threadId: id, excludeTurns: true });
    const reverted = await client.call("thread/revert", { threadId: id, beforeTurnId: "turn-2" });
    expect((reverted.thread as Json).id).toBe(id);
    const read = await client.call("thread/read", { threadId: id, includeTurns: true });
    expect(((read.thread as Json).turns as Json[]).map((t) => t.id)).toEqual(["turn-1"]);
  });
});
