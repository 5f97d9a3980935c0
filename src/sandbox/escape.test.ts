// The escape suite: real commands under real bubblewrap try to get out of workspace-write, and the
// same commands succeed without a sandbox (so a denial is the sandbox's doing, not a broken command).
// No skipping: if bwrap cannot run here, every test fails with the detection reason.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SandboxPolicy } from "../protocol/policies.js";
import type { ProcessResult } from "./run-process.js";
import { bwrapPlanInput, detectBwrap, type BwrapStatus } from "./detect.js";
import { buildCommandEnv, type ShellEnvironmentPolicyInput } from "./env-policy.js";
import { planExec } from "./plan.js";
import { looksLikeSandboxDenial, runWithPlan } from "./run-with-plan.js";
import { scratchDir } from "../../test/support/scratch.js";

const SECRET = "sk-escape-suite-secret";
const RUN_TIMEOUT_MS = 10_000;
// The temp dirs live under /tmp, which workspace-write would otherwise make writable.
const WORKSPACE_WRITE: SandboxPolicy = {
  type: "workspace-write",
  writable_roots: [],
  network_access: false,
  exclude_tmpdir_env_var: true,
  exclude_slash_tmp: true,
};
const FULL_ACCESS: SandboxPolicy = { type: "danger-full-access" };

let bwrap: BwrapStatus;
let workspace: string;
let outside: string;
let server: Server;
let port: number;
/** Unix socket listeners outside the sandbox's reach by policy: like /var/run/docker.sock, or in the workspace. */
let unixServers: Server[] = [];
let socketOutside: string;
let socketInWorkspace: string;
let connections = 0;
const connectionWaiters: (() => void)[] = [];

beforeAll(async () => {
  // Not thrown here: vitest would report the tests as skipped. Each sandboxed run fails instead.
  bwrap = await detectBwrap();
  workspace = scratchDir("escape-ws-");
  mkdirSync(path.join(workspace, ".git"));
  outside = scratchDir("escape-outside-");
  process.env.MY_API_KEY = SECRET;
  process.env.MY_PASSWORD = SECRET;
  process.env.DEPLOY_CREDENTIALS = SECRET;
  const countConnection = (socket: Socket) => {
    connections++;
    connectionWaiters.splice(0).forEach((wake) => wake());
    socket.destroy();
  };
  server = createServer(countConnection);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
  socketOutside = path.join(outside, "daemon.sock");
  socketInWorkspace = path.join(workspace, "sockets", "agent.sock");
  mkdirSync(path.dirname(socketInWorkspace));
  unixServers = [createServer(countConnection), createServer(countConnection)];
  await Promise.all(
    [socketOutside, socketInWorkspace].map(
      (file, i) => new Promise<void>((resolve) => unixServers[i]?.listen(file, resolve)),
    ),
  );
});

