import { realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { KnownEventMsg } from "../../protocol/core-protocol.js";
import { toolSpec } from "../../core/tool-api/define-tool.js";
import { ToolRegistry } from "../../core/tool-api/registry.js";
import { execCommandTool } from "./exec-command-tool.js";
import { UnifiedExecManager, type UnifiedExecManagerOptions } from "./session-manager.js";
import realTools from "./fixtures/real-codex-0.169-tools.json" with { type: "json" };
import { recordingContext, streamedOutput } from "../../../test/support/unified-exec.js";
import { writeStdinTool } from "./write-stdin-tool.js";
import { scratchDir } from "../../../test/support/scratch.js";

const cwd = realpathSync(scratchDir("exec-command-"));
const managers: UnifiedExecManager[] = [];
function tools(options?: UnifiedExecManagerOptions) {
  const manager = new UnifiedExecManager(options);
  managers.push(manager);
  return { manager, exec: execCommandTool(manager), write: writeStdinTool(manager) };
}
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.closeAll()));
});

const RESPONSE =
  /^Chunk ID: [0-9a-f]{6}\nWall time: \d+\.\d{4} seconds\n(.*)\nOriginal token count: (\d+)\nOutput:\n/;

function parseResponse(text: string) {
  const match = RESPONSE.exec(text);
  if (!match) throw new Error(`not a unified exec response:\n${text}`);
  return { status: match[1] ?? "", tokens: Number(match[2]), output: text.slice(match[0].length) };
}

/** A schema without its descriptions: names, types, enums, required, additionalProperties. */
function shape(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(shape);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== "description")
      .map(([key, value]) => [key, shape(value)]),
  );
}

/** The tool as the real Codex 0.169 sends it (fixtures/, dumped from its first request). */
function realTool(name: string): { name: string; parameters: { properties: Record<string, unknown> } } {
  const tool = (realTools as Array<{ name: string }>).find((t) => t.name === name);
  if (!tool) throw new Error(`no ${name} in the fixture`);
  return tool as ReturnType<typeof realTool>;
}

describe("exec_command spec", () => {
  it("has the real Codex's parameters: names, types, enums, required, no others", () => {
    const { exec } = tools();
    const spec = toolSpec(exec) as ReturnType<typeof realTool>;
    const real = structuredClone(realTool("exec_command"));
    // prefix_rule lets the model propose a command prefix to approve for good; codex-ts proposes the prefix
    // itself (execpolicy/amend.ts), so it does not offer it (an unknown argument is ignored, not refused).
    delete real.parameters.properties.prefix_rule;
    expect(spec).toMatchObject({ type: "function", name: "exec_command", strict: false });
    expect(shape(spec.parameters)).toEqual(shape(real.parameters));
    for (const property of Object.values(spec.parameters.properties)) {
      expect(property).toHaveProperty("description");
    }
  });

  it("parses arguments without adding defaults, and ignores ones it does not know", () => {
    const { exec } = tools();
    expect(exec.parameters.parse({ cmd: "ls", prefix_rule: ["ls"] })).toEqual({ cmd: "ls" });
    expect(
      exec.parameters.parse({ cmd: "ls", sandbox_permissions: "require_escalated", justification: "net" }),
    ).toMatchObject({ sandbox_permissions: "require_escalated", justification: "net" });
  });
});

