// thread/shellCommand (the user's own command: a turn of its own, a commandExecution item with source
// userShell, recorded for the model) and thread/inject_items (raw items the next request carries).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import type { AppServerClient } from "../support/app-server-client.js";

const app = useAppServer();

async function errorOf(c: AppServerClient, method: string, params: unknown): Promise<Json> {
  const response = await c.waitResponse(c.request(method, params));
  expect(response, method).toHaveProperty("error");
  return response.error as Json;
}

function inputTexts(input: Json[] | undefined): string[] {
  return (input ?? [])
    .filter((item) => item.type === "message" && item.role === "user")
    .map((item) =>
      ((item.content as Json[]) ?? []).map((c) => (typeof c.text === "string" ? c.text : "")).join(""),
    );
}

describe("app-server thread input", () => {
  it("thread/shellCommand runs the user's command as a turn the model then sees", async () => {
    const { home, model, client: c } = await app.start({ toml: 'sandbox_mode = "read-only"' });
    const threadId = await startThread(c, { cwd: home.cwd });
    // Outside the workspace, under a read-only sandbox: the user's own command has full access, as in Codex.
    const outside = join(dirname(home.cwd), "written-by-user.txt");
    const from = c.received.length;
    expect(
      await c.call("thread/shellCommand", {
        threadId,
        command: `echo shell-out | tr a-z A-Z | tee ${outside}`,
      }),
    ).toEqual({});
    const completed = await c.waitNotification("turn/completed", (p) => p.threadId === threadId, { from });
    const turn = completed.turn as Json;
    const items = turn.items as Json[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: "commandExecution",
      source: "userShell",
      status: "completed",
      exitCode: 0,
      aggregatedOutput: "SHELL-OUT\n",
      cwd: home.cwd,
      commandActions: [{ type: "unknown", command: `echo shell-out | tr a-z A-Z | tee ${outside}` }],
    });
    expect(readFileSync(outside, "utf8")).toBe("SHELL-OUT\n");
    const deltas = c.notifications("item/commandExecution/outputDelta").map((p) => p.delta);
    expect(deltas.join("")).toBe("SHELL-OUT\n");

    // thread/read shows the turn with its command, no user message.
    const read = await c.call("thread/read", { threadId, includeTurns: true });
    const turns = (read.thread as Json).turns as Json[];
    expect(turns.map((t) => t.id)).toEqual([turn.id]);
    expect((turns[0]!.items as Json[]).map((i) => i.type)).toEqual(["commandExecution"]);

    // The next request carries the command and its output after the initial context.
    model.push(reply.message("seen"));
    await runTurn(c, threadId, "what did it print?");
    const texts = inputTexts(model.requests[0]?.body.input);
    const shell = texts.find((t) => t.startsWith("<user_shell_command>"));
    expect(shell).toContain("Exit code: 0");
    expect(shell).toContain("SHELL-OUT");
    expect(texts.at(-1)).toBe("what did it print?");
    expect(texts.indexOf(shell ?? "")).toBeGreaterThan(0);

    // A failing command is a failed item; bad requests are refused and the server keeps serving.
    const from2 = c.received.length;
    await c.call("thread/shellCommand", { threadId, command: "exit 3" });
    const failed = await c.waitNotification("item/completed", (p) => p.threadId === threadId, {
      from: from2,
    });
    expect(failed.item).toMatchObject({ type: "commandExecution", status: "failed", exitCode: 3 });
    await c.waitNotification("turn/completed", (p) => p.threadId === threadId, { from: from2 });
    expect(await errorOf(c, "thread/shellCommand", { threadId, command: "  " })).toMatchObject({
      code: -32600,
      message: "command must not be empty",
    });
    expect(await errorOf(c, "thread/shellCommand", { threadId: "nope", command: "true" })).toMatchObject({
      code: -32600,
    });
    expect(
      await errorOf(c, "thread/shellCommand", { threadId, command: "true", timeoutMs: -1 }),
    ).toMatchObject({
      code: -32600,
    });
  });

  it("thread/shellCommand times out and is refused while a turn runs", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    const from = c.received.length;
    await c.call("thread/shellCommand", { threadId, command: "sleep 30", timeoutMs: 200 });
    const done = await c.waitNotification("item/completed", (p) => p.threadId === threadId, { from });
    expect(done.item).toMatchObject({ type: "commandExecution", status: "failed" });
    await c.waitNotification("turn/completed", (p) => p.threadId === threadId, { from });

    model.push(reply.hang());
    const started = await c.call("turn/start", { threadId, input: [{ type: "text", text: "long" }] });
    expect(await errorOf(c, "thread/shellCommand", { threadId, command: "true" })).toMatchObject({
      code: -32600,
      message: expect.stringContaining("running turn"),
    });
    await c.call("turn/interrupt", { threadId, turnId: (started.turn as Json).id });
  });

  it("thread/inject_items appends raw items the next request carries", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    const note = { type: "message", role: "user", content: [{ type: "input_text", text: "injected note" }] };
    const assistant = {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "an earlier answer" }],
    };
    expect(await c.call("thread/inject_items", { threadId, items: [note, assistant] })).toEqual({});
    model.push(reply.message("ok"));
    await runTurn(c, threadId, "after inject");
    const input = model.requests[0]?.body.input as Json[];
    const texts = inputTexts(input);
    expect(texts.slice(-2)).toEqual(["injected note", "after inject"]);
    expect(input.some((i) => i.role === "developer")).toBe(true);
    const injectedAt = input.findIndex((i) => JSON.stringify(i).includes("an earlier answer"));
    expect(injectedAt).toBeGreaterThan(input.findIndex((i) => i.role === "developer"));

    // Recorded in the rollout: a resumed thread sends them again.
    const read = await c.call("thread/read", { threadId });
    const path = (read.thread as Json).path as string;
    expect(readFileSync(path, "utf8")).toContain("an earlier answer");

    expect(await errorOf(c, "thread/inject_items", { threadId, items: [{ bogus: 1 }] })).toMatchObject({
      code: -32600,
      message: expect.stringContaining("items[0] is not a valid response item"),
    });
    expect(await errorOf(c, "thread/inject_items", { threadId: "nope", items: [] })).toMatchObject({
      code: -32600,
    });
    model.push(reply.message("again"));
    await runTurn(c, threadId, "still fine");
    expect(inputTexts(model.requests[1]?.body.input as Json[])).not.toContain("bogus");
  });
});
