// imageView items, turn/diff/updated, and configWarning through the app-server.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply, sse } from "../support/fake-model.js";
import { startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

const PATCH = [
  "*** Begin Patch",
  "*** Update File: notes.txt",
  "@@",
  "-old line",
  "+new line",
  "*** Add File: added.txt",
  "+hello",
  "*** End Patch",
].join("\n");

describe("app-server turn extras", () => {
  it("an image the model looked at is an imageView item; applied patches update the turn diff", async () => {
    const { home } = await app.startModel({
      model: {
        replies: [
          reply.functionCall("view_image", { path: "shot.png" }, "img1"),
          { events: [sse.created(), sse.customToolCall("apply_patch", PATCH, "patch1"), sse.completed()] },
          reply.message("done"),
        ],
      },
    });
    writeFileSync(join(home.cwd, "shot.png"), Buffer.from("89504e470d0a1a0a0000", "hex"));
    writeFileSync(join(home.cwd, "notes.txt"), "old line\n");
    const client = await app.spawn(home);
    const threadId = await startThread(client, { cwd: home.cwd, sandbox: "workspace-write" });
    const turn = (
      await client.call("turn/start", {
        threadId,
        input: [{ type: "text", text: "look and fix", text_elements: [] }],
      })
    ).turn as Json;
    await client.waitNotification("turn/completed", (p) => (p.turn as Json).id === turn.id);

    const images = client
      .notifications("item/completed")
      .filter((p) => (p.item as Json).type === "imageView");
    expect(images.map((p) => p.item)).toEqual([
      {
        type: "imageView",
        id: "img1",
        path: join(home.cwd, "shot.png"),
        startedAtMs: expect.any(Number),
        completedAtMs: images[0]?.completedAtMs,
      },
    ]);
    const diffs = client.notifications("turn/diff/updated");
    expect(diffs).toHaveLength(1);
    expect(diffs[0]).toMatchObject({ threadId, turnId: turn.id });
    const diff = String(diffs[0]?.diff);
    // Repository-relative paths, one section per file sorted by path, modes and blob ids as git shows them.
    expect(diff).toMatch(
      /^diff --git a\/added\.txt b\/added\.txt\nnew file mode 100644\nindex 0{40}\.\.[0-9a-f]{40}\n--- \/dev\/null\n\+\+\+ b\/added\.txt\n@@ -0,0 \+1 @@\n\+hello\n/,
    );
    expect(diff).toMatch(
      /diff --git a\/notes\.txt b\/notes\.txt\nindex [0-9a-f]{40}\.\.[0-9a-f]{40}\n--- a\/notes\.txt\n\+\+\+ b\/notes\.txt\n@@ -1 \+1 @@\n-old line\n\+new line\n$/,
    );
    expect(diff).not.toContain(home.cwd);
  });

  it("a project config that is not trusted is reported as a configWarning", async () => {
    const { home } = await app.startModel();
    mkdirSync(join(home.cwd, ".codex"));
    writeFileSync(join(home.cwd, ".codex", "config.toml"), 'model = "project-model"\n');
    const client = await app.spawn(home);
    await client.call("thread/start", { cwd: home.cwd });
    const warning = await client.waitNotification("configWarning");
    expect(warning).toMatchObject({ path: join(home.cwd, ".codex", "config.toml") });
    expect(String(warning.summary)).toMatch(/not a trusted project/);
  });
});
