// `codex-ts acp` with an editor that offers its file system and terminals: patches read the editor's buffers
// and are written through fs/write_text_file (not to disk), commands run in the editor's terminals (still
// inside the sandbox), and without those capabilities everything stays on disk.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { toolCalls, useAcpFixture } from "../support/acp-fixture.js";
import { makeHome } from "../support/cli.js";
import { reply, sse } from "../support/fake-model.js";

const fx = useAcpFixture();
const EDITOR: ClientCapabilities = { fs: { readTextFile: true, writeTextFile: true }, terminal: true };
const AUTO = 'approval_policy = "never"\nsandbox_mode = "workspace-write"';

function patchReply(patch: string, callId: string) {
  return { events: [sse.created(), sse.customToolCall("apply_patch", patch, callId), sse.completed()] };
}

describe("codex-ts acp: the editor's files and terminals", () => {
  it("applies a patch to the editor's unsaved buffer and writes the result through the editor", async () => {
    const model = await fx.fakeModel();
    const home = makeHome(model.url, AUTO);
    const { acp } = await fx.start(AUTO, home, EDITOR);
    const notes = join(home.cwd, "notes.txt");
    writeFileSync(notes, "saved one\nsaved two\n");
    acp.buffers.set(notes, "line one\nline two\n");
    const { sessionId } = await fx.newSession(acp, home.cwd);
    const patch = [
      "*** Begin Patch",
      "*** Update File: notes.txt",
      " line one",
      "-line two",
      "+line 2",
      "*** Add File: fresh.txt",
      "+new file",
      "*** End Patch",
    ].join("\n");
    model.push(patchReply(patch, "call_patch"), reply.message("patched"));
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "edit" }],
    });
    expect(result.stopReason).toBe("end_turn");
    // The update was made to what the editor had, and both files went to the editor, none to disk.
    expect(acp.writes).toEqual([
      { path: notes, content: "line one\nline 2\n" },
      { path: join(home.cwd, "fresh.txt"), content: "new file\n" },
    ]);
    expect(readFileSync(notes, "utf8")).toBe("saved one\nsaved two\n");
    expect(existsSync(join(home.cwd, "fresh.txt"))).toBe(false);
    const calls = toolCalls(acp.updatesOf(sessionId), "call_patch");
    expect(calls[0]).toMatchObject({ sessionUpdate: "tool_call", kind: "edit" });
    expect(calls.at(-1)).toMatchObject({ status: "completed" });
    expect(JSON.stringify(fx.model?.requests.at(-1)?.body.input)).toContain(
      "Success. Updated the following files",
    );
  });

  it("runs a command in the editor's terminal and shows the terminal in the tool call", async () => {
    const { acp, home } = await fx.start(
      'approval_policy = "never"\nsandbox_mode = "danger-full-access"',
      undefined,
      EDITOR,
    );
    const { sessionId } = await fx.newSession(acp, home.cwd);
    fx.model?.push(
      reply.shell(["sh", "-c", "echo from-the-terminal; echo oops >&2; exit 3"], { callId: "call_term" }),
      reply.message("ran it"),
    );
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "run" }],
    });
    expect(result.stopReason).toBe("end_turn");
    const [created] = acp.terminals.created;
    expect(created).toMatchObject({ sessionId, command: "sh", cwd: home.cwd });
    expect(created?.args).toEqual(["-c", "echo from-the-terminal; echo oops >&2; exit 3"]);
    const terminalId = created?.terminalId ?? "";
    expect(acp.terminals.isReleased(terminalId)).toBe(true);
    const calls = toolCalls(acp.updatesOf(sessionId), "call_term");
    expect(
      calls.some((c) => c.content?.some((x) => x.type === "terminal" && x.terminalId === terminalId)),
    ).toBe(true);
    expect(calls.at(-1)).toMatchObject({ status: "failed", rawOutput: { exit_code: 3 } });
    // The model got the output and the exit code, as from a local run.
    const output = JSON.stringify(fx.model?.requests.at(-1)?.body.input);
    expect(output).toContain("from-the-terminal");
    expect(output).toContain("oops");
    expect(output).toContain("Exit code: 3");
  });

  it("keeps the sandbox in the editor's terminal: the command it gets is the sandboxed one", async () => {
    const { acp, home } = await fx.start(AUTO, undefined, EDITOR);
    const { sessionId } = await fx.newSession(acp, home.cwd);
    // .git is read-only under workspace-write (the test home's cwd has one; /tmp itself is writable).
    const outside = join(home.cwd, ".git", "escaped.txt");
    fx.model?.push(
      reply.shell(["sh", "-c", `echo escaped > ${outside}`], { callId: "call_out" }),
      reply.message("tried"),
    );
    await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "escape" }] });
    const [created] = acp.terminals.created;
    expect(created).toBeDefined();
    expect(created?.command).not.toBe("sh");
    expect(existsSync(outside)).toBe(false);
    expect(toolCalls(acp.updatesOf(sessionId), "call_out").at(-1)).toMatchObject({ status: "failed" });
  });

  it("kills the terminal's command when the turn is cancelled", async () => {
    const { acp, home } = await fx.start(
      'approval_policy = "never"\nsandbox_mode = "danger-full-access"',
      undefined,
      EDITOR,
    );
    const { sessionId } = await fx.newSession(acp, home.cwd);
    fx.model?.push(reply.shell(["sleep", "60"], { callId: "call_sleep", timeout_ms: 120_000 }));
    const turn = acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "wait" }] });
    const created = await acp.waitFor(() => acp.terminals.created[0], "the terminal");
    await acp.agent.notify("session/cancel", { sessionId });
    expect((await turn).stopReason).toBe("cancelled");
    const status = await acp.terminals.waitForExit(created.terminalId);
    expect(status.signal).toBe("SIGKILL");
    const released = (m: Record<string, unknown>) =>
      m.method === "terminal/release" &&
      (m.params as { terminalId?: string } | undefined)?.terminalId === created.terminalId;
    await acp.waitFor(() => acp.received.some(released), "the terminal's release");
  });

  it("runs exec_command in the editor's terminal too", async () => {
    const model = await fx.fakeModel();
    const toml = 'approval_policy = "never"\nsandbox_mode = "danger-full-access"';
    const home = makeHome(model.url, toml, { shellTool: "default" });
    const { acp } = await fx.start(toml, home, EDITOR);
    const { sessionId } = await fx.newSession(acp, home.cwd);
    model.push(reply.exec("echo via-exec-command", { callId: "call_exec" }), reply.message("done"));
    await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "go" }] });
    expect(acp.terminals.created).toHaveLength(1);
    expect(JSON.stringify(model.requests.at(-1)?.body.input)).toContain("via-exec-command");
    expect(toolCalls(acp.updatesOf(sessionId), "call_exec").at(-1)).toMatchObject({ status: "completed" });
  });

  it("tells the model that a command in the editor's terminal takes no input, and stops it on Ctrl-C", async () => {
    const model = await fx.fakeModel();
    const toml = 'approval_policy = "never"\nsandbox_mode = "danger-full-access"';
    const home = makeHome(model.url, toml, { shellTool: "default" });
    const { acp } = await fx.start(toml, home, EDITOR);
    const { sessionId } = await fx.newSession(acp, home.cwd);
    model.push(
      reply.exec("echo ready; sleep 60", { callId: "call_run", yield_time_ms: 300 }),
      reply.functionCall("write_stdin", { session_id: 1, chars: "yes\n" }, "call_type"),
      reply.functionCall("write_stdin", { session_id: 1, chars: "\u0003" }, "call_stop"),
      reply.message("stopped it"),
    );
    const result = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "go" }],
    });
    expect(result.stopReason).toBe("end_turn");
    const outputs = (model.requests.at(-1)?.body.input ?? []).filter(
      (i) => i.type === "function_call_output",
    );
    const outputOf = (callId: string) => JSON.stringify(outputs.find((o) => o.call_id === callId));
    expect(outputOf("call_run")).toContain("Process running with session ID 1");
    // The text was refused with a reason the model can act on, not dropped.
    expect(outputOf("call_type")).toContain(
      "write_stdin failed: session 1 runs in the editor's terminal, which takes no input, so nothing was written",
    );
    expect(outputOf("call_type")).toContain("tty: true");
    // Ctrl-C still works: the editor kills the terminal's command.
    const [created] = acp.terminals.created;
    expect(acp.terminals.created).toHaveLength(1);
    expect((await acp.terminals.waitForExit(created?.terminalId ?? "")).signal).toBe("SIGKILL");
    expect(outputOf("call_stop")).toMatch(/Process exited with code \d+/);
  });

  it("works on disk when the editor offers neither", async () => {
    const none: ClientCapabilities = { fs: { readTextFile: false, writeTextFile: false }, terminal: false };
    const { acp, home } = await fx.start(
      'approval_policy = "never"\nsandbox_mode = "danger-full-access"',
      undefined,
      none,
    );
    const { sessionId } = await fx.newSession(acp, home.cwd);
    const patch = ["*** Begin Patch", "*** Add File: disk.txt", "+on disk", "*** End Patch"].join("\n");
    fx.model?.push(
      patchReply(patch, "call_disk"),
      reply.shell(["sh", "-c", "echo local"]),
      reply.message("ok"),
    );
    await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "go" }] });
    expect(readFileSync(join(home.cwd, "disk.txt"), "utf8")).toBe("on disk\n");
    expect(acp.writes).toEqual([]);
    expect(acp.terminals.created).toEqual([]);
    expect(fx.lastInput()).toContain("local");
  });
});
