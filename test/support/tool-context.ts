// A ToolContext for tool tests: permissive defaults, each overridable.
import type { ToolContext } from "../../src/core/tool-api/define-tool.js";

export function testToolContext(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    callId: "call_test",
    turnId: "turn_test",
    cwd: process.cwd(),
    sandboxPolicy: { type: "danger-full-access" },
    approvalPolicy: "never",
    collaborationMode: "default",
    env: process.env,
    signal: new AbortController().signal,
    emit: () => undefined,
    authorizeCommand: (request) =>
      Promise.resolve({ kind: "run", argv: request.argv, env: definedEnv(process.env), sandboxed: false }),
    retryOutsideSandbox: () => Promise.resolve(undefined),
    authorizePatch: () =>
      Promise.resolve({ kind: "apply", approvedOutsideRoots: false, userApproved: false }),
    requestUserInput: () => Promise.resolve(undefined),
    ...overrides,
  };
}

function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}
