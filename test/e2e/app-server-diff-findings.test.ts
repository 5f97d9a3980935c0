// Behaviours the differential run against the real Codex 0.169 (scripts/app-server-diff/) found different
// in ways that break a client, each held here through the built `codex-ts app-server`.
import { describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();
const b64 = (s: string) => Buffer.from(s).toString("base64");
const text = (p: Json) => Buffer.from(String(p.deltaBase64), "base64").toString();

describe("app-server as the differential run found it", () => {
  it("command/exec: write, resize and terminate sent with the request (before the child runs) reach it", async () => {
    const { client: c } = await app.start();
    const [cat, write, close] = c.requestTogether([
      ["command/exec", { command: ["cat"], processId: "p1", streamStdin: true, streamStdoutStderr: true }],
      ["command/exec/write", { processId: "p1", deltaBase64: b64("hi\n") }],
      ["command/exec/write", { processId: "p1", closeStdin: true }],
    ]) as [number, number, number];
    expect((await c.waitResponse(write)).result).toEqual({});
    expect((await c.waitResponse(close)).result).toEqual({});
    const delta = await c.waitNotification("command/exec/outputDelta", (p) => p.processId === "p1");
    expect(text(delta)).toBe("hi\n");
    expect((await c.waitResponse(cat)).result).toEqual({ exitCode: 0, stdout: "", stderr: "" });

    const [tty, resize, terminate] = c.requestTogether([
      [
        "command/exec",
        { command: ["sleep", "30"], processId: "p2", tty: true, size: { rows: 24, cols: 80 } },
      ],
      ["command/exec/resize", { processId: "p2", size: { rows: 30, cols: 100 } }],
      ["command/exec/terminate", { processId: "p2" }],
    ]) as [number, number, number];
    expect((await c.waitResponse(resize)).result).toEqual({});
    expect((await c.waitResponse(terminate)).result).toEqual({});
    expect(((await c.waitResponse(tty)).result as Json).exitCode).not.toBe(0);
  });
});
