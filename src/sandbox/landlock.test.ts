import { describe, expect, it } from "vitest";
import { sandboxPolicyFromMode } from "../protocol/policies.js";
import type { FsProbe } from "./fs-probe.js";
import { buildLandlockArgs, DEVICE_WRITE_PATHS } from "./landlock.js";
import { planExec, type RunnablePlan } from "./plan.js";

const probe: FsProbe = {
  exists: (p) => ["/ws", "/ws/.git"].includes(p),
  realpath: (p) => p,
};

describe("buildLandlockArgs", () => {
  it("filter, device files and roots to write, protected paths, then the command after --", () => {
    const argv = buildLandlockArgs({
      helperPath: "/pkg/dist/codex-ts-sandbox-helper",
      command: ["ls", "--", "-x"],
      writePaths: ["/ws"],
      readOnlyPaths: ["/ws/.git"],
      maskedPaths: ["/ws/.codex"],
      seccompFilterPath: "/proc/1/fd/9",
    });
    expect(argv).toEqual([
      "/pkg/dist/codex-ts-sandbox-helper",
      "--seccomp",
      "/proc/1/fd/9",
      ...DEVICE_WRITE_PATHS.flatMap((p) => ["--write", p]),
      "--write",
      "/ws",
      "--ro",
      "/ws/.git",
      "--mask",
      "/ws/.codex",
      "--",
      "ls",
      "--",
      "-x",
    ]);
  });
});

describe("planExec without bwrap", () => {
  const base = {
    command: ["ls"],
    cwd: "/ws",
    env: {},
    platform: "linux" as const,
    bwrapAvailable: false,
    bwrapUnavailableReason: "bubblewrap (bwrap) is not installed",
    probe,
  };

  it("uses the Landlock helper when there is one, with a warning naming what is weaker", () => {
    const plan = planExec({
      ...base,
      policy: sandboxPolicyFromMode("workspace-write", {
        exclude_slash_tmp: true,
        exclude_tmpdir_env_var: true,
      }),
      landlockHelperPath: "/h",
      seccompFilterPath: "/proc/1/fd/9",
    }) as RunnablePlan;
    expect(plan.backend).toBe("landlock");
    expect(plan.argv).toEqual(
      expect.arrayContaining(["--write", "/ws", "--ro", "/ws/.git", "--mask", "/ws/.codex"]),
    );
    expect(plan.argv.slice(0, 3)).toEqual(["/h", "--seccomp", "/proc/1/fd/9"]);
    expect(plan.warning).toMatch(/bwrap\) is not installed; sandboxing with Landlock \+ seccomp instead/);
  });

  it("without bwrap or helper: unavailable, quoting both reasons", () => {
    const plan = planExec({
      ...base,
      policy: { type: "read-only" },
      landlockUnavailableReason: "the Landlock helper was not built",
    });
    expect(plan).toEqual({
      backend: "unavailable",
      reason:
        "cannot sandbox on Linux: bubblewrap (bwrap) is not installed; the Landlock helper was not built",
    });
  });
});
