// `default_permissions` and `[permissions.NAME]` through the real binary (exec) under bubblewrap: the profile
// decides what a command may write (the workspace, a profile's extra root, the temp dirs or not), a built-in
// profile works by name, `--sandbox` wins over it as in Codex, and what the sandbox cannot enforce is refused.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";
import { runTurn, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let home: TestHome | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
  if (home) rmSync(join(home.cwd, ".."), { recursive: true, force: true });
  home = undefined;
});

/** Runs `exec` with `toml` whose model runs `script` once; the folders beside cwd are `extra` and `outside`. */
async function run(
  toml: (root: string) => string,
  script: string,
  args: string[] = [],
  prepare?: (root: string) => void,
) {
  model = await startFakeModel({ replies: [reply.shell(["bash", "-c", script]), reply.message("done")] });
  // The profile names folders of the test's own root, known once makeHome made it.
  home = makeHome(model.url, toml("@ROOT@"));
  const root = join(home.cwd, "..");
  mkdirSync(join(root, "extra"));
  mkdirSync(join(root, "outside"));
  const file = join(home.codexHome, "config.toml");
  writeFileSync(file, readFileSync(file, "utf8").replaceAll("@ROOT@", root));
  prepare?.(root);
  const res = await runCli(["exec", "--json", "-a", "never", ...args, "go"], {
    env: home.env,
    cwd: home.cwd,
  });
  const command = jsonLines(res.stdout)
    .filter((e) => e.type === "item.completed")
    .map((e) => e.item as { type: string; aggregated_output?: string })
    .find((i) => i.type === "command_execution");
  return { res, root, out: command?.aggregated_output ?? "" };
}

const WRITE_ALL = "touch in.txt; touch ../extra/x.txt; touch ../outside/y.txt; echo finished";

describe("permission profiles", () => {
  it("a named profile: writes in the workspace roots (with its extra root), not beside them", async () => {
    const { res, root, out } = await run(
      (r) =>
        `default_permissions = "edit"\n[permissions.edit.workspace_roots]\n"${r}/extra" = true\n` +
        `[permissions.edit.filesystem]\n":minimal" = "read"\n` +
        `[permissions.edit.filesystem.":workspace_roots"]\n"." = "write"\n`,
      WRITE_ALL,
    );
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home!.cwd, "in.txt"))).toBe(true);
    expect(existsSync(join(root, "extra", "x.txt"))).toBe(true);
    // Outside every root, and the temp dirs (where the test's folders are) are not the profile's to write;
    // without `":root" = "read"` they are not even there to read.
    expect(existsSync(join(root, "outside", "y.txt"))).toBe(false);
    expect(out).toMatch(/cannot touch '..\/outside\/y.txt': No such file or directory/);
  });

  it("without `:root` read, a command reads only the workspace roots, the named paths and :minimal", async () => {
    const { res, out } = await run(
      (r) =>
        `default_permissions = "narrow"\n[permissions.narrow.filesystem]\n":minimal" = "read"\n` +
        `"${r}/outside/shared" = "read"\n":workspace_roots" = "write"\n`,
      "cat mine.txt; cat ../outside/shared/s.txt; cat ../outside/other.txt 2>&1; echo other=$?; " +
        "test -r /etc/passwd && echo etc-readable",
      [],
      (root) => {
        writeFileSync(join(root, "work", "mine.txt"), "MINE\n");
        mkdirSync(join(root, "outside", "shared"), { recursive: true });
        writeFileSync(join(root, "outside", "shared", "s.txt"), "SHARED\n");
        writeFileSync(join(root, "outside", "other.txt"), "OTHER\n");
      },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(out).toContain("MINE\nSHARED\n");
    expect(out).toMatch(/other\.txt: No such file or directory\nother=1/);
    expect(out).not.toContain("OTHER");
    expect(out).toContain("etc-readable");
  });

  it("the built-in :workspace also writes the temp dirs; :read-only writes nothing", async () => {
    const workspace = await run(() => 'default_permissions = ":workspace"', WRITE_ALL);
    expect(workspace.res.code, workspace.res.stderr).toBe(0);
    expect(existsSync(join(workspace.root, "outside", "y.txt"))).toBe(true);
    await model?.close();
    rmSync(workspace.root, { recursive: true, force: true });

    const readOnly = await run(() => 'default_permissions = ":read-only"', WRITE_ALL);
    expect(readOnly.res.code, readOnly.res.stderr).toBe(0);
    expect(existsSync(join(home!.cwd, "in.txt"))).toBe(false);
    expect(readOnly.out).toMatch(/Read-only file system/);
  });

  it("--sandbox wins over default_permissions", async () => {
    const { res } = await run(() => 'default_permissions = ":read-only"', WRITE_ALL, [
      "-s",
      "workspace-write",
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home!.cwd, "in.txt"))).toBe(true);
  });

  it("the deny rule once refused now loads and hides the path", async () => {
    const deny = await run(
      () =>
        'default_permissions = "p"\n[permissions.p.filesystem]\n":root" = "read"\n' +
        '":workspace_roots" = "write"\n"~/.ssh" = "deny"\n',
      "cat ~/.ssh/id 2>&1; echo cat-id=$?",
      [],
      (root) => {
        mkdirSync(join(root, ".ssh"));
        writeFileSync(join(root, ".ssh", "id"), "KEY\n");
      },
    );
    expect(deny.res.code, deny.res.stderr).toBe(0);
    expect(deny.out).toMatch(/Permission denied\ncat-id=1/);
    expect(deny.out).not.toContain("KEY");
  });

  it("refuses what the sandbox cannot enforce, and an unknown profile, with a clear error", async () => {
    const socks = await run(
      () =>
        'default_permissions = "p"\n[permissions.p.filesystem]\n":workspace_roots" = "write"\n' +
        "[permissions.p.network]\nenabled = true\nenable_socks5 = true\n",
      "true",
    );
    expect(socks.res.code).not.toBe(0);
    expect(socks.res.stderr).toMatch(
      /permissions profile `p`: network\.enable_socks5 = true is not supported by codex-ts's sandbox/,
    );
    await model?.close();
    rmSync(socks.root, { recursive: true, force: true });

    // As Codex 0.169 words it: no [permissions] table at all, or one without that profile.
    const noTable = await run(() => 'default_permissions = "nope"', "true");
    expect(noTable.res.code).not.toBe(0);
    expect(noTable.res.stderr).toMatch(/default_permissions requires a `\[permissions\]` table/);
    await model?.close();
    rmSync(noTable.root, { recursive: true, force: true });
    const unknown = await run(
      () => 'default_permissions = "nope"\n[permissions.other.filesystem]\n":root" = "read"\n',
      "true",
    );
    expect(unknown.res.code).not.toBe(0);
    expect(unknown.res.stderr).toMatch(/default_permissions refers to undefined profile `nope`/);
  });

  it("app-server: a thread runs under the profile and its settings name it", async () => {
    const { client } = await app.start({
      toml: 'default_permissions = "dev"\n[permissions.dev]\nextends = ":workspace"\n',
      model: { fallback: reply.message("ok") },
    });
    const started = await client.call("thread/start", {});
    expect(started.sandbox).toMatchObject({ type: "workspaceWrite" });
    // A turn that changes the model (not the sandbox) announces the settings, profile included.
    await runTurn(client, (started.thread as Json).id as string, "hi", { params: { model: "gpt-5-other" } });
    const update = client.received.find((m) => m.method === "thread/settings/updated");
    expect((update?.params as Json).threadSettings).toMatchObject({
      activePermissionProfile: { id: "dev", extends: ":workspace" },
    });
  });
});
