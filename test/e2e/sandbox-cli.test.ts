// `codex-ts sandbox linux -- CMD` and `codex-ts doctor` through the built binary, under real bubblewrap.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/cli.js";

const home = makeHome("http://127.0.0.1:9", "", { git: false });
const env = { ...home.env, MY_PASSWORD: "hunter2-secret", OPENAI_API_KEY: "sk-model-key-0123456789" };
afterAll(() => rmSync(join(home.cwd, ".."), { recursive: true, force: true }));

const PTRACE = [
  "python3",
  "-c",
  "import ctypes,os,sys\nl=ctypes.CDLL(None,use_errno=True)\n" +
    "sys.exit(0) if l.ptrace(0,0,0,0)==0 else sys.exit(os.strerror(ctypes.get_errno()))",
];

describe("codex-ts sandbox linux", () => {
  it("read-only by default: the command runs, cannot write, and has no secrets", async () => {
    const res = await runCli(
      ["sandbox", "linux", "--", "sh", "-c", 'echo "pw=$MY_PASSWORD key=$OPENAI_API_KEY"; touch made.txt'],
      { env, cwd: home.cwd },
    );
    expect(res.stdout).toBe("pw= key=\n");
    expect(res.stderr).toMatch(/Read-only file system/);
    expect(res.code).not.toBe(0);
    expect(existsSync(join(home.cwd, "made.txt"))).toBe(false);
  });

  it("--full-auto writes the workspace but not .git or .codex, and ptrace is refused", async () => {
    const write = await runCli(
      ["sandbox", "linux", "--full-auto", "--", "sh", "-c", "touch made.txt; git init -q; mkdir -p .codex/x"],
      { env, cwd: home.cwd },
    );
    expect(existsSync(join(home.cwd, "made.txt")), write.stderr).toBe(true);
    expect(existsSync(join(home.cwd, ".git", "HEAD"))).toBe(false);
    expect(existsSync(join(home.cwd, ".codex", "x"))).toBe(false);
    const ptrace = await runCli(["sandbox", "linux", "--full-auto", "--", ...PTRACE], { env, cwd: home.cwd });
    expect(ptrace.code).toBe(1);
    expect(ptrace.stderr).toMatch(/Operation not permitted/);
  });

  it("exits with the command's exit code", async () => {
    const res = await runCli(["sandbox", "linux", "--", "sh", "-c", "exit 7"], { env, cwd: home.cwd });
    expect(res.code).toBe(7);
  });
});

/** PATH with the tools the tests use but no bwrap: how a machine without bubblewrap looks. */
function pathWithoutBwrap(): string {
  const bin = join(home.cwd, "..", "bin-without-bwrap");
  mkdirSync(bin, { recursive: true });
  for (const tool of ["sh", "touch", "mkdir", "git", "python3", "true", "cat"]) {
    const found = (process.env.PATH ?? "")
      .split(":")
      .map((dir) => join(dir, tool))
      .find((file) => existsSync(file));
    // A version-manager shim (pyenv) needs its own PATH: link the real interpreter instead.
    const real =
      tool === "python3"
        ? execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim()
        : found;
    if (real && !existsSync(join(bin, tool))) symlinkSync(real, join(bin, tool));
  }
  return bin;
}

describe("without bubblewrap on PATH: the Landlock fallback", () => {
  it("sandbox linux --full-auto still refuses .git, writing outside and ptrace, and warns once", async () => {
    const noBwrap = { ...env, PATH: pathWithoutBwrap() };
    // /tmp is a writable root under --full-auto; /var/tmp is not.
    const outside = `/var/tmp/codex-ts-landlock-e2e-${process.pid}`;
    const res = await runCli(
      [
        "sandbox",
        "linux",
        "--full-auto",
        "--",
        "sh",
        "-c",
        "touch made-ll.txt; git init -q; touch ../outside-ll.txt",
      ],
      { env: noBwrap, cwd: home.cwd },
    );
    expect(res.stderr).toMatch(
      /bubblewrap \(bwrap\) is not installed.*sandboxing with Landlock \+ seccomp instead/,
    );
    expect(existsSync(join(home.cwd, "made-ll.txt")), res.stderr).toBe(true);
    expect(existsSync(join(home.cwd, ".git", "HEAD"))).toBe(false);
    expect(existsSync(outside)).toBe(false);
    const ptrace = await runCli(["sandbox", "linux", "--", ...PTRACE], { env: noBwrap, cwd: home.cwd });
    expect(ptrace.stderr).toMatch(/Operation not permitted/);
  });

  it("doctor reports the fallback and its probes pass", async () => {
    const res = await runCli(["doctor"], { env: { ...env, PATH: pathWithoutBwrap() }, cwd: home.cwd });
    expect(res.stdout).toMatch(/^bubblewrap: unavailable/m);
    expect(res.stdout).toMatch(/^landlock fallback: \//m);
    expect(res.stdout).toMatch(/^sandbox backend: landlock$/m);
    expect(res.stdout).toMatch(/^sandbox: working$/m);
    expect(res.code).toBe(0);
  });
});

describe("codex-ts doctor", () => {
  it("reports bubblewrap, seccomp and the probes it ran", async () => {
    const res = await runCli(["doctor"], { env, cwd: home.cwd });
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^bubblewrap: \//m);
    expect(res.stdout).toMatch(/^seccomp: loaded/m);
    expect(res.stdout).toMatch(/ok {3}workspace-write: create \.git in the workspace fails/);
    expect(res.stdout).toMatch(/^sandbox: working$/m);
  });
});
