import { describe, expect, it } from "vitest";
import { sandboxPolicyFromMode, type SandboxPolicy } from "../protocol/policies.js";
import { PROC_READ_ONLY_PATHS, SECCOMP_WRAPPER } from "./bwrap-args.js";
import type { FsProbe } from "./fs-probe.js";
import { NETWORK_DISABLED_ENV, planExec, type PlanExecInput, type RunnablePlan } from "./plan.js";
import { SANDBOX_EXEC_PATH } from "./seatbelt.js";

/** A filesystem made of a list of existing paths and a symlink table. */
function fakeFs(existing: string[], links: Record<string, string> = {}): FsProbe {
  const present = new Set(existing);
  return { exists: (p) => present.has(p), realpath: (p) => links[p] ?? p };
}

const FS = fakeFs(["/ws", "/ws/.git", "/tmp", "/var/tmpdir", "/extra", "/extra/.git", "/home/me/.codex"]);

function plan(overrides: Partial<PlanExecInput> & { policy: SandboxPolicy }) {
  return planExec({
    command: ["ls"],
    cwd: "/ws",
    env: { PATH: "/usr/bin", TMPDIR: "/var/tmpdir" },
    platform: "linux",
    bwrapAvailable: true,
    probe: FS,
    ...overrides,
  });
}

function runnable(p: ReturnType<typeof planExec>): RunnablePlan {
  if (p.backend === "unavailable") throw new Error(`unexpected unavailable plan: ${p.reason}`);
  return p;
}

const ws = (opts: Parameters<typeof sandboxPolicyFromMode>[1] = {}) =>
  sandboxPolicyFromMode("workspace-write", opts);

describe("planExec: backend choice", () => {
  it.each([
    ["danger-full-access", "linux", true, "direct"],
    ["danger-full-access", "linux", false, "direct"],
    ["danger-full-access", "win32", false, "direct"],
    ["read-only", "linux", true, "bwrap"],
    ["workspace-write", "linux", true, "bwrap"],
    ["read-only", "darwin", false, "seatbelt"],
    ["workspace-write", "darwin", false, "seatbelt"],
    ["read-only", "linux", false, "unavailable"],
    ["workspace-write", "linux", false, "unavailable"],
    ["workspace-write", "win32", true, "unavailable"],
  ] as const)("%s on %s (bwrap %s) → %s", (mode, platform, bwrapAvailable, backend) => {
    expect(plan({ policy: sandboxPolicyFromMode(mode), platform, bwrapAvailable }).backend).toBe(backend);
  });

  it("direct runs the command as is, with the env as given and the network on", () => {
    expect(plan({ policy: { type: "danger-full-access" }, command: ["rm", "-rf", "x"] })).toEqual({
      backend: "direct",
      argv: ["rm", "-rf", "x"],
      env: { PATH: "/usr/bin", TMPDIR: "/var/tmpdir" },
      writableRoots: ["/"],
      readOnlySubpaths: [],
      maskedSubpaths: [],
      networkAllowed: true,
    });
  });

  it("an unavailable bwrap says why, quoting the detection reason", () => {
    const p = plan({
      policy: ws(),
      bwrapAvailable: false,
      bwrapUnavailableReason: "install the bubblewrap package",
    });
    expect(p).toEqual({
      backend: "unavailable",
      reason: "cannot sandbox on Linux: install the bubblewrap package",
    });
  });
});