describe("exec_command", () => {
  it("returns the real Codex's text for a command that exits", async () => {
    const { exec } = tools();
    const { ctx } = recordingContext({ cwd });
    const result = await exec.handle(
      exec.parameters.parse({ cmd: "echo hi; ls /nonexistent-for-test; exit 2", login: false }),
      ctx,
    );
    const response = parseResponse(result.output as string);
    expect(response.status).toBe("Process exited with code 2");
    expect(response.output).toMatch(/^hi\nls: .*nonexistent-for-test.*\n$/);
    expect(response.tokens).toBe(Math.ceil(Buffer.byteLength(response.output) / 4));
    expect(result.success).toBe(false);
  });

  it("emits begin, output deltas and end, in order, under the call's id", async () => {
    const { exec } = tools();
    const { ctx, events } = recordingContext({ cwd, callId: "call-exec" });
    const result = await exec.handle(exec.parameters.parse({ cmd: "echo one; echo two >&2" }), ctx);
    expect(result.success).toBe(true);
    for (const event of events) expect(KnownEventMsg.parse(event)).toEqual(event);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe("exec_command_begin");
    expect(types.at(-1)).toBe("exec_command_end");
    expect(types.slice(1, -1).every((t) => t === "exec_command_output_delta")).toBe(true);
    expect(events.every((e) => "call_id" in e && e.call_id === "call-exec")).toBe(true);
    expect(events[0]).toEqual({
      type: "exec_command_begin",
      call_id: "call-exec",
      command: ["bash", "-lc", "echo one; echo two >&2"],
      cwd,
      // The session id: the process may outlive the call.
      process_id: expect.stringMatching(/^\d+$/),
    });
    const end = events.at(-1);
    expect(end).toMatchObject({
      exit_code: 0,
      formatted_output: result.output,
      command: ["bash", "-lc", "echo one; echo two >&2"],
    });
    if (end?.type !== "exec_command_end") throw new Error("no end event");
    expect(end.stdout).toMatch(/one\n$/);
    expect(end.stderr).toMatch(/two\n$/);
    expect(streamedOutput(events, "call-exec")).toBe(end.aggregated_output);
  });

  it("resolves workdir against the turn's directory", async () => {
    const { exec } = tools();
    const { ctx, events } = recordingContext({ cwd: tmpdir() });
    const result = await exec.handle(
      exec.parameters.parse({ cmd: "pwd", workdir: cwd.slice(tmpdir().length + 1), login: false }),
      ctx,
    );
    expect(parseResponse(result.output as string).output).toBe(`${cwd}\n`);
    expect(events[0]).toMatchObject({ cwd });
  });

  it("returns a running session id, and write_stdin later sees the end under exec_command's call id", async () => {
    const { exec, write } = tools();
    const first = recordingContext({ cwd, callId: "call-exec" });
    const started = await exec.handle(
      exec.parameters.parse({ cmd: "echo start; sleep 2; echo done", yield_time_ms: 250, login: false }),
      first.ctx,
    );
    const running = parseResponse(started.output as string);
    expect(running.status).toBe("Process running with session ID 1");
    expect(running.output).toBe("start\n");
    expect(started.success).toBe(true);
    expect(first.events.map((e) => e.type)).toEqual(["exec_command_begin", "exec_command_output_delta"]);

    const later = recordingContext({ cwd, callId: "call-poll" });
    let response = running;
    let output = "";
    for (let poll = 0; poll < 10 && response.status.startsWith("Process running"); poll++) {
      const polled = await write.handle(
        write.parameters.parse({ session_id: 1, yield_time_ms: 5_000 }),
        later.ctx,
      );
      response = parseResponse(polled.output as string);
      output += response.output;
    }
    expect(response.status).toBe("Process exited with code 0");
    expect(output).toBe("done\n");
    expect(later.events.map((e) => e.type)).toEqual(["exec_command_output_delta", "exec_command_end"]);
    expect(later.events.every((e) => "call_id" in e && e.call_id === "call-exec")).toBe(true);
    expect(later.events[1]).toMatchObject({ exit_code: 0, aggregated_output: "start\ndone\n" });
  });

  it("streams output produced between calls when the next call attaches", async () => {
    const { manager, exec, write } = tools();
    const first = recordingContext({ cwd, callId: "call-exec" });
    await exec.handle(
      exec.parameters.parse({ cmd: "read; echo a; echo b; read", yield_time_ms: 250, login: false }),
      first.ctx,
    );
    manager.write(1, "\n"); // as if written by an earlier call: a and b arrive while nobody waits
    const later = recordingContext({ cwd });
    await write.handle(
      write.parameters.parse({ session_id: 1, chars: "\n", yield_time_ms: 5_000 }),
      later.ctx,
    );
    expect(streamedOutput(later.events, "call-exec")).toBe("a\nb\n");
    expect(later.events.at(-1)?.type).toBe("exec_command_end");
  });

  it("kills the process when the call is aborted", async () => {
    const { exec } = tools();
    const controller = new AbortController();
    const { ctx, events } = recordingContext({ cwd, signal: controller.signal });
    const running = exec.handle(exec.parameters.parse({ cmd: "sleep 30", login: false }), ctx);
    setTimeout(() => controller.abort(), 100);
    const result = await running;
    expect(parseResponse(result.output as string).status).toBe("Process exited with code 137");
    expect(events.at(-1)).toMatchObject({ type: "exec_command_end", exit_code: 137 });
  });

  it("passes the call to the spawn hook, and reports a refusal without running anything", async () => {
    const seen: unknown[] = [];
    const { exec } = tools({
      spawnPlan: (request) => {
        seen.push([request.sandboxPermissions, request.justification, request.toolContext?.callId]);
        throw new Error("the user declined");
      },
    });
    const { ctx, events } = recordingContext({ cwd, callId: "call-x" });
    const result = await exec.handle(
      exec.parameters.parse({
        cmd: "rm -rf /",
        sandbox_permissions: "require_escalated",
        justification: "why",
      }),
      ctx,
    );
    expect(result).toEqual({ output: "exec_command failed: the user declined", success: false });
    expect(seen).toEqual([["require_escalated", "why", "call-x"]]);
    expect(events).toEqual([]);
  });

  it("gives a program a terminal when tty is true", async () => {
    const { exec } = tools();
    const { ctx } = recordingContext({ cwd });
    const result = await exec.handle(
      exec.parameters.parse({
        cmd: "python3 -c 'import sys; print(sys.stdin.isatty())' 2>/dev/null || (test -t 0 && echo True)",
        tty: true,
        login: false,
      }),
      ctx,
    );
    expect(parseResponse(result.output as string).output).toBe("True\r\n");
  });

  it("cuts long output and says so", async () => {
    const { exec } = tools();
    const { ctx } = recordingContext({ cwd });
    const result = await exec.handle(
      exec.parameters.parse({ cmd: "seq 1 20000", max_output_tokens: 50, login: false }),
      ctx,
    );
    const response = parseResponse(result.output as string);
    expect(response.tokens).toBe(Math.ceil(108_894 / 4));
    expect(response.output).toMatch(
      /^1\n2\n[\s\S]*\[\.\.\. \d+ tokens \(\d+ bytes\) truncated \.\.\.\]\n[\s\S]*19999\n20000\n$/,
    );
  });

  it("turns bad arguments into an output through the registry", async () => {
    const { exec, write } = tools();
    const registry = new ToolRegistry([exec, write]);
    const { ctx } = recordingContext({ cwd });
    const result = await registry.dispatch("exec_command", JSON.stringify({ command: "ls" }), ctx);
    expect(result.success).toBe(false);
    expect(result.output).toMatch(/^invalid arguments for exec_command: /);
    expect(registry.names).toEqual(["exec_command", "write_stdin"]);
  });
});
