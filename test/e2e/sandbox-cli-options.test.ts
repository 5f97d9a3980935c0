// `codex-ts sandbox [OPTIONS] [COMMAND]...` as Codex 0.169 takes it, through the built binary under real
// bubblewrap: where the policy comes from (-P, the config's default_permissions, -c sandbox_mode; never a
// config file's sandbox_mode), -p, -C, and the options it refuses with Codex's wording.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/cli.js";

const home = makeHome("http://127.0.0.1:9", "", { git: false });
const config = join(home.codexHome, "config.toml");
const baseConfig = readFileSync(config, "utf8");
// Outside the workspace and outside /tmp (which :workspace may write).
const outside = `/var/tmp/codex-ts-sandbox-options-${process.pid}`;
afterAll(() => {
  rmSync(join(home.cwd, ".."), { recursive: true, force: true });
  rmSync(outside, { force: true });
});
beforeEach(() => writeFileSync(config, baseConfig));

const sandbox = (...args: string[]) => runCli(["sandbox", ...args], { env: home.env, cwd: home.cwd });
/** Tries to create `name` in the workspace; says whether it could. */
const write = (name: string, ...options: string[]) =>
  sandbox(...options, "--", "sh", "-c", `touch ${name} && echo wrote`);

describe("codex-ts sandbox [OPTIONS] [COMMAND]...", () => {
  it("takes the command without `--`: what follows its first word is the command's", async () => {
    const res = await sandbox("echo", "-P", ":workspace", "hi");
    expect(res).toMatchObject({ code: 0, stdout: "-P :workspace hi\n" });
    expect((await sandbox("sh", "-c", "exit 7")).code).toBe(7);
  });

  it("reads a sandbox_mode from -c only, not from config.toml; default_permissions from either", async () => {
    writeFileSync(config, `sandbox_mode = "workspace-write"\n${baseConfig}`);
    const fromFile = await write("from-file.txt");
    expect(fromFile.stderr).toMatch(/Read-only file system/);
    expect(existsSync(join(home.cwd, "from-file.txt"))).toBe(false);
    expect((await write("from-c.txt", "-c", 'sandbox_mode="workspace-write"')).stdout).toBe("wrote\n");

    writeFileSync(config, `default_permissions = ":workspace"\n${baseConfig}`);
    expect((await write("from-profile.txt")).stdout).toBe("wrote\n");
    // A -c sandbox_mode still wins over the file's profile, and -P over any sandbox_mode.
    expect((await write("c-over-profile.txt", "-c", 'sandbox_mode="read-only"')).code).not.toBe(0);
    const named = await write("p-over-c.txt", "-P", ":read-only", "-c", 'sandbox_mode="workspace-write"');
    expect(named.code).not.toBe(0);
    expect(existsSync(join(home.cwd, "p-over-c.txt"))).toBe(false);
    const overC = await write(
      "p-over-c-profile.txt",
      "-P",
      ":workspace",
      "-c",
      'default_permissions=":read-only"',
    );
    expect(overC.stdout).toBe("wrote\n");
  });

  it("-P NAME: the profile decides what is writable and whether there is network", async () => {
    const server = createServer((socket) => socket.end("hello\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const connect = `import socket;s=socket.create_connection(("127.0.0.1",${port}));print(s.recv(6).decode(),end="")`;
    try {
      const workspace = await sandbox("-P", ":workspace", "sh", "-c", `touch ws.txt; touch ${outside}`);
      expect(workspace.stderr).toMatch(/cannot touch '\/var\/tmp\/.*': Read-only file system/);
      expect(existsSync(join(home.cwd, "ws.txt"))).toBe(true);
      expect(existsSync(outside)).toBe(false);
      const offline = await sandbox("-P", ":workspace", "python3", "-c", connect);
      expect(offline.code).not.toBe(0);
      expect(offline.stderr).toMatch(/Operation not permitted|Network is unreachable|Connection refused/);

      const full = await sandbox("-P", ":danger-full-access", "sh", "-c", `touch ${outside}`);
      expect(full.code, full.stderr).toBe(0);
      expect(existsSync(outside)).toBe(true);
      expect(await sandbox("-P", ":danger-full-access", "python3", "-c", connect)).toMatchObject({
        code: 0,
        stdout: "hello\n",
      });
    } finally {
      server.close();
    }

    // A profile of the config's own, by name: what it denies cannot be read.
    writeFileSync(
      config,
      `${baseConfig}\n[permissions.hide.filesystem]\n":root" = "read"\n"secret.env" = "deny"\n`,
    );
    writeFileSync(join(home.cwd, "secret.env"), "TOKEN=1\n");
    writeFileSync(join(home.cwd, "readme.txt"), "hello\n");
    const own = await sandbox("-P", "hide", "sh", "-c", "cat readme.txt; cat secret.env");
    expect(own.stdout).toBe("hello\n");
    expect(own.code).not.toBe(0);
  });

  it("-p NAME layers $CODEX_HOME/NAME.config.toml (Codex 0.169's profile file)", async () => {
    writeFileSync(join(home.codexHome, "writer.config.toml"), 'default_permissions = ":workspace"\n');
    expect((await write("profile-file.txt", "-p", "writer")).stdout).toBe("wrote\n");
    expect(existsSync(join(home.cwd, "profile-file.txt"))).toBe(true);
  });

  it("-C DIR (with -P): the command runs there and DIR is the workspace", async () => {
    const sub = join(home.cwd, "project");
    mkdirSync(sub, { recursive: true });
    const res = await sandbox("-C", "project", "-P", ":workspace", "sh", "-c", "pwd; touch here.txt");
    expect(res).toMatchObject({ code: 0, stdout: `${sub}\n` });
    expect(existsSync(join(sub, "here.txt"))).toBe(true);
    expect(await sandbox("-C", "missing", "-P", ":workspace", "true")).toMatchObject({
      code: 1,
      stderr: "Error: -C missing: no such directory\n",
    });
  });

  it("refuses what it cannot take, with Codex's wording and exit codes", async () => {
    expect(await sandbox()).toMatchObject({ code: 1, stderr: "Error: sandbox command must not be empty\n" });
    expect(await sandbox("no-such-command-xyz")).toMatchObject({
      code: 101,
      stderr: "codex-ts sandbox: Failed to execvp no-such-command-xyz: No such file or directory\n",
    });
    expect(await sandbox("-P", "nope", "true")).toMatchObject({
      code: 1,
      stderr: "Error: default_permissions requires a `[permissions]` table\n",
    });
    expect(await sandbox("-P", ":bogus", "true")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("default_permissions refers to unknown built-in profile `:bogus`"),
    });
    const needsProfile =
      "error: the following required arguments were not provided:\n  --permission-profile <NAME>\n";
    for (const args of [["-C", "."], ["--include-managed-config"]]) {
      const res = await sandbox(...args, "true");
      expect(res.code).toBe(2);
      expect(res.stderr.startsWith(needsProfile)).toBe(true);
    }
    const state = await sandbox("--sandbox-state-disable-network", "true");
    expect(state.code).toBe(2);
    expect(state.stderr).toContain("not provided:\n  --sandbox-state-json <JSON>\n");
    const both = await sandbox("-P", ":workspace", "--sandbox-state-json", "{}", "true");
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(
      "error: the argument '--permission-profile <NAME>' cannot be used with '--sandbox-state-json <JSON>'",
    );
    // No codex/sandbox-state exists in codex-ts (its MCP client sends none): refused, not ignored.
    const json = await sandbox("--sandbox-state-json", '{"permissionProfile":{}}', "true");
    expect(json.code).toBe(1);
    expect(json.stderr).toMatch(/^Error: --sandbox-state-json is not supported: codex-ts sends no/);
    // -p names a file in $CODEX_HOME: a path is a usage error, as for every other command.
    const path = await sandbox("-p", "../x", "true");
    expect(path.code).toBe(2);
    expect(path.stderr).toContain("invalid --profile value `../x`; pass a plain name such as `work`");
    // --full-auto belongs to the older `sandbox linux` form only, as in Codex 0.169.
    expect((await sandbox("--full-auto", "true")).stderr).toContain("unknown option '--full-auto'");
  });

  it("--include-managed-config with -P runs under the profile (codex-ts has no managed layer to add)", async () => {
    expect((await write("managed.txt", "-P", ":workspace", "--include-managed-config")).stdout).toBe(
      "wrote\n",
    );
  });

  it("the older `sandbox linux [--full-auto] [-c ...] -- CMD` still works, options before `linux` too", async () => {
    const res = await sandbox(
      "-c",
      'shell_environment_policy.set={X="1"}',
      "linux",
      "--full-auto",
      "--",
      "sh",
      "-c",
      'touch legacy.txt; echo "x=$X"',
    );
    expect(res).toMatchObject({ code: 0, stdout: "x=1\n" });
    expect(existsSync(join(home.cwd, "legacy.txt"))).toBe(true);
  });

  it("the older form takes -s MODE, and its usage errors exit 2", async () => {
    const writes = await sandbox(
      "linux",
      "-s",
      "workspace-write",
      "--",
      "sh",
      "-c",
      "touch legacy-s.txt && echo wrote",
    );
    expect(writes).toMatchObject({ code: 0, stdout: "wrote\n" });
    const readOnly = await sandbox("linux", "-s", "read-only", "--", "sh", "-c", "touch legacy-ro.txt");
    expect(readOnly.stderr).toMatch(/Read-only file system/);
    expect(existsSync(join(home.cwd, "legacy-ro.txt"))).toBe(false);
    const badMode = await sandbox("linux", "-s", "yolo", "true");
    expect(badMode.code).toBe(2);
    expect(badMode.stderr).toContain("argument 'yolo' is invalid");
    const unknown = await sandbox("linux", "--bogus", "true");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--bogus'");
    expect((await sandbox("linux", "-p", "../x", "true")).code).toBe(2);
  });
});
