// The escape suite with bubblewrap hidden: the same attempts on protected paths, by command, under the
// Landlock + seccomp helper that stands in for bwrap (native/sandbox-helper.c).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeSandbox, type BwrapStatus } from "./detect.js";
import {
  ATTEMPTS,
  byCommand,
  freshSetup,
  put,
  PWNED,
  READ_ONLY,
  WORKSPACE_WRITE,
} from "../../test/support/sandbox-escape.js";
import { defaultHelperPath } from "./landlock.js";
import { scratchDir } from "../../test/support/scratch.js";

/** The same machine with bwrap hidden: the Landlock helper sandboxes instead. */
let landlock: BwrapStatus;
let scratch: string;

beforeAll(async () => {
  // The helper is built with the package; build it here too when only the sources are present.
  if (defaultHelperPath() === undefined) {
    const script = path.resolve(import.meta.dirname, "../../scripts/build-native-helpers.mjs");
    execFileSync(process.execPath, [script], { stdio: "inherit" });
  }
  landlock = await probeSandbox({ env: { PATH: "/nonexistent/no-bwrap-here" } });
  scratch = scratchDir("escape-landlock-");
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const POLICIES = [
  ["workspace-write", WORKSPACE_WRITE],
  ["read-only", READ_ONLY],
] as const;

describe("escape suite: protected paths, symlinks, with bwrap hidden (Landlock + seccomp)", () => {
  it("bwrap is unavailable and the Landlock helper stands in", () => {
    expect(landlock.available).toBe(false);
    expect(landlock.landlockHelperPath, landlock.landlockUnavailableReason).toBeDefined();
    expect(landlock.seccompFilterPath).toBeDefined();
  });

  for (const [policyName, policy] of POLICIES) {
    it.each(ATTEMPTS)(`${policyName}, by command: $name → denied`, async (attempt) => {
      const s = freshSetup(scratch);
      attempt.prepare?.(s);
      const output = await byCommand(landlock, policy, attempt, s);
      expect(attempt.escaped(s), output).toBe(false);
    });
  }

  it("writes inside the workspace still work, new files at the top level included", async () => {
    const s = freshSetup(scratch);
    put(path.join(s.ws, "src", "a.txt"), "a\n");
    put(path.join(s.ws, "top.txt"), "t\n");
    const output = await byCommand(
      landlock,
      WORKSPACE_WRITE,
      {
        name: "ordinary writes",
        target: () => "",
        command: () => [
          "sh",
          "-c",
          "echo pwned > top.txt && echo pwned > src/new.txt && echo pwned > new.txt",
        ],
        escaped: () => false,
      },
      s,
    );
    expect(readFileSync(path.join(s.ws, "top.txt"), "utf8"), output).toBe(PWNED);
    expect(readFileSync(path.join(s.ws, "src", "new.txt"), "utf8")).toBe(PWNED);
    expect(readFileSync(path.join(s.ws, "new.txt"), "utf8")).toBe(PWNED);
  });

  it.each(["ptrace", "connect"])("%s is refused by the seccomp filter", async (what) => {
    const s = freshSetup(scratch);
    const script =
      what === "ptrace"
        ? "import ctypes,os,sys\nl=ctypes.CDLL(None,use_errno=True)\nsys.exit(0 if l.ptrace(0,0,0,0)==0 else 3)"
        : "import socket,sys\ntry:\n socket.create_connection(('127.0.0.1', 9), 2)\nexcept PermissionError:\n sys.exit(3)\nexcept OSError:\n sys.exit(0)";
    const output = await byCommand(
      landlock,
      WORKSPACE_WRITE,
      {
        name: what,
        target: () => "",
        command: () => ["sh", "-c", 'python3 -c "$0"; echo "rc=$?"', script],
        escaped: () => false,
      },
      s,
    );
    expect(output).toBe("rc=3\n");
  });
});
