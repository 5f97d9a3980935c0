import { afterEach, describe, expect, it } from "vitest";
import { toolSpec } from "../../core/tool-api/define-tool.js";
import { ToolRegistry } from "../../core/tool-api/registry.js";
import { execCommandTool } from "./exec-command-tool.js";
import { UnifiedExecManager } from "./session-manager.js";
import { recordingContext } from "../../../test/support/unified-exec.js";
import realTools from "./fixtures/real-codex-0.169-tools.json" with { type: "json" };
import { writeStdinTool, writeYieldTime } from "./write-stdin-tool.js";

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
  it("has the real Codex's parameters: names, types, required, no others", () => {
    const { write } = tools();
    const spec = toolSpec(write) as { parameters: unknown };
    const real = (realTools as Array<{ name: string; parameters: unknown }>).find(
      (t) => t.name === "write_stdin",
    );
    expect(spec).toMatchObject({ type: "function", name: "write_stdin", strict: false });
    expect(shape(spec.parameters)).toEqual(shape(real?.parameters));
    expect(write.parameters.parse({ session_id: 3 })).toEqual({ session_id: 3 });
  });

  it("waits 250 ms after a write and 5 s to 300 s on an empty poll, as the real Codex", () => {
    expect(writeYieldTime("x", undefined)).toEqual({ wait: 250, max: 30_000 });
    expect(writeYieldTime("x", 60_000)).toEqual({ wait: 30_000, max: 30_000 });
    expect(writeYieldTime("x", 10)).toEqual({ wait: 250, max: 30_000 });
    expect(writeYieldTime("", undefined)).toEqual({ wait: 5_000, max: 300_000 });
    expect(writeYieldTime("", 1_000)).toEqual({ wait: 5_000, max: 300_000 });
    expect(writeYieldTime("", 60_000)).toEqual({ wait: 60_000, max: 300_000 });
    expect(writeYieldTime("", 1_000_000)).toEqual({ wait: 300_000, max: 300_000 });
  });

  it("caps an empty poll at background_terminal_max_timeout, whatever it is", () => {
    expect(writeYieldTime("", 1_000_000, 600_000)).toEqual({ wait: 600_000, max: 600_000 });
    expect(writeYieldTime("", 60_000, 20_000)).toEqual({ wait: 20_000, max: 20_000 });
    expect(writeYieldTime("", undefined, 1_000)).toEqual({ wait: 1_000, max: 1_000 });
    expect(writeYieldTime("", undefined, 0)).toEqual({ wait: 250, max: 250 });
    // Writes keep their own 30 s ceiling.
    expect(writeYieldTime("x", 60_000, 1_000)).toEqual({ wait: 30_000, max: 30_000 });
  });
});

/** A schema without its descriptions. */
function shape(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(shape);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== "description")
      .map(([key, value]) => [key, shape(value)]),
  );
}

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
  });

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
  });

  it("reports a failing exit code as unsuccessful", async () => {
    const { exec, write } = tools();
    const { ctx } = recordingContext();
    await exec.handle(exec.parameters.parse({ cmd: "read; exit 5", yield_time_ms: 250, login: false }), ctx);
    const result = await write.handle({ session_id: 1, chars: "\n", yield_time_ms: 5_000 }, ctx);
    expect(statusOf(result.output)).toBe("Process exited with code 5");
    expect(result.success).toBe(false);
  });

  it("is dispatched by the registry with parsed defaults", async () => {
    const { exec, write } = tools();
    const registry = new ToolRegistry([exec, write]);
    const { ctx } = recordingContext();
    const result = await registry.dispatch("write_stdin", JSON.stringify({ session_id: 99 }), ctx);
    expect(result.output).toBe("write_stdin failed: unknown session id 99; it may have exited");
  });
});
