// What codex-ts makes in the temp folder it is given ($TMPDIR) is gone once it exits: the network allowlist
// proxy's socket folder, for a turn's sandboxed command and for `codex-ts sandbox`. Each command lists
// $TMPDIR while it runs, so the folder is known to have been used. The folder a killed codex-ts could not
// remove goes with the next proxied command.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { leaveDeadSocket } from "../support/dead-socket.js";
import { CLI, jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";
import { onFileEnd, scratchDir } from "../support/scratch.js";
import { waitForFile } from "../support/wait-for-file.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

const ALLOWLIST = [
  "-c",
  "sandbox_workspace_write.network_access=true",
  "-c",
  'sandbox_workspace_write.allowed_domains=["127.0.0.2"]',
];

/** A home whose CLI runs get their own, empty, temp folder. */
function homeWithTmp(url = "http://127.0.0.1:9"): { home: TestHome; tmp: string } {
  const home = makeHome(url);
  const tmp = scratchDir("codex-ts-tmpdir-");
  home.env.TMPDIR = tmp;
  return { home, tmp };
}

describe("the temp folder after codex-ts exits", () => {
  it("exec: the allowlist proxy's folder, there while the sandboxed command ran, is removed", async () => {
    model = await startFakeModel({
      replies: [reply.shell(["sh", "-c", 'ls -A "$TMPDIR"']), reply.message("done")],
    });
    const { home, tmp } = homeWithTmp(model.url);
    const res = await runCli(["exec", "--json", "-s", "workspace-write", ...ALLOWLIST, "go"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code, res.stderr).toBe(0);
    const command = jsonLines(res.stdout)
      .filter((e) => e.type === "item.completed")
      .map((e) => e.item as { type: string; aggregated_output?: string })
      .find((i) => i.type === "command_execution");
    expect(command?.aggregated_output).toMatch(/^codex-net-/m);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("sandbox linux: the same for a command run through the allowlist proxy", async () => {
    const { home, tmp } = homeWithTmp();
    const res = await runCli(
      ["sandbox", "linux", "--full-auto", ...ALLOWLIST, "--", "sh", "-c", 'ls -A "$TMPDIR"'],
      { env: home.env, cwd: home.cwd },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^codex-net-/m);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("the proxy folder a killed codex-ts left is removed by the next proxied command", async () => {
    model = await startFakeModel({
      replies: [reply.shell(["sh", "-c", 'ls -A "$TMPDIR"']), reply.message("done")],
    });
    const { home, tmp } = homeWithTmp(model.url);
    const left = join(tmp, "codex-net-killed");
    mkdirSync(left);
    await leaveDeadSocket(join(left, "proxy.sock"));
    const longAgo = new Date(Date.now() - 120_000);
    utimesSync(left, longAgo, longAgo);
    const res = await runCli(["exec", "--json", "-s", "workspace-write", ...ALLOWLIST, "go"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code, res.stderr).toBe(0);
    const command = jsonLines(res.stdout)
      .filter((e) => e.type === "item.completed")
      .map((e) => e.item as { type: string; aggregated_output?: string })
      .find((i) => i.type === "command_execution");
    // While the command ran: its own proxy's folder alone.
    expect(command?.aggregated_output?.match(/^codex-net-.*$/gm)).toEqual([
      expect.not.stringMatching(/^codex-net-killed$/),
    ]);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("exec interrupted (SIGINT) while the proxied command runs: the proxy's folder is removed all the same", async () => {
    model = await startFakeModel({
      replies: [reply.shell(["sh", "-c", "touch started; sleep 60"]), reply.message("stopped")],
    });
    const { home, tmp } = homeWithTmp(model.url);
    const child = spawn(
      process.execPath,
      [CLI, "exec", "--json", "-s", "workspace-write", ...ALLOWLIST, "go"],
      {
        env: home.env,
        cwd: home.cwd,
        stdio: "ignore",
      },
    );
    onFileEnd(() => void child.kill("SIGKILL"));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await waitForFile(join(home.cwd, "started"), 60_000);
    expect(readdirSync(tmp).filter((name) => name.startsWith("codex-net-"))).toHaveLength(1);
    child.kill("SIGINT");
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      exited,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("exec did not exit within 30 s of SIGINT")), 30_000);
      }),
    ]).finally(() => clearTimeout(timer));
    expect(readdirSync(tmp)).toEqual([]);
  });
});
