// Permission profiles that deny paths, through the real binary under real bubblewrap: a denied file
// (`**/*.env`, expanded when the command starts, git-ignored or not) cannot be read by a command while its
// neighbours can, a denied folder is unreadable, the agent's apply_patch and the app-server's fs/* refuse
// them too, and a full-access profile still hides them.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, sse, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";
import { useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let home: TestHome | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
  if (home) rmSync(join(home.cwd, ".."), { recursive: true, force: true });
  home = undefined;
});

const DENY_PROFILE =
  'default_permissions = "guarded"\n' +
  "[permissions.guarded.filesystem]\n" +
  '":root" = "read"\n' +
  "glob_scan_max_depth = 4\n" +
  '[permissions.guarded.filesystem.":workspace_roots"]\n' +
  '"." = "write"\n' +
  '"**/*.env" = "deny"\n' +
  '"private" = "none"\n';

/** A workspace with secrets at several depths, one of them git-ignored, beside ordinary files. */
function plant(cwd: string): void {
  execFileSync("git", ["init", "-q"], { cwd });
  writeFileSync(join(cwd, ".gitignore"), "ignored/\n");
  writeFileSync(join(cwd, "secret.env"), "TOP-SECRET\n");
  mkdirSync(join(cwd, "ignored", "deep"), { recursive: true });
  writeFileSync(join(cwd, "ignored", "deep", "prod.env"), "DEEP-SECRET\n");
  writeFileSync(join(cwd, "readme.txt"), "hello world\n");
  mkdirSync(join(cwd, "private"));
  writeFileSync(join(cwd, "private", "key.pem"), "PRIVATE-KEY\n");
}

const PROBE = [
  // Each command's errors go to stdout, so the output keeps its order.
  "cat secret.env 2>&1; echo cat-secret=$?",
  "cat ignored/deep/prod.env 2>&1; echo cat-deep=$?",
  "cat readme.txt 2>&1; echo cat-readme=$?",
  "ls private 2>&1; echo ls-private=$?",
  "cat private/key.pem 2>&1; echo cat-key=$?",
  "(echo more >> secret.env) 2>&1; echo append-secret=$?",
  "echo new > made.txt; echo write-workspace=$?",
].join("; ");

async function execWith(toml: string, replies: NonNullable<Parameters<typeof startFakeModel>[0]>["replies"]) {
  model = await startFakeModel({ replies });
  home = makeHome(model.url, toml, { git: false });
  plant(home.cwd);
  const res = await runCli(["exec", "--json", "-a", "never", "go"], { env: home.env, cwd: home.cwd });
  const items = jsonLines(res.stdout)
    .filter((e) => e.type === "item.completed")
    .map((e) => e.item as Record<string, unknown>);
  return { res, items };
}

function commandOutput(items: Record<string, unknown>[]): string {
  const output = items.find((i) => i.type === "command_execution")?.aggregated_output;
  return typeof output === "string" ? output : "";
}

