import { describe, expect, it } from "vitest";
import { buildBwrapArgs, PROC_READ_ONLY_PATHS, SECCOMP_WRAPPER, type BwrapArgsInput } from "./bwrap-args.js";

const PROLOGUE = ["bwrap", "--new-session", "--die-with-parent", "--unshare-pid", "--cap-drop", "ALL"];
const BASE_MOUNTS = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
const PROC_HARDENING = PROC_READ_ONLY_PATHS.flatMap((p) => ["--ro-bind-try", p, p]);

const base: BwrapArgsInput = {
  command: ["ls", "-la"],
  cwd: "/ws",
  writableRoots: [],
  readOnlySubpaths: [],
  networkAllowed: false,
};

describe("buildBwrapArgs", () => {
  // prettier-ignore
  const cases: { name: string; input: Partial<BwrapArgsInput>; expected: string[] }[] = [
    {
      name: "read-only, network off",
      input: {},
      expected: [...PROLOGUE, "--unshare-net", ...BASE_MOUNTS, ...PROC_HARDENING, "--chdir", "/ws", "--", "ls", "-la"],
    },
    {
      name: "network allowed keeps the host network",
      input: { networkAllowed: true },
      expected: [...PROLOGUE, ...BASE_MOUNTS, ...PROC_HARDENING, "--chdir", "/ws", "--", "ls", "-la"],
    },
    {
      name: "writable roots in order, then .git re-protected",
      input: { writableRoots: ["/tmp", "/ws"], readOnlySubpaths: ["/ws/.git"] },
      expected: [
        ...PROLOGUE,
        "--unshare-net",
        ...BASE_MOUNTS,
        ...PROC_HARDENING,
        "--bind", "/tmp", "/tmp",
        "--bind", "/ws", "/ws",
        "--ro-bind", "/ws/.git", "/ws/.git",
        "--chdir", "/ws", "--", "ls", "-la",
      ],
    },
    {
      name: "custom bwrap path and a command with spaces and dashes stays verbatim",
      input: { bwrapPath: "/usr/bin/bwrap", command: ["bash", "-lc", "echo 'a b' -- --x"], cwd: "/a b" },
      expected: [
        "/usr/bin/bwrap",
        ...PROLOGUE.slice(1),
        "--unshare-net",
        ...BASE_MOUNTS,
        ...PROC_HARDENING,
        "--chdir", "/a b", "--", "bash", "-lc", "echo 'a b' -- --x",
      ],
    },
    {
      name: "denied paths masked last, over the writable roots: a file by the placeholder (itself read-only), a folder by a mode-000 tmpfs",
      input: {
        writableRoots: ["/ws"],
        readOnlySubpaths: ["/ws/.git"],
        deniedPaths: [
          { path: "/ws/private", kind: "dir" },
          { path: "/ws/secret.env", kind: "file" },
        ],
        denyPlaceholder: "/home/.codex/sandbox-denied-placeholder",
      },
      expected: [
        ...PROLOGUE,
        "--unshare-net",
        ...BASE_MOUNTS,
        ...PROC_HARDENING,
        "--bind", "/ws", "/ws",
        "--ro-bind", "/ws/.git", "/ws/.git",
        "--ro-bind", "/home/.codex/sandbox-denied-placeholder", "/home/.codex/sandbox-denied-placeholder",
        "--perms", "0000", "--tmpfs", "/ws/private", "--remount-ro", "/ws/private",
        "--ro-bind", "/home/.codex/sandbox-denied-placeholder", "/ws/secret.env",
        "--chdir", "/ws", "--", "ls", "-la",
      ],
    },
  ];
  it.each(cases)("$name", ({ input, expected }) => {
    expect(buildBwrapArgs({ ...base, ...input })).toEqual(expected);
  });

  it("limited reads: an empty read-only root with the readable paths bound in, writable roots on top", () => {
    // prettier-ignore
    expect(buildBwrapArgs({ ...base, writableRoots: ["/ws"], readableRoots: ["/usr", "/etc", "/ws"] })).toEqual([
      ...PROLOGUE,
      "--unshare-net",
      "--tmpfs", "/",
      "--ro-bind-try", "/usr", "/usr",
      "--ro-bind-try", "/etc", "/etc",
      "--ro-bind-try", "/ws", "/ws",
      "--dev", "/dev", "--proc", "/proc",
      ...PROC_HARDENING,
      "--bind", "/ws", "/ws",
      "--remount-ro", "/",
      "--chdir", "/ws", "--", "ls", "-la",
    ]);
  });

  it("refuses denied files without the placeholder to bind over them; folders need none", () => {
    expect(() => buildBwrapArgs({ ...base, deniedPaths: [{ path: "/ws/a", kind: "file" }] })).toThrow(
      /need the deny placeholder/,
    );
    expect(buildBwrapArgs({ ...base, deniedPaths: [{ path: "/ws/d", kind: "dir" }] })).toContain("--tmpfs");
  });

  describe("network seccomp filter", () => {
    const FILTER = "/proc/42/fd/9";

    it("network off: /bin/sh opens the filter as fd 3 and execs bwrap, which gets --seccomp 3", () => {
      const argv = buildBwrapArgs({ ...base, seccompFilterPath: FILTER });
      // prettier-ignore
      expect(argv).toEqual([
        "/bin/sh", "-c", 'exec 3<"$1"; shift; exec "$@"', "codex-sandbox", FILTER,
        ...PROLOGUE, "--unshare-net", "--seccomp", "3",
        ...BASE_MOUNTS, ...PROC_HARDENING, "--chdir", "/ws", "--", "ls", "-la",
      ]);
      expect(argv.slice(0, SECCOMP_WRAPPER.length)).toEqual(SECCOMP_WRAPPER);
    });

    it("--seccomp is a bwrap option: it comes before `--` and the command", () => {
      const argv = buildBwrapArgs({ ...base, seccompFilterPath: FILTER, command: ["--seccomp", "4"] });
      expect(argv.indexOf("--seccomp")).toBeLessThan(argv.indexOf("--"));
      expect(argv.slice(argv.indexOf("--") + 1)).toEqual(["--seccomp", "4"]);
    });

    it("network on: the (process-rules) filter given is installed too, without --unshare-net", () => {
      const argv = buildBwrapArgs({ ...base, networkAllowed: true, seccompFilterPath: FILTER });
      expect(argv.slice(0, SECCOMP_WRAPPER.length + 1)).toEqual([...SECCOMP_WRAPPER, FILTER]);
      expect(argv).toContain("--seccomp");
      expect(argv).not.toContain("--unshare-net");
    });

    it("no filter given: no wrapper", () => {
      const argv = buildBwrapArgs({ ...base, networkAllowed: true });
      expect(argv[0]).toBe("bwrap");
      expect(argv).not.toContain("--seccomp");
    });
  });

  it("puts every read-only subpath after every writable bind, so the read-only bind wins", () => {
    const argv = buildBwrapArgs({
      ...base,
      writableRoots: ["/a", "/b"],
      readOnlySubpaths: ["/a/.git", "/b/.git"],
    });
    const lastBind = argv.lastIndexOf("--bind");
    const firstSubpath = argv.indexOf("/a/.git") - 1;
    expect(argv[firstSubpath]).toBe("--ro-bind");
    expect(firstSubpath).toBeGreaterThan(lastBind);
  });

  it("the command comes only after `--`", () => {
    const argv = buildBwrapArgs({ ...base, command: ["--bind", "/", "/"] });
    expect(argv.slice(argv.indexOf("--") + 1)).toEqual(["--bind", "/", "/"]);
  });

  it("refuses an empty command", () => {
    expect(() => buildBwrapArgs({ ...base, command: [] })).toThrow(/empty command/);
  });
});