afterAll(async () => {
  delete process.env.MY_API_KEY;
  delete process.env.MY_PASSWORD;
  delete process.env.DEPLOY_CREDENTIALS;
  for (const listener of [server, ...unixServers]) {
    if (listener) await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
  for (const dir of [workspace, outside]) if (dir) rmSync(dir, { recursive: true, force: true });
});

function connectionCount(atLeast: number): Promise<void> {
  if (connections >= atLeast) return Promise.resolve();
  return new Promise((resolve) => connectionWaiters.push(() => void connectionCount(atLeast).then(resolve)));
}

async function run(
  policy: SandboxPolicy,
  command: string[],
  envPolicy?: ShellEnvironmentPolicyInput,
  signal: AbortSignal = AbortSignal.timeout(RUN_TIMEOUT_MS),
  onOutput?: (chunk: string) => void,
): Promise<ProcessResult> {
  const plan = planExec({
    policy,
    command,
    cwd: workspace,
    env: buildCommandEnv(envPolicy, process.env),
    platform: "linux",
    ...bwrapPlanInput(bwrap),
  });
  if (plan.backend === "unavailable") throw new Error(plan.reason);
  expect(plan.backend).toBe(policy.type === "danger-full-access" ? "direct" : "bwrap");
  // A sandbox without its network seccomp filter would be a weaker one: fail rather than test it.
  expect(plan.warning).toBeUndefined();
  return runWithPlan(plan, {
    cwd: workspace,
    signal,
    timeoutMs: RUN_TIMEOUT_MS,
    onOutput: onOutput && ((_stream, chunk) => onOutput(chunk.toString("utf8"))),
  });
}

interface EscapeAttempt {
  name: string;
  command: (mode: string) => string[];
  /** Whether the attempt got through, judged from outside the sandbox. */
  escaped: (result: ProcessResult, mode: string) => Promise<boolean> | boolean;
  /** Whether a sandbox denial should be recognisable from the output (for the on-failure policy). */
  deniedVisibly: boolean;
}

const writeTo = (file: string) => ["sh", "-c", 'echo pwned > "$0"', file];
/** Exits 0 once connect() to the Unix socket succeeded; prints the error (e.g. "connect EPERM ...") if not. */
const connectUnix = (file: string) => [
  "node",
  "-e",
  'require("net").connect(process.argv[1]).on("connect", () => process.exit(0))' +
    '.on("error", (e) => { console.error(e.message); process.exit(1); })',
  file,
];
const unixEscaped = async (result: ProcessResult) => {
  if (result.exitCode !== 0) return false;
  await connectionCount(1); // exit 0 means connect() succeeded; wait for the server to see it
  return true;
};

const ATTEMPTS: EscapeAttempt[] = [
  {
    name: "(a) write outside the writable roots",
    command: (mode) => writeTo(path.join(outside, `escaped-${mode}`)),
    escaped: (_r, mode) => existsSync(path.join(outside, `escaped-${mode}`)),
    deniedVisibly: true,
  },
  {
    name: "(b) write into <workspace>/.git",
    command: (mode) => writeTo(path.join(workspace, ".git", `escaped-${mode}`)),
    escaped: (_r, mode) => existsSync(path.join(workspace, ".git", `escaped-${mode}`)),
    deniedVisibly: true,
  },
  {
    name: "(c) connect to a TCP listener on 127.0.0.1",
    command: () => ["bash", "-c", `echo hi > /dev/tcp/127.0.0.1/${port}`],
    escaped: async (result) => {
      if (result.exitCode !== 0) return false;
      await connectionCount(1); // exit 0 means connect() succeeded; wait for the server to see it
      return true;
    },
    deniedVisibly: true,
  },
  {
    name: "(e) connect to a Unix socket on a read-only path (like /var/run/docker.sock)",
    command: () => connectUnix(socketOutside),
    escaped: unixEscaped,
    deniedVisibly: true,
  },
  {
    name: "(f) connect to a Unix socket inside the workspace",
    command: () => connectUnix(socketInWorkspace),
    escaped: unixEscaped,
    deniedVisibly: true,
  },
  {
    name: "(d) read MY_API_KEY from the parent env",
    command: () => ["printenv", "MY_API_KEY"],
    escaped: (result) => result.stdout.includes(SECRET),
    deniedVisibly: false,
  },
  {
    name: "(g) read MY_PASSWORD and DEPLOY_CREDENTIALS from the parent env",
    command: () => ["sh", "-c", 'echo "$MY_PASSWORD $DEPLOY_CREDENTIALS"'],
    escaped: (result) => result.stdout.includes(SECRET),
    deniedVisibly: false,
  },
];

const tally = { denied: 0, allowed: 0, hardening: 0 };

describe("escape suite: workspace-write under bubblewrap", () => {
  it("bubblewrap is available (CI installs it; a skipped safety test would be a defect)", () => {
    expect(bwrap.available, bwrap.reason).toBe(true);
  });

  it.each(ATTEMPTS)("$name → denied", async (attempt) => {
    const before = connections;
    const result = await run(WORKSPACE_WRITE, attempt.command("sandboxed"));
    expect(await attempt.escaped(result, "sandboxed"), result.aggregated).toBe(false);
    expect(connections).toBe(before);
    if (attempt.deniedVisibly) expect(looksLikeSandboxDenial(result), result.aggregated).toBe(true);
    tally.denied++;
  });

  it("writing inside the workspace succeeds", async () => {
    const file = path.join(workspace, "allowed.txt");
    const result = await run(WORKSPACE_WRITE, writeTo(file));
    expect(result.exitCode, result.aggregated).toBe(0);
    expect(readFileSync(file, "utf8")).toBe("pwned\n");
  });

  it("network_access: true lets the same connection through", async () => {
    const before = connections;
    const result = await run({ ...WORKSPACE_WRITE, network_access: true }, ATTEMPTS[2]!.command("net"));
    expect(result.exitCode, result.aggregated).toBe(0);
    await connectionCount(before + 1);
  });

  it("network_access: true lets the Unix socket connection through too", async () => {
    const before = connections;
    const result = await run({ ...WORKSPACE_WRITE, network_access: true }, connectUnix(socketOutside));
    expect(result.exitCode, result.aggregated).toBe(0);
    await connectionCount(before + 1);
  });

  it("read-only refuses the Unix socket with EPERM, like workspace-write", async () => {
    const before = connections;
    const result = await run({ type: "read-only" }, connectUnix(socketInWorkspace));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/connect EPERM/);
    expect(connections).toBe(before);
  });

  it("read-only denies writing even inside the workspace", async () => {
    const file = path.join(workspace, "read-only.txt");
    const result = await run({ type: "read-only" }, writeTo(file));
    expect(existsSync(file)).toBe(false);
    expect(looksLikeSandboxDenial(result), result.aggregated).toBe(true);
  });
});