describe("permission profiles that deny reads (bubblewrap)", () => {
  it("a denied file cannot be read or written by a command; its neighbours can; a denied folder is unreadable", async () => {
    const { res, items } = await execWith(DENY_PROFILE, [
      reply.shell(["bash", "-c", PROBE]),
      reply.message("done"),
    ]);
    expect(res.code, res.stderr).toBe(0);
    const out = commandOutput(items);
    expect(out).toContain("hello world\ncat-readme=0");
    expect(out).toMatch(/secret\.env: Permission denied\ncat-secret=1/);
    expect(out).toMatch(/prod\.env: Permission denied\ncat-deep=1/);
    expect(out).toMatch(/cannot open directory 'private': Permission denied\nls-private=2/);
    expect(out).toMatch(/key\.pem: Permission denied\ncat-key=1/);
    expect(out).toMatch(/append-secret=1/);
    expect(out).toContain("write-workspace=0");
    expect(out).not.toMatch(/TOP-SECRET|DEEP-SECRET|PRIVATE-KEY/);
    // Nothing of the files changed on the host, and the workspace stayed writable.
    expect(readFileSync(join(home!.cwd, "secret.env"), "utf8")).toBe("TOP-SECRET\n");
    expect(readFileSync(join(home!.cwd, "made.txt"), "utf8")).toBe("new\n");
    // The model was told, so it neither tries nor asks to escalate.
    expect(JSON.stringify(model!.requests[0]?.body)).toContain(`<glob>${join(home!.cwd, "**/*.env")}</glob>`);
  });

  it("exec_command (unified exec, with a terminal) masks them the same way", async () => {
    model = await startFakeModel({
      replies: [
        reply.exec("cat secret.env 2>&1; echo cat-secret=$?; cat readme.txt", { tty: true }),
        reply.message("done"),
      ],
    });
    home = makeHome(model.url, DENY_PROFILE, { git: false, shellTool: "default" });
    plant(home.cwd);
    const res = await runCli(["exec", "--json", "-a", "never", "go"], { env: home.env, cwd: home.cwd });
    expect(res.code, res.stderr).toBe(0);
    const out = commandOutput(
      jsonLines(res.stdout)
        .filter((e) => e.type === "item.completed")
        .map((e) => e.item as Record<string, unknown>),
    );
    expect(out).toMatch(/secret\.env: Permission denied\r?\ncat-secret=1/);
    expect(out).toContain("hello world");
    expect(out).not.toContain("TOP-SECRET");
  });

  it("`codex-ts sandbox linux` runs a command under the profile's denial", async () => {
    home = makeHome("http://127.0.0.1:9/v1", DENY_PROFILE, { git: false });
    plant(home.cwd);
    const res = await runCli(["sandbox", "linux", "--", "sh", "-c", "cat readme.txt; cat secret.env"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe("hello world\n");
    expect(res.stderr).toMatch(/secret\.env: Permission denied/);
  });

  it("apply_patch refuses a denied file, whatever the approval policy", async () => {
    const patch = [
      "*** Begin Patch",
      "*** Update File: secret.env",
      "@@",
      "-TOP-SECRET",
      "+LEAKED",
      "*** End Patch",
    ].join("\n");
    const { res, items } = await execWith(DENY_PROFILE, [
      { events: [sse.created(), sse.customToolCall("apply_patch", patch), sse.completed()] },
      reply.message("done"),
    ]);
    expect(res.code, res.stderr).toBe(0);
    const request = model!.requests.at(-1);
    expect(JSON.stringify(request?.body)).toMatch(/secret\.env is denied by the permission profile/);
    expect(items.some((i) => i.type === "file_change" && i.status === "completed")).toBe(false);
    expect(readFileSync(join(home!.cwd, "secret.env"), "utf8")).toBe("TOP-SECRET\n");
  });

  it("a full-access profile still hides what it denies", async () => {
    const toml =
      'default_permissions = "open"\n[permissions.open.filesystem]\n":root" = "write"\n"~/vault" = "deny"\n' +
      "[permissions.open.network]\nenabled = true\n";
    model = await startFakeModel({
      replies: [
        reply.shell(["bash", "-c", "cat ~/vault/pin; echo cat-vault=$?; echo ok > free.txt"]),
        reply.message("done"),
      ],
    });
    home = makeHome(model.url, toml);
    const vault = join(home.cwd, "..", "vault");
    mkdirSync(vault);
    writeFileSync(join(vault, "pin"), "1234\n");
    const res = await runCli(["exec", "--json", "-a", "never", "go"], { env: home.env, cwd: home.cwd });
    expect(res.code, res.stderr).toBe(0);
    const out = commandOutput(
      jsonLines(res.stdout)
        .filter((e) => e.type === "item.completed")
        .map((e) => e.item as Record<string, unknown>),
    );
    expect(out).toMatch(/Permission denied\ncat-vault=1/);
    expect(out).not.toContain("1234");
    expect(readFileSync(join(home.cwd, "free.txt"), "utf8")).toBe("ok\n");
  });

  it("app-server: fs/* refuse denied paths, command/exec cannot read them; others read", async () => {
    const { home: h, client } = await app.start({ toml: DENY_PROFILE, home: { git: false } });
    plant(h.cwd);
    const refused = async (method: string, params: Json) => {
      const response = await client.waitResponse(client.request(method, params));
      expect(response, method).toHaveProperty("error");
      return (response.error as Json).message as string;
    };
    expect(await refused("fs/readFile", { path: join(h.cwd, "secret.env") })).toMatch(
      /secret\.env is denied by the permission profile \(.*\*\*\/\*\.env\)/,
    );
    expect(await refused("fs/readFile", { path: join(h.cwd, "private", "key.pem") })).toMatch(/denied/);
    expect(await refused("fs/readDirectory", { path: join(h.cwd, "private") })).toMatch(/denied/);
    expect(
      await refused("fs/copy", {
        sourcePath: join(h.cwd, "secret.env"),
        destinationPath: join(h.cwd, "copy.txt"),
      }),
    ).toMatch(/denied/);
    // command/exec runs in the same sandbox, a client's full access included.
    for (const sandboxPolicy of [undefined, { type: "dangerFullAccess" }]) {
      const ran = await client.call("command/exec", {
        command: ["cat", join(h.cwd, "secret.env")],
        ...(sandboxPolicy ? { sandboxPolicy } : {}),
      });
      expect(ran).toMatchObject({ exitCode: 1, stderr: expect.stringContaining("Permission denied") });
    }
    const ok = await client.call("fs/readFile", { path: join(h.cwd, "readme.txt") });
    expect(Buffer.from(String(ok.dataBase64), "base64").toString()).toBe("hello world\n");
    // A folder copied whole leaves its denied entries behind.
    mkdirSync(join(h.cwd, "box"));
    writeFileSync(join(h.cwd, "box", "ok.txt"), "fine\n");
    writeFileSync(join(h.cwd, "box", "a.env"), "BOX-SECRET\n");
    await client.call("fs/copy", {
      sourcePath: join(h.cwd, "box"),
      destinationPath: join(h.cwd, "box2"),
      recursive: true,
    });
    expect(readFileSync(join(h.cwd, "box2", "ok.txt"), "utf8")).toBe("fine\n");
    expect(() => readFileSync(join(h.cwd, "box2", "a.env"))).toThrow(/ENOENT/);
  });
});
