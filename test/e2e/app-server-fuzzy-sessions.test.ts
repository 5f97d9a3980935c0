// The streamed fuzzy file search through `codex-ts app-server`: a session started with roots answers each
// update at once, then sends that query's matches (fuzzyFileSearch/sessionUpdated) and sessionCompleted;
// a stopped or unknown session is refused as Codex 0.169 refuses it, and the server keeps answering. Only
// clients that opted in to the experimental API may use them, as with Codex.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import type { AppServerClient } from "../support/app-server-client.js";
import { scratchDir } from "../support/scratch.js";

const app = useAppServer();

function project(files: Record<string, string>): string {
  const root = scratchDir("codex-ts-fuzzy-session-");
  execFileSync("git", ["init", "-q"], { cwd: root });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function errorOf(c: AppServerClient, method: string, params: unknown): Promise<Json> {
  const response = await c.waitResponse(c.request(method, params));
  expect(response, method).toHaveProperty("error");
  return response.error as Json;
}

describe("app-server fuzzyFileSearch sessions", () => {
  it("streams each update's matches, then completes; refuses stopped and unknown sessions", async () => {
    const { home } = await app.startModel();
    const plain = await app.spawn(home);
    expect(
      await errorOf(plain, "fuzzyFileSearch/sessionStart", { sessionId: "s0", roots: [home.cwd] }),
    ).toEqual({
      code: -32600,
      message: "fuzzyFileSearch/sessionStart requires experimentalApi capability",
    });
    const c = await app.spawn(home, { initialize: false });
    await c.call("initialize", {
      clientInfo: { name: "ide", title: null, version: "1.0.0" },
      capabilities: { experimentalApi: true },
    });
    c.notify("initialized");
    const root = project({
      ".gitignore": "build/\n",
      "src/alpha.ts": "",
      "beta.md": "",
      "build/alpha.js": "",
    });

    expect(await c.call("fuzzyFileSearch/sessionStart", { sessionId: "s1", roots: [root] })).toEqual({});
    expect(await c.call("fuzzyFileSearch/sessionUpdate", { sessionId: "s1", query: "alp" })).toEqual({});
    const updated = await c.waitNotification("fuzzyFileSearch/sessionUpdated", (p) => p.query === "alp");
    expect(updated.sessionId).toBe("s1");
    // The listing holds `.git` too, as Codex's does (git's sample hooks match "alp").
    const outsideGit = (files: Json[]) => files.filter((f) => !(f.path as string).startsWith(".git/"));
    expect(outsideGit(updated.files as Json[]).map((f) => [f.root, f.path])).toEqual([
      [root, "src/alpha.ts"],
    ]);
    expect((updated.files as Json[])[0]).toMatchObject({ file_name: "alpha.ts", match_type: "file" });
    await c.waitNotification("fuzzyFileSearch/sessionCompleted", (p) => p.sessionId === "s1");

    // A second query on the same session.
    const from = c.received.length;
    await c.call("fuzzyFileSearch/sessionUpdate", { sessionId: "s1", query: "beta" });
    const second = await c.waitNotification("fuzzyFileSearch/sessionUpdated", (p) => p.query === "beta");
    expect(outsideGit(second.files as Json[]).map((f) => f.path)).toEqual(["beta.md"]);
    await c.waitNotification("fuzzyFileSearch/sessionCompleted", (p) => p.sessionId === "s1", { from });

    expect(
      await errorOf(c, "fuzzyFileSearch/sessionUpdate", { sessionId: "nope", query: "b" }),
    ).toMatchObject({
      code: -32600,
      message: "fuzzy file search session not found: nope",
    });
    const noId = await errorOf(c, "fuzzyFileSearch/sessionStart", { roots: [root] });
    expect(noId.message).toMatch(/sessionId/);
    expect(await c.call("fuzzyFileSearch/sessionStop", { sessionId: "s1" })).toEqual({});
    expect(await errorOf(c, "fuzzyFileSearch/sessionUpdate", { sessionId: "s1", query: "b" })).toMatchObject({
      message: "fuzzy file search session not found: s1",
    });
    const plainSearch = await c.call("fuzzyFileSearch", { query: "beta", roots: [root] });
    expect(outsideGit(plainSearch.files as Json[])).toHaveLength(1);
  });
});
