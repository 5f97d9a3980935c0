// The default spawn hook: every command a model asks for goes through the engine's command gate.
import { afterEach, describe, expect, it } from "vitest";
import type { CommandAuthorizationRequest } from "../define-tool.js";
import { authorizeThroughToolContext } from "./authorize-spawn.js";
import { execCommandTool } from "./exec-command-tool.js";
import { UnifiedExecManager } from "./session-manager.js";
import { recordingContext } from "./test-support.js";

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
      },
    ]);
  }, 10_000);

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
});