describe("planExec: writable roots", () => {
  it("workspace-write: cwd, writable_roots, $TMPDIR and /tmp; each .git read-only; network off", () => {
    const p = runnable(plan({ policy: ws({ writable_roots: ["/extra"] }) }));
    expect(p.writableRoots).toEqual(["/extra", "/tmp", "/ws", "/var/tmpdir"]);
    expect(p.readOnlySubpaths).toEqual(["/extra/.git", "/ws/.git"]);
    expect(p.networkAllowed).toBe(false);
    expect(p.env[NETWORK_DISABLED_ENV]).toBe("1");
  });

  it.each([
    [{ exclude_tmpdir_env_var: true }, ["/tmp", "/ws"]],
    [{ exclude_slash_tmp: true }, ["/ws", "/var/tmpdir"]],
    [{ exclude_tmpdir_env_var: true, exclude_slash_tmp: true }, ["/ws"]],
  ])("exclusions %o → %o", (opts, roots) => {
    expect(runnable(plan({ policy: ws(opts) })).writableRoots).toEqual(roots);
  });

  it("skips missing roots, resolves symlinks, de-duplicates and sorts parents first", () => {
    const probe = fakeFs(["/ws", "/ws/sub", "/private/tmp", "/tmp"], { "/tmp": "/private/tmp" });
    const p = runnable(
      plan({ policy: ws({ writable_roots: ["sub", "/missing", "/tmp"] }), env: { TMPDIR: "/tmp" }, probe }),
    );
    expect(p.writableRoots).toEqual(["/ws", "/private/tmp", "/ws/sub"]);
    expect(p.readOnlySubpaths).toEqual([]);
  });

  it("keeps CODEX_HOME read-only when it lies inside a writable root", () => {
    const probe = fakeFs(["/home/me", "/home/me/.codex"]);
    const policy = ws({ exclude_slash_tmp: true, exclude_tmpdir_env_var: true });
    const inside = runnable(plan({ policy, cwd: "/home/me", codexHome: "/home/me/.codex", probe }));
    expect(inside.readOnlySubpaths).toEqual(["/home/me/.codex"]);
    const outside = runnable(plan({ policy, cwd: "/ws", codexHome: "/home/me/.codex" }));
    expect(outside.readOnlySubpaths).toEqual(["/ws/.git"]);
  });

  it("a .git that is a file (worktree pointer) is protected too", () => {
    const probe = fakeFs(["/ws", "/ws/.git"]);
    expect(runnable(plan({ policy: ws({ exclude_slash_tmp: true }), probe })).readOnlySubpaths).toEqual([
      "/ws/.git",
    ]);
  });

  it("a gitdir: file pointing inside a root protects its target and the target's commondir", () => {
    const files: Record<string, string> = {
      "/ws/.git": "gitdir: ../ws/real-git/worktrees/w\n",
      "/ws/real-git/worktrees/w/commondir": "../..\n",
    };
    const probe: FsProbe = {
      ...fakeFs(["/ws", "/ws/.git", "/ws/real-git", "/ws/real-git/worktrees/w"]),
      readTextFile: (p) => files[p],
    };
    const policy = ws({ exclude_slash_tmp: true, exclude_tmpdir_env_var: true });
    const p = runnable(plan({ policy, probe }));
    expect(p.readOnlySubpaths).toEqual(["/ws/.git", "/ws/real-git", "/ws/real-git/worktrees/w"]);
  });

  it("shared temp roots keep only what exists: no placeholder /tmp/.git for everyone to trip on", () => {
    const probe = fakeFs(["/ws", "/tmp", "/tmp/.git", "/var/tmpdir"]);
    const p = runnable(plan({ policy: ws(), probe }));
    expect(p.readOnlySubpaths).toEqual(["/tmp/.git"]);
    expect(p.maskedSubpaths).toEqual(["/ws/.agents", "/ws/.codex", "/ws/.git"]);
  });

  it("protected names that do not exist yet are masked, so they cannot be created", () => {
    const probe = fakeFs(["/ws"]);
    const policy = ws({ exclude_slash_tmp: true, exclude_tmpdir_env_var: true });
    const p = runnable(plan({ policy, probe, codexHome: "/ws/home" }));
    expect(p.readOnlySubpaths).toEqual([]);
    expect(p.maskedSubpaths).toEqual(["/ws/.agents", "/ws/.codex", "/ws/.git", "/ws/home"]);
    expect(p.argv).toEqual(expect.arrayContaining(["--tmpfs", "/ws/.git", "--remount-ro", "/ws/.git"]));
  });

  it("network_access turns the network on and drops the marker", () => {
    const p = runnable(plan({ policy: ws({ network_access: true }) }));
    expect(p.networkAllowed).toBe(true);
    expect(p.env[NETWORK_DISABLED_ENV]).toBeUndefined();
    expect(p.argv).not.toContain("--unshare-net");
  });

  it("read-only: nothing writable, network off", () => {
    const p = runnable(plan({ policy: { type: "read-only" } }));
    expect(p.writableRoots).toEqual([]);
    expect(p.readOnlySubpaths).toEqual([]);
    expect(p.networkAllowed).toBe(false);
  });
});

