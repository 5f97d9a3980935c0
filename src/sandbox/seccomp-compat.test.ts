// Ordinary work still runs under the network seccomp filter: real commands under real bubblewrap, network
// off. Socket *pairs* (which child_process, asyncio and most IPC use) must keep working; only reaching
// another process through a socket is refused. No skipping: without bwrap every test fails with the reason.
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxPolicy } from "../protocol/policies.js";
import type { ProcessResult } from "./run-process.js";
import { bwrapPlanInput, detectBwrap, findExecutable, type BwrapStatus } from "./detect.js";
import { buildCommandEnv } from "./env-policy.js";
import { planExec } from "./plan.js";
import { runWithPlan } from "./run-with-plan.js";
import { scratchDir } from "../../test/support/scratch.js";

const RUN_TIMEOUT_MS = 15_000;
const WORKSPACE_WRITE: SandboxPolicy = {
  type: "workspace-write",
  writable_roots: [],
  network_access: false,
  exclude_tmpdir_env_var: true,
  exclude_slash_tmp: true,
};
const READ_ONLY: SandboxPolicy = { type: "read-only" };
const PYTHON = findExecutable("python3");

let bwrap: BwrapStatus;
let workspace: string;

beforeAll(async () => {
  bwrap = await detectBwrap();
  workspace = scratchDir("seccomp-compat-");
  writeFileSync(path.join(workspace, "hello.txt"), "hi\n");
  execFileSync("git", ["init", "-q"], { cwd: workspace });
});

afterAll(() => {
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

async function run(policy: SandboxPolicy, command: string[]): Promise<ProcessResult> {
  const plan = planExec({
    policy,
    command,
    cwd: workspace,
    env: buildCommandEnv(undefined, process.env),
    platform: "linux",
    ...bwrapPlanInput(bwrap),
  });
  if (plan.backend === "unavailable") throw new Error(plan.reason);
  expect(plan.warning).toBeUndefined();
  return runWithPlan(plan, {
    cwd: workspace,
    signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
    timeoutMs: RUN_TIMEOUT_MS,
  });
}

const node = (script: string) => ["node", "-e", script];

/** child_process over libuv's socketpairs, closing stdin (shutdown()) and reading the output back. */
const NODE_CHILD_PIPES = `
const { spawn, execFileSync } = require("child_process");
const child = spawn("cat", { stdio: ["pipe", "pipe", "inherit"] });
let out = "";
child.stdout.on("data", (d) => (out += d));
child.on("close", (code) => console.log(out, code, execFileSync("echo", ["sync"]).toString().trim()));
child.stdin.end("piped");`;

/** A socketpair with send/recv, fd passing over it (sendmsg SCM_RIGHTS), subprocess and asyncio. */
const PYTHON_IPC = `
import array, asyncio, os, socket, subprocess
a, b = socket.socketpair()
a.sendall(b"x"); assert b.recv(1) == b"x"
r, w = os.pipe()
socket.send_fds(a, [b"fd"], [r])
msg, fds, _, _ = socket.recv_fds(b, 2, 1)
os.write(w, b"through"); print(msg.decode(), os.read(fds[0], 7).decode())
print(subprocess.run(["echo", "sub"], capture_output=True, text=True).stdout.strip())
async def main(): return (await asyncio.create_subprocess_exec("true")).pid > 0
print("asyncio", asyncio.run(main()))`;

describe.each([
  ["workspace-write", WORKSPACE_WRITE],
  ["read-only", READ_ONLY],
])("%s with the network off: ordinary commands still work", (_name, policy) => {
  it("the filter is installed (Seccomp: 2 = filter mode)", async () => {
    const result = await run(policy, ["grep", "^Seccomp:", "/proc/self/status"]);
    expect(result.stdout).toMatch(/^Seccomp:\s+2$/m);
  });

  it("ls and git status", async () => {
    expect((await run(policy, ["ls", "-la"])).stdout).toContain("hello.txt");
    const git = await run(policy, ["git", "status", "--short"]);
    expect(git.exitCode, git.aggregated).toBe(0);
    expect(git.stdout).toContain("?? hello.txt");
  });

  it("node: child_process with pipes", async () => {
    const result = await run(policy, node(NODE_CHILD_PIPES));
    expect(result.exitCode, result.aggregated).toBe(0);
    expect(result.stdout.trim()).toBe("piped 0 sync");
  });

  it("npm starts", async () => {
    const result = await run(policy, ["npm", "--version", "--no-update-notifier"]);
    expect(result.exitCode, result.aggregated).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.skipIf(!PYTHON)("python3: socketpair, fd passing, subprocess, asyncio", async () => {
    const result = await run(policy, ["python3", "-c", PYTHON_IPC]);
    expect(result.exitCode, result.aggregated).toBe(0);
    expect(result.stdout).toBe("fd through\nsub\nasyncio True\n");
  });
});

describe("what the filter refuses, and how it reads", () => {
  it("node: listening on a Unix socket (bind) is refused", async () => {
    const script = `
      const net = require("net");
      net.createServer().listen(process.argv[1] + "/s.sock").on("error", (e) => console.log("listen", e.code));`;
    const result = await run(WORKSPACE_WRITE, [...node(script), workspace]);
    expect(result.stdout).toBe("listen EPERM\n");
  });

  it.skipIf(!PYTHON)("python3: datagram and IP sockets fail with PermissionError (EPERM)", async () => {
    const script = `
import socket
for family, kind in [(socket.AF_UNIX, socket.SOCK_DGRAM), (socket.AF_INET, socket.SOCK_STREAM)]:
    try: socket.socket(family, kind); print("created")
    except PermissionError as e: print(e.errno)`;
    const result = await run(READ_ONLY, ["python3", "-c", script]);
    expect(result.stdout).toBe("1\n1\n");
  });

  it.skipIf(!PYTHON)(
    "python3: io_uring_setup fails with EPERM (io_uring could open sockets itself)",
    async () => {
      const script =
        "import ctypes; c = ctypes.CDLL(None, use_errno=True); print(c.syscall(425, 8, 0), ctypes.get_errno())";
      const result = await run(READ_ONLY, ["python3", "-c", script]);
      expect(result.stdout).toBe("-1 1\n");
    },
  );

  it.skipIf(!PYTHON || process.arch !== "x64")(
    "python3: an x32 system call kills the process (SIGSYS)",
    async () => {
      const script = "import ctypes; ctypes.CDLL(None).syscall(0x40000000 | 39)"; // x32 getpid
      const result = await run(READ_ONLY, ["python3", "-c", script]);
      expect(result.exitCode).toBe(128 + 31);
    },
  );
});
