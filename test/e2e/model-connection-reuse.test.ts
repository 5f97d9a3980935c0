// The model client keeps its connection: the turns of a session reach the model over one keep-alive
// connection instead of a new one per request (a response is drained, not destroyed, at its final event).
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();

describe("model connection", () => {
  it("serves the requests of consecutive turns over one connection", async () => {
    const { home, model, client } = await app.start({ model: { fallback: reply.message("ok") } });
    const threadId = await startThread(client, { cwd: home.cwd });
    for (let i = 0; i < 3; i++) await runTurn(client, threadId, `turn ${i}`);
    const ports = model.requests.filter((r) => r.path.endsWith("/responses")).map((r) => r.clientPort);
    expect(ports).toHaveLength(3);
    expect(new Set(ports).size).toBe(1);
  });
});