describe("planExec: argv", () => {
  it("linux wraps the command in bwrap with the resolved roots", () => {
    const p = runnable(
      plan({
        policy: ws({ exclude_slash_tmp: true, exclude_tmpdir_env_var: true }),
        bwrapPath: "/usr/bin/bwrap",
      }),
    );
    expect(p.argv).toEqual([
      "/usr/bin/bwrap",
      "--new-session",
      "--die-with-parent",
      "--unshare-pid",
      "--cap-drop",
      "ALL",
      "--unshare-net",
      "--ro-bind",
      "/",
      "/",
      "--dev",
      "/dev",
      "--proc",
      "/proc",
      ...PROC_READ_ONLY_PATHS.flatMap((path) => ["--ro-bind-try", path, path]),
      "--bind",
      "/ws",
      "/ws",
      "--ro-bind",
      "/ws/.git",
      "/ws/.git",
      ...["/ws/.agents", "/ws/.codex"].flatMap((p) => ["--tmpfs", p, "--remount-ro", p]),
      "--chdir",
      "/ws",
      "--",
      "ls",
    ]);
  });

  it("macOS wraps the command in sandbox-exec and marks the env", () => {
    const p = runnable(
      plan({ policy: ws({ exclude_slash_tmp: true, exclude_tmpdir_env_var: true }), platform: "darwin" }),
    );
    expect(p.argv[0]).toBe(SANDBOX_EXEC_PATH);
    expect(p.argv.slice(3)).toEqual([
      "-DWRITABLE_ROOT_0=/ws",
      "-DWRITABLE_ROOT_0_RO_0=/ws/.git",
      "-DWRITABLE_ROOT_0_RO_1=/ws/.agents",
      "-DWRITABLE_ROOT_0_RO_2=/ws/.codex",
      "--",
      "ls",
    ]);
    expect(p.env.CODEX_SANDBOX).toBe("seatbelt");
  });

  it("does not mutate the env it was given", () => {
    const env = { PATH: "/usr/bin" };
    plan({ policy: { type: "read-only" }, env });
    expect(env).toEqual({ PATH: "/usr/bin" });
  });

  it("refuses an empty command", () => {
    expect(() => plan({ policy: { type: "read-only" }, command: [] })).toThrow(/empty command/);
  });
});

describe("planExec: network seccomp filter (Unix sockets)", () => {
  const FILTER = "/proc/42/fd/9";

  const READ_ONLY: SandboxPolicy = { type: "read-only" };
  it.each([[READ_ONLY], [ws()]])("network off (%o): filtered, no warning", (policy) => {
    const p = runnable(plan({ policy, seccompFilterPath: FILTER }));
    expect(p.argv.slice(0, SECCOMP_WRAPPER.length + 1)).toEqual([...SECCOMP_WRAPPER, FILTER]);
    expect(p.argv).toEqual(expect.arrayContaining(["--unshare-net", "--seccomp", "3"]));
    expect(p.warning).toBeUndefined();
  });

  it("network on: the network-on filter (ptrace and friends), no warning", () => {
    const ON = "/proc/42/fd/10";
    const p = runnable(
      plan({
        policy: ws({ network_access: true }),
        seccompFilterPath: FILTER,
        seccompNetworkOnFilterPath: ON,
      }),
    );
    expect(p.argv.slice(0, SECCOMP_WRAPPER.length + 1)).toEqual([...SECCOMP_WRAPPER, ON]);
    expect(p.argv).not.toContain("--unshare-net");
    expect(p.warning).toBeUndefined();
  });

  it("network on without its filter: sandboxed, with a warning that ptrace stays allowed", () => {
    const p = runnable(plan({ policy: ws({ network_access: true }), seccompFilterPath: FILTER }));
    expect(p.argv).not.toContain("--seccomp");
    expect(p.warning).toMatch(/can use ptrace/);
  });

  it("network off without a filter: still sandboxed, with a warning that quotes the reason", () => {
    const p = runnable(
      plan({ policy: ws(), seccompUnavailableReason: "no seccomp syscall table for riscv64" }),
    );
    expect(p.backend).toBe("bwrap");
    expect(p.argv).toContain("--unshare-net");
    expect(p.argv).not.toContain("--seccomp");
    expect(p.warning).toMatch(/no seccomp filter \(no seccomp syscall table for riscv64\)/);
    expect(p.warning).toMatch(/can still connect to Unix sockets/);
  });

  it("no warning outside bwrap (danger-full-access, macOS)", () => {
    expect(runnable(plan({ policy: { type: "danger-full-access" } })).warning).toBeUndefined();
    expect(runnable(plan({ policy: ws(), platform: "darwin" })).warning).toBeUndefined();
  });
});

