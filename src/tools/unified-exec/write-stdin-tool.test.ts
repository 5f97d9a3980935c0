import { afterEach, describe, expect, it } from "vitest";
import { toolSpec } from "../define-tool.js";
import { ToolRegistry } from "../registry.js";
import { execCommandTool } from "./exec-command-tool.js";
import { UnifiedExecManager } from "./session-manager.js";
import { recordingContext } from "./test-support.js";
import { writeStdinTool } from "./write-stdin-tool.js";

const managers: UnifiedExecManager[] = [];
function tools() {
  const manager = new UnifiedExecManager();
  managers.push(manager);
  return { manager, exec: execCommandTool(manager), write: writeStdinTool(manager) };
}
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.closeAll()));
});

type WriteTool = ReturnType<typeof writeStdinTool>;
type Ctx = ReturnType<typeof recordingContext>["ctx"];

/** Sends `chars`, then polls until the accumulated output satisfies `until` or the process exits. */
async function sendAndRead(
  write: WriteTool,
  ctx: Ctx,
  sessionId: number,
  chars: string,
  until: (out: string) => boolean,
) {
  let result = await write.handle({ session_id: sessionId, chars, yield_time_ms: 250 }, ctx);
  let output = outputOf(result.output);
  for (
    let poll = 0;
    poll < 20 && !until(output) && statusOf(result.output)?.startsWith("Process running");
    poll++
  ) {
    result = await write.handle({ session_id: sessionId, chars: "", yield_time_ms: 250 }, ctx);
    output += outputOf(result.output);
  }
  return { output, status: statusOf(result.output), success: result.success };
}

const outputOf = (text: unknown) =>
  String(text).slice(String(text).indexOf("\nOutput:\n") + "\nOutput:\n".length);
const statusOf = (text: unknown) => String(text).split("\n")[2];

describe("write_stdin spec", () => {
  it("takes a session id, optional chars and yield time", () => {
    const { write } = tools();
    expect(toolSpec(write)).toMatchObject({
      name: "write_stdin",
      parameters: {
        type: "object",
        required: ["session_id"],
        properties: {
          session_id: { type: "integer" },
          chars: { type: "string", default: "" },
          yield_time_ms: { type: "number" },
          max_output_tokens: { type: "integer" },
        },
      },
    });
    expect(write.parameters.parse({ session_id: 3 })).toEqual({ session_id: 3, chars: "" });
  });
});

describe("write_stdin", () => {
  it("answers an unknown session with a clear output, never a throw", async () => {
    const { write } = tools();
    const { ctx, events } = recordingContext();
    await expect(write.handle({ session_id: 7, chars: "x" }, ctx)).resolves.toEqual({
      output: "write_stdin failed: unknown session id 7; it may have exited",
      success: false,
    });
    expect(events).toEqual([]);
  });

  it("feeds an interactive program over pipes, one answer per call", async () => {
    const { exec, write } = tools();
    const { ctx } = recordingContext({ callId: "call-exec" });
    const prompt = await exec.handle(
      exec.parameters.parse({
        cmd: 'while read -r line; do [ "$line" = quit ] && break; echo "got:$line"; done; echo bye',
        yield_time_ms: 250,
        login: false,
      }),
      ctx,
    );
    expect(statusOf(prompt.output)).toBe("Process running with session ID 1");
    const poll = recordingContext({ callId: "call-write" });
    const first = await sendAndRead(write, poll.ctx, 1, "hello\n", (out) => out.endsWith("\n"));
    expect(first).toMatchObject({ output: "got:hello\n", status: "Process running with session ID 1" });
    const last = await write.handle({ session_id: 1, chars: "quit\n", yield_time_ms: 5_000 }, poll.ctx);
    expect(outputOf(last.output)).toBe("bye\n");
    expect(statusOf(last.output)).toBe("Process exited with code 0");
    expect(last.success).toBe(true);

    // The session is gone once its end was reported.
    const after = await write.handle({ session_id: 1, chars: "" }, poll.ctx);
    expect(after.output).toBe("write_stdin failed: unknown session id 1; it may have exited");
  }, 10_000);

  it("drives a REPL on a terminal", async () => {
    const { exec, write } = tools();
    const { ctx } = recordingContext();
    await exec.handle(
      exec.parameters.parse({ cmd: "PS1='$ ' bash --norc -i", tty: true, yield_time_ms: 500, login: false }),
      ctx,
    );
    const answer = await sendAndRead(write, ctx, 1, "echo $((6*7))\n", (out) => out.includes("42\r\n"));
    expect(answer.output).toContain("42\r\n");
    const bye = await write.handle({ session_id: 1, chars: "exit 4\n", yield_time_ms: 5_000 }, ctx);
    expect(statusOf(bye.output)).toBe("Process exited with code 4");
    expect(bye.success).toBe(false);
  }, 10_000);

  it("reports a failing exit code as unsuccessful", async () => {
    const { exec, write } = tools();
    const { ctx } = recordingContext();
    await exec.handle(exec.parameters.parse({ cmd: "read; exit 5", yield_time_ms: 250, login: false }), ctx);
    const result = await write.handle({ session_id: 1, chars: "\n", yield_time_ms: 5_000 }, ctx);
    expect(statusOf(result.output)).toBe("Process exited with code 5");
    expect(result.success).toBe(false);
  }, 10_000);

  it("is dispatched by the registry with parsed defaults", async () => {
    const { exec, write } = tools();
    const registry = new ToolRegistry([exec, write]);
    const { ctx } = recordingContext();
    const result = await registry.dispatch("write_stdin", JSON.stringify({ session_id: 99 }), ctx);
    expect(result.output).toBe("write_stdin failed: unknown session id 99; it may have exited");
  });
});
