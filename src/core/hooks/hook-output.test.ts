import { describe, expect, it } from "vitest";
import { interpretHookResult } from "./hook-output.js";
import type { CommandHookResult } from "./run-command-hook.js";

const ran = (over: Partial<CommandHookResult>): CommandHookResult => ({
  exitCode: 0,
  stdout: "",
  stderr: "",
  timedOut: false,
  durationMs: 1,
  ...over,
});

describe("interpretHookResult", () => {
  it("exit 2 blocks with stderr; for PermissionRequest it denies", () => {
    expect(interpretHookResult("PreToolUse", ran({ exitCode: 2, stderr: "no\n" }))).toMatchObject({
      status: "blocked",
      block: "no",
    });
    expect(interpretHookResult("PermissionRequest", ran({ exitCode: 2, stderr: "no" }))).toMatchObject({
      permission: { behavior: "deny", message: "no" },
    });
  });

  it("reads Codex's JSON fields", () => {
    const out = (o: unknown) => ran({ stdout: JSON.stringify(o) });
    expect(
      interpretHookResult(
        "PreToolUse",
        out({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "rm" } }),
      ),
    ).toMatchObject({ block: "rm" });
    expect(interpretHookResult("Stop", out({ decision: "block", reason: "go on" }))).toMatchObject({
      block: "go on",
    });
    expect(
      interpretHookResult(
        "PermissionRequest",
        out({ hookSpecificOutput: { decision: { behavior: "allow" } } }),
      ),
    ).toMatchObject({ permission: { behavior: "allow" } });
    expect(interpretHookResult("SessionStart", out({ continue: false, stopReason: "s" }))).toMatchObject({
      status: "stopped",
      stop: "s",
    });
    expect(interpretHookResult("PostToolUse", out({ systemMessage: "heads up" })).entries).toEqual([
      { kind: "warning", text: "heads up" },
    ]);
  });

  it("plain text is context only where Codex takes it; failures are warnings", () => {
    expect(interpretHookResult("SessionStart", ran({ stdout: "ctx\n" })).context).toBe("ctx");
    expect(interpretHookResult("PreToolUse", ran({ stdout: "ctx" })).context).toBeUndefined();
    expect(interpretHookResult("Stop", ran({ stdout: "{oops" }))).toMatchObject({ status: "failed" });
    expect(interpretHookResult("Stop", ran({ exitCode: 1, stderr: "x" }))).toMatchObject({
      status: "failed",
      entries: [{ kind: "warning", text: "hook exited with code 1: x" }],
    });
    expect(
      interpretHookResult("Stop", ran({ exitCode: null, timedOut: true, error: "timed out after 1s" })),
    ).toMatchObject({ status: "failed" });
  });
});