describe("planExec: network allowlist (allowed_domains)", () => {
  const policy = ws({ network_access: true, allowed_domains: ["example.com"], exclude_slash_tmp: true });
  const networkProxy = {
    socketPath: "/run/p/proxy.sock",
    bridgeArgv: ["/usr/bin/node", "/d/proxy-bridge.js"],
  };
  const filters = { seccompFilterPath: "/proc/1/fd/off", seccompNetworkOnFilterPath: "/proc/1/fd/on" };

  it("bwrap: own network namespace, the network-on filter, the bridge in front, the socket dir read-only", () => {
    const p = runnable(plan({ policy, networkProxy, ...filters, command: ["curl", "x"] }));
    expect(p).toMatchObject({ backend: "bwrap", networkAllowed: false, networkProxied: true });
    expect(p.warning).toBeUndefined();
    expect(p.env[NETWORK_DISABLED_ENV]).toBeUndefined();
    expect(p.argv).toContain("--unshare-net");
    expect(p.argv.slice(SECCOMP_WRAPPER.length, SECCOMP_WRAPPER.length + 1)).toEqual(["/proc/1/fd/on"]);
    expect(p.argv.join(" ")).toContain("--ro-bind /run/p /run/p");
    expect(p.argv.slice(-6)).toEqual([
      "/usr/bin/node",
      "/d/proxy-bridge.js",
      "/run/p/proxy.sock",
      "--",
      "curl",
      "x",
    ]);
  });

  it("without a proxy the network is off, and the user is told why", () => {
    const p = runnable(plan({ policy, ...filters, networkProxyUnavailableReason: "no bridge" }));
    expect(p).toMatchObject({ networkAllowed: false });
    expect(p.networkProxied).toBeUndefined();
    expect(p.argv).toContain("--unshare-net");
    expect(p.argv).toContain("/proc/1/fd/off");
    expect(p.env[NETWORK_DISABLED_ENV]).toBe("1");
    expect(p.warning).toMatch(/allowed_domains is set but no bridge: .*network off/);
  });

  it("Landlock and Seatbelt cannot enforce it: network off, with a warning", () => {
    const landlock = runnable(
      plan({ policy, networkProxy, ...filters, bwrapAvailable: false, landlockHelperPath: "/h" }),
    );
    expect(landlock).toMatchObject({ backend: "landlock", networkAllowed: false });
    expect(landlock.warning).toMatch(/allowed_domains needs bwrap's network namespace: network off/);
    const seatbelt = runnable(plan({ policy, networkProxy, platform: "darwin", bwrapAvailable: false }));
    expect(seatbelt).toMatchObject({ backend: "seatbelt", networkAllowed: false });
    expect(seatbelt.warning).toMatch(/only enforced on Linux/);
  });

  it("network_access = false wins over allowed_domains: no proxy, network off", () => {
    const off = ws({ network_access: false, allowed_domains: ["example.com"] });
    const p = runnable(plan({ policy: off, networkProxy, ...filters }));
    expect(p.networkProxied).toBeUndefined();
    expect(p.argv).not.toContain("/d/proxy-bridge.js");
    expect(p.warning).toBeUndefined();
  });
});

describe("planExec: paths the permission profile denies", () => {
  const holder = "/home/me/.codex/sandbox-denied-placeholder";
  const deniedPaths = [
    { path: "/ws/private", kind: "dir" as const },
    { path: "/ws/secret.env", kind: "file" as const },
  ];
  // prettier-ignore
  const MASKS = [
    "--ro-bind", holder, holder,
    "--perms", "0000", "--tmpfs", "/ws/private", "--remount-ro", "/ws/private",
    "--ro-bind", holder, "/ws/secret.env",
  ];

  it("workspace-write masks them after the writable roots and their protected parts", () => {
    const p = runnable(
      plan({
        policy: ws({ exclude_slash_tmp: true, exclude_tmpdir_env_var: true }),
        deniedPaths,
        denyPlaceholder: holder,
      }),
    );
    const i = p.argv.indexOf("--chdir");
    expect(p.argv.slice(i - MASKS.length, i)).toEqual(MASKS);
    expect(p.argv.indexOf("/ws/.git")).toBeLessThan(p.argv.indexOf("/ws/private"));
  });

  it("danger-full-access still runs in bwrap: all writable, network on, only the denied paths masked", () => {
    const p = runnable(
      plan({ policy: { type: "danger-full-access" }, deniedPaths, denyPlaceholder: holder }),
    );
    expect(p.backend).toBe("bwrap");
    expect(p.networkAllowed).toBe(true);
    expect(p.argv).not.toContain("--unshare-net");
    expect(p.argv).toEqual(expect.arrayContaining(["--bind", "/", "/"]));
    const i = p.argv.indexOf("--chdir");
    expect(p.argv.slice(i - MASKS.length, i)).toEqual(MASKS);
  });

  it("without bwrap nothing can hide them: no plan, and no Landlock or Seatbelt fallback", () => {
    for (const policy of [{ type: "danger-full-access" } as const, ws()]) {
      const none = plan({
        policy,
        deniedPaths,
        denyPlaceholder: holder,
        bwrapAvailable: false,
        landlockHelperPath: "/x/helper",
      });
      expect(none).toMatchObject({ backend: "unavailable" });
      expect((none as { reason: string }).reason).toMatch(
        /denies reading \/ws\/private and 1 more, which only bubblewrap can enforce/,
      );
    }
    expect(plan({ policy: ws(), deniedPaths, platform: "darwin", bwrapAvailable: false })).toMatchObject({
      backend: "unavailable",
      reason: expect.stringMatching(/not on darwin/),
    });
  });

  it("limited reads go to bwrap (never to danger-full-access), and need it", () => {
    const p = runnable(plan({ policy: ws(), readableRoots: ["/usr", "/ws"] }));
    expect(p.argv).toEqual(
      expect.arrayContaining(["--tmpfs", "/", "--ro-bind-try", "/usr", "/usr", "--remount-ro"]),
    );
    expect(p.argv).not.toContain("--ro-bind-try /ws");
    expect(plan({ policy: { type: "danger-full-access" }, readableRoots: ["/usr"] }).backend).toBe("direct");
    expect(plan({ policy: ws(), readableRoots: ["/usr"], bwrapAvailable: false })).toMatchObject({
      backend: "unavailable",
      reason: expect.stringMatching(/limits reads to the paths it names, which only bubblewrap can enforce/),
    });
  });

  it("a proxied command can read the bridge that carries its network", () => {
    const p = runnable(
      plan({
        policy: ws({ network_access: true, allowed_domains: ["example.com"] }),
        readableRoots: ["/usr"],
        networkProxy: {
          socketPath: "/tmp/codex-net-1/proxy.sock",
          bridgeArgv: ["/opt/node/bin/node", "/app/dist/proxy-bridge.js"],
        },
      }),
    );
    expect(p.argv).toEqual(
      expect.arrayContaining([
        "--ro-bind-try",
        "/opt/node/bin/node",
        "/opt/node/bin/node",
        "--ro-bind-try",
        "/app/dist/proxy-bridge.js",
      ]),
    );
  });
});