describe("escape suite: hardening (matters most when running as root)", () => {
  const HARDENING: { name: string; command: () => string[]; escaped: (r: ProcessResult) => boolean }[] = [
    {
      name: "unmount the read-only .git bind, then write",
      command: () => ["sh", "-c", 'umount "$0/.git" && echo x > "$0/.git/unmounted"', workspace],
      escaped: () => existsSync(path.join(workspace, ".git", "unmounted")),
    },
    {
      name: "remount / read-write, then write outside",
      command: () => ["sh", "-c", 'mount -o remount,rw,bind / && echo x > "$0/remounted"', outside],
      escaped: () => existsSync(path.join(outside, "remounted")),
    },
    {
      // Only asks whether it could write (no write happens): kernel.core_pattern runs programs as host root.
      name: "get write access to a kernel sysctl",
      command: () => ["sh", "-c", "test -w /proc/sys/kernel/core_pattern"],
      escaped: (result) => result.exitCode === 0,
    },
  ];
  it.each(HARDENING)("$name → denied", async (attempt) => {
    const result = await run(WORKSPACE_WRITE, attempt.command());
    expect(attempt.escaped(result), result.aggregated).toBe(false);
    tally.hardening++;
  });

  const sleepersNamed = (marker: string) =>
    readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(marker);
        } catch {
          return false; // exited while we looked
        }
      });

  it("a background process does not outlive the sandboxed command", async () => {
    const marker = `${600 + Math.floor(Math.random() * 1000)}.4242`;
    const result = await run(WORKSPACE_WRITE, ["sh", "-c", `sleep ${marker} & echo started`]);
    expect(result.stdout).toBe("started\n");
    await vi.waitFor(() => expect(sleepersNamed(marker)).toEqual([]), { timeout: 20_000 });
  });

  it("an interrupt kills everything inside the sandbox", async () => {
    const marker = `${600 + Math.floor(Math.random() * 1000)}.4343`;
    const controller = new AbortController();
    const result = await run(
      WORKSPACE_WRITE,
      ["sh", "-c", `sleep ${marker} & echo started; wait`],
      undefined,
      controller.signal,
      (chunk) => {
        if (chunk.includes("started")) controller.abort();
      },
    );
    expect(result.aborted).toBe(true);
    await vi.waitFor(() => expect(sleepersNamed(marker)).toEqual([]), { timeout: 20_000 });
  });
});

// ptrace would let a command attach to its bwrap parent (outside the sandbox's mounts); process_vm_* read
// and write another process's memory. PTRACE_TRACEME and reading one's own memory succeed anywhere
// unfiltered, so a failure here is the seccomp filter's doing.
const PROCESS_PROBE = `
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
what = sys.argv[1]
if what == "ptrace":
    rc = libc.ptrace(0, 0, 0, 0)
else:
    class iovec(ctypes.Structure):
        _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]
    src = ctypes.create_string_buffer(b"secret!")
    dst = ctypes.create_string_buffer(8)
    local = iovec(ctypes.cast(dst, ctypes.c_void_p), 8)
    remote = iovec(ctypes.cast(src, ctypes.c_void_p), 8)
    rc = libc.process_vm_readv(os.getpid(), ctypes.byref(local), 1, ctypes.byref(remote), 1, 0)
if rc < 0:
    print(what + ": " + os.strerror(ctypes.get_errno()), file=sys.stderr)
    sys.exit(1)
print(what + ": ok")
`;
const PROCESS_POLICIES: [string, SandboxPolicy][] = [
  ["read-only", { type: "read-only" }],
  ["workspace-write", WORKSPACE_WRITE],
  ["workspace-write with network", { ...WORKSPACE_WRITE, network_access: true }],
];

describe("escape suite: ptrace and process memory, under every policy", () => {
  describe.each(PROCESS_POLICIES)("%s", (_name, policy) => {
    it.each(["ptrace", "process_vm_readv"])("%s → EPERM", async (what) => {
      const result = await run(policy, ["python3", "-c", PROCESS_PROBE, what]);
      expect(result.exitCode, result.aggregated).toBe(1);
      expect(result.stderr).toContain(`${what}: Operation not permitted`);
    });
  });

  it.each(["ptrace", "process_vm_readv"])("%s works without a sandbox (control)", async (what) => {
    const result = await run(FULL_ACCESS, ["python3", "-c", PROCESS_PROBE, what]);
    expect(result.exitCode, result.aggregated).toBe(0);
  });
});

describe("escape suite: the same commands without a sandbox", () => {
  // Credential filtering applies in every sandbox mode, so the control turns it off explicitly.
  it.each(ATTEMPTS)("$name → allowed under danger-full-access", async (attempt) => {
    const result = await run(FULL_ACCESS, attempt.command("unconfined"), { ignore_default_excludes: true });
    expect(await attempt.escaped(result, "unconfined"), result.aggregated).toBe(true);
    tally.allowed++;
  });

  it("reports the tally", () => {
    const line =
      `escape suite: ${tally.denied}/${ATTEMPTS.length} denied under workspace-write, ` +
      `${tally.allowed}/${ATTEMPTS.length} allowed under danger-full-access ` +
      `(+${tally.hardening} hardening attempts denied)`;
    // eslint-disable-next-line no-console -- the tally is meant to be read in CI logs
    console.log(line);
    expect(tally).toEqual({ denied: ATTEMPTS.length, allowed: ATTEMPTS.length, hardening: 3 });
  });
});
