// The default spawn hook: every command a model asks for goes through the engine's command gate.
import { afterEach, describe, expect, it } from "vitest";
import type { CommandAuthorizationRequest } from "../../core/tool-api/define-tool.js";
import { authorizeThroughToolContext } from "./authorize-spawn.js";
import { execCommandTool } from "./exec-command-tool.js";
import { UnifiedExecManager } from "./session-manager.js";
import { recordingContext } from "../../../test/support/unified-exec.js";

const managers: UnifiedExecManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.closeAll()));
});
function execTool() {
  const manager = new UnifiedExecManager();
  managers.push(manager);
  return { manager, exec: execCommandTool(manager) };
}

describe("authorizeThroughToolContext", () => {
  it("runs a request without a tool context as it is", async () => {
    const request = { argv: ["bash", "-c", "ls"], cwd: "/", env: { A: "1" }, tty: false } as const;
    await expect(
      authorizeThroughToolContext({ ...request, argv: [...request.argv], sandboxPermissions: "use_default" }),
    ).resolves.toEqual({ argv: ["bash", "-c", "ls"], env: { A: "1" } });
  });

  it("runs what the gate planned (e.g. wrapped by a sandbox), with its environment", async () => {
    const asked: CommandAuthorizationRequest[] = [];
    const { exec } = execTool();
    const { ctx } = recordingContext({
      authorizeCommand: (request) => {
        asked.push(request);
        return Promise.resolve({
          kind: "run",
          argv: ["env", "WRAPPED=yes", ...request.argv],
          env: { PATH: process.env.PATH ?? "/usr/bin:/bin", FROM_GATE: "1" },
          sandboxed: true,
        });
      },
    });
    const result = await exec.handle(
      exec.parameters.parse({
        cmd: 'echo "$WRAPPED $FROM_GATE $PAGER"',
        login: false,
        sandbox_permissions: "require_escalated",
        justification: "needs the network",
      }),
      ctx,
    );
    expect(result.output as string).toMatch(/Process exited with code 0\n[\s\S]*Output:\nyes 1 cat\n$/);
    expect(asked).toEqual([
      {
        argv: ["bash", "-c", 'echo "$WRAPPED $FROM_GATE $PAGER"'],
        cwd: ctx.cwd,
        escalated: true,
        justification: "needs the network",
        source: "unified_exec",
      },
    ]);
  });

  it("answers a refusal with the gate's message, running nothing and emitting nothing", async () => {
    const { manager, exec } = execTool();
    const { ctx, events } = recordingContext({
      authorizeCommand: () =>
        Promise.resolve({ kind: "rejected", message: "rejected by user: do not retry" }),
    });
    const result = await exec.handle(exec.parameters.parse({ cmd: "touch /tmp/never" }), ctx);
    expect(result).toEqual({ output: "rejected by user: do not retry", success: false });
    expect(events).toEqual([]);
    expect(manager.sessionIds).toEqual([]);
  });

  it("aborts the task when the user chose abort", async () => {
    const { exec } = execTool();
    const { ctx } = recordingContext({ authorizeCommand: () => Promise.resolve({ kind: "abort" }) });
    const result = await exec.handle(exec.parameters.parse({ cmd: "true" }), ctx);
    expect(result).toEqual({ output: "aborted by user", success: false, abortTask: true });
  });

  describe("under on-failure", () => {
    // The "sandbox" here prints a denial and fails; outside it the command runs as asked.
    const sandboxed = () =>
      Promise.resolve({
        kind: "run" as const,
        argv: ["bash", "-c", "echo 'touch: cannot touch x: Read-only file system' >&2; exit 1"],
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
        sandboxed: true,
      });

    it("reruns outside the sandbox when the user approves, as shell does", async () => {
      const retried: Array<{ argv: string[]; exitCode: number; stderr: string }> = [];
      const { exec } = execTool();
      const { ctx, events } = recordingContext({
        approvalPolicy: "on-failure",
        authorizeCommand: sandboxed,
        retryOutsideSandbox: (request, _ran, result) => {
          retried.push({ argv: request.argv, exitCode: result.exitCode, stderr: result.stderr });
          return Promise.resolve({
            kind: "run",
            argv: request.argv,
            env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
            sandboxed: false,
          });
        },
      });
      const result = await exec.handle(exec.parameters.parse({ cmd: "echo outside", login: false }), ctx);
      expect(result.output as string).toMatch(/Process exited with code 0\n[\s\S]*Output:\noutside\n$/);
      expect(result.success).toBe(true);
      expect(retried).toEqual([
        {
          argv: ["bash", "-c", "echo outside"],
          exitCode: 1,
          stderr: "touch: cannot touch x: Read-only file system\n",
        },
      ]);
      const ends = events.filter((e) => e.type === "exec_command_end");
      expect(ends.map((e) => (e.type === "exec_command_end" ? e.exit_code : undefined))).toEqual([1, 0]);
    });

    it("keeps the failure when no rerun is offered, and reports a refused rerun", async () => {
      const { exec } = execTool();
      const kept = recordingContext({ approvalPolicy: "on-failure", authorizeCommand: sandboxed });
      const failed = await exec.handle(exec.parameters.parse({ cmd: "true", login: false }), kept.ctx);
      expect(failed.output as string).toMatch(/Process exited with code 1\n/);
      expect(failed.success).toBe(false);

      const refused = recordingContext({
        approvalPolicy: "on-failure",
        authorizeCommand: sandboxed,
        retryOutsideSandbox: () => Promise.resolve({ kind: "rejected", message: "rejected by user" }),
      });
      const result = await exec.handle(exec.parameters.parse({ cmd: "true", login: false }), refused.ctx);
      expect(result).toEqual({ output: "rejected by user", success: false });
    });

    it("offers no rerun under other policies", async () => {
      let offered = false;
      const { exec } = execTool();
      const { ctx } = recordingContext({
        approvalPolicy: "on-request",
        authorizeCommand: sandboxed,
        retryOutsideSandbox: () => {
          offered = true;
          return Promise.resolve(undefined);
        },
      });
      await exec.handle(exec.parameters.parse({ cmd: "true", login: false }), ctx);
      expect(offered).toBe(false);
    });
  });
});
