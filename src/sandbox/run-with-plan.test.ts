import { describe, expect, it } from "vitest";
import type { ProcessResult } from "./run-process.js";
import { planExec } from "./plan.js";
import { looksLikeSandboxDenial, runWithPlan } from "./run-with-plan.js";

function result(overrides: Partial<ProcessResult>): ProcessResult {
  return {
    exitCode: 1,
    stdout: "",
    stderr: "",
    aggregated: "",
    durationMs: 1,
    timedOut: false,
    aborted: false,
    ...overrides,
  };
}

describe("looksLikeSandboxDenial", () => {
  it.each([
    [{ stderr: "touch: cannot touch '/x': Read-only file system" }, true],
    [{ stderr: "bash: /etc/x: Permission denied" }, true],
    [{ stdout: "mount: Operation not permitted" }, true],
    [{ stderr: "Error: connect EPERM /var/run/docker.sock" }, true],
    [{ stderr: "connect: Network is unreachable" }, true],
    [{ stderr: "curl: (6) Could not resolve host: example.com" }, true],
    [{ stderr: "getaddrinfo: Temporary failure in name resolution" }, true],
    [{ stderr: "bash: connect: Connection refused" }, true],
    [{ stderr: "npm ERR! code E404" }, false],
    [{ stderr: "Read-only file system", exitCode: 0 }, false],
    [{ stderr: "Permission denied", timedOut: true, exitCode: 124 }, false],
    [{ stderr: "Permission denied", aborted: true, exitCode: 137 }, false],
    [{ stderr: "AssertionError: expected 1 to be 2" }, false],
  ])("%j → %s", (overrides, expected) => {
    expect(looksLikeSandboxDenial(result(overrides))).toBe(expected);
  });
});

describe("runWithPlan", () => {
  it("runs a direct plan with exactly the plan's env", async () => {
    const plan = planExec({
      policy: { type: "danger-full-access" },
      command: ["sh", "-c", 'printf "%s|%s" "$ONLY_THIS" "${HOME-unset}"'],
      cwd: process.cwd(),
      env: { ONLY_THIS: "yes", PATH: process.env.PATH ?? "/usr/bin:/bin" },
      platform: process.platform,
      bwrapAvailable: false,
    });
    if (plan.backend === "unavailable") throw new Error(plan.reason);
    const res = await runWithPlan(plan, {
      cwd: process.cwd(),
      signal: AbortSignal.timeout(10_000),
      timeoutMs: 10_000,
    });
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toBe("yes|unset");
  });
});
