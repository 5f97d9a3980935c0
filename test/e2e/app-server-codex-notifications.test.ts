// Notifications Codex 0.169 sends that a client may wait for, each through the built `codex-ts app-server`.
import { describe, expect, it } from "vitest";
import { hostname } from "node:os";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();

describe("app-server notifications as Codex sends them", () => {
  it("tells the client after initialize that remote control is disabled, with this home's installation id", async () => {
    const { home, client: c } = await app.start();
    const status = await c.waitNotification("remoteControl/status/changed");
    const id = readFileSync(join(home.codexHome, "installation_id"), "utf8").trim();
    expect(status).toEqual({
      status: "disabled",
      serverName: hostname(),
      installationId: id,
      environmentId: null,
    });
    // A second server on the same home keeps the id.
    const again = await app.spawn(home);
    expect(await again.waitNotification("remoteControl/status/changed")).toMatchObject({
      installationId: id,
    });
  });

  it("skills/changed before the answer to skills/extraRoots/set", async () => {
    const { home, client: c } = await app.start();
    const extra = join(home.cwd, "extra-skills");
    mkdirSync(extra);
    const id = c.request("skills/extraRoots/set", { extraRoots: [extra] });
    await c.waitResponse(id);
    const changed = c.received.findIndex((m) => m.method === "skills/changed");
    const answer = c.received.findIndex((m) => m.id === id);
    expect(changed).toBeGreaterThanOrEqual(0);
    expect(changed).toBeLessThan(answer);
  });

  it("a turn on a model codex-ts knows no context window for starts with a warning", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("known"));
    await runTurn(c, threadId, "hi");
    expect(c.received.some((m) => m.method === "warning")).toBe(false);

    model.push(reply.message("unknown"));
    await runTurn(c, threadId, "hi", { params: { model: "mystery-model" } });
    const warning = await c.waitNotification("warning");
    expect(warning.threadId).toBe(threadId);
    expect(String(warning.message)).toContain("Model metadata for `mystery-model` not found");
  });
});
