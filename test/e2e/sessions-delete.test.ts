// `codex-ts delete <SESSION>` through the built CLI, as the real Codex 0.169 behaves: --force with an id
// deletes at once; otherwise the question is put on a terminal (stdin and stderr), and refused without
// one. Deleting removes the rollout (active or archived), the index row, the thread's names and its
// subagent threads; nothing else.
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";
import type { FakeModel } from "../support/proto-events.js";
import { killPtyRuns, runCliOnPty } from "../support/pty-cli.js";
import { threadLines, writeRolloutFile } from "../support/rollout-files.js";

let model: FakeModel | undefined;
afterEach(async () => {
  killPtyRuns();
  await model?.close();
  model = undefined;
});

const UNKNOWN = "11111111-2222-4333-8444-555555555555";

async function execThread(home: TestHome, prompt: string): Promise<string> {
  const res = await runCli(["exec", "--json", prompt], { env: home.env, cwd: home.cwd });
  expect(res.code).toBe(0);
  return String(jsonLines(res.stdout)[0]?.thread_id);
}

async function listed(home: TestHome, archived = false): Promise<string[]> {
  const res = await runCli(["sessions", "--all", "--json", ...(archived ? ["--archived"] : [])], {
    env: home.env,
    cwd: home.cwd,
  });
  return (JSON.parse(res.stdout) as { items: Array<{ id: string }> }).items.map((t) => t.id);
}

function nameThread(home: TestHome, id: string, name: string): void {
  appendFileSync(
    join(home.codexHome, "session_index.jsonl"),
    `${JSON.stringify({ id, thread_name: name, updated_at: new Date().toISOString() })}\n`,
  );
}

const namesFile = (home: TestHome): string =>
  readFileSync(join(home.codexHome, "session_index.jsonl"), "utf8");

describe("delete", () => {
  it("--force ID: the rollout, its index row and its names go; the other threads stay", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const doomed = await execThread(home, "doomed");
    const kept = await execThread(home, "kept");
    nameThread(home, doomed, "old name");
    nameThread(home, kept, "kept name");
    // What the app-server keeps beside a rollout (thread/goal/set, thread/readState/update) goes too.
    const state = (file: string) => join(home.codexHome, file);
    const keyed = (value: unknown) => `${JSON.stringify({ [doomed]: value, [kept]: value })}\n`;
    writeFileSync(state("thread_metadata.json"), keyed({ goal: { objective: "x" } }));
    writeFileSync(state("thread_read_state.json"), keyed({ firstUnread: null, revision: "r1" }));
    expect((await listed(home)).sort()).toEqual([doomed, kept].sort());

    const res = await runCli(["delete", "--force", doomed.toUpperCase()], { env: home.env, cwd: home.cwd });
    // A named thread is told by its name too.
    expect(res).toMatchObject({ code: 0, stdout: `Deleted session old name (${doomed}).\n`, stderr: "" });
    expect(await listed(home)).toEqual([kept]);
    expect(namesFile(home)).not.toContain(doomed);
    expect(namesFile(home)).toContain("kept name");
    for (const file of ["thread_metadata.json", "thread_read_state.json"])
      expect(Object.keys(JSON.parse(readFileSync(state(file), "utf8")) as object)).toEqual([kept]);

    const again = await runCli(["delete", "--force", doomed], { env: home.env, cwd: home.cwd });
    expect(again).toMatchObject({ code: 1, stderr: "Error: failed to delete session\n" });
  });

  it("an archived thread is deleted from archived_sessions/", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const id = await execThread(home, "to archive");
    expect((await runCli(["archive", id], { env: home.env, cwd: home.cwd })).code).toBe(0);
    expect(await listed(home, true)).toEqual([id]);

    const res = await runCli(["delete", "--force", id], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    expect(await listed(home, true)).toEqual([]);
  });

  it("subagent threads go with their parent", async () => {
    const home = makeHome("http://127.0.0.1:9/v1");
    const write = (id: string, meta: Record<string, unknown>) =>
      writeRolloutFile(home.codexHome, threadLines(id, 1, meta), { id });
    const parent = randomUUID();
    write(parent, {});
    const child = randomUUID();
    const grandchild = randomUUID();
    const other = randomUUID();
    write(child, { parent_thread_id: parent, source: "subagent" });
    write(grandchild, { parent_thread_id: child, source: "subagent" });
    write(other, {});
    expect(await listed(home)).toHaveLength(4);

    const res = await runCli(["delete", "--force", parent], { env: home.env, cwd: home.cwd });
    expect(res).toMatchObject({ code: 0, stdout: `Deleted session ${parent}.\n` });
    expect(await listed(home)).toEqual([other]);
  });

  it("refusals: unknown session, --force with a name, no terminal to ask on", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const id = await execThread(home, "stays");
    nameThread(home, id, "an exec thread");

    const unknown = await runCli(["delete", UNKNOWN], { env: home.env, cwd: home.cwd });
    expect(unknown).toMatchObject({
      code: 1,
      stderr: `Error: No active or archived session found matching '${UNKNOWN}'.\n`,
    });
    const forcedName = await runCli(["delete", "--force", "an exec thread"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(forcedName).toMatchObject({
      code: 1,
      stderr: "Error: --force requires a session UUID; names must be confirmed interactively\n",
    });
    // Names answer for interactive threads only (as in the real Codex), so an exec thread's is unknown.
    const execName = await runCli(["delete", "an exec thread"], { env: home.env, cwd: home.cwd });
    expect(execName.stderr).toBe("Error: No active or archived session found matching 'an exec thread'.\n");
    const piped = await runCli(["delete", id], { env: home.env, cwd: home.cwd, stdin: "y\n" });
    expect(piped).toMatchObject({
      code: 1,
      stderr:
        "Error: cannot confirm session deletion without an interactive terminal; rerun with --force and a session UUID\n",
    });
    expect(await listed(home)).toEqual([id]);
  });

  it("on a terminal: asks, 'n' cancels, 'yes' deletes; any name it had finds an interactive thread", async () => {
    const home = makeHome("http://127.0.0.1:9/v1");
    // A thread the app-server started (source "vscode"), named as thread/name/set names it.
    const id = randomUUID();
    const { path } = writeRolloutFile(
      home.codexHome,
      threadLines(id, 1, { source: "vscode", cwd: home.cwd }),
      {
        id,
      },
    );
    nameThread(home, id, "app named");
    // Renamed since: its earlier name still finds it, as with archive and exec fork.
    nameThread(home, id, "renamed");

    const asked = runCliOnPty(["delete", "app named"], { env: home.env, cwd: home.cwd });
    await asked.waitFor("Continue? [y/N]: ");
    expect(asked.output()).toContain(
      `Permanently delete session 'app named' (${id})?\r\nThis cannot be undone. Subagent threads will also be deleted.\r\n`,
    );
    asked.type("n\r");
    await asked.waitFor("Delete cancelled.");
    expect(await asked.exited).toBe(0);
    expect(existsSync(path)).toBe(true);

    const confirmed = runCliOnPty(["delete", id], { env: home.env, cwd: home.cwd });
    await confirmed.waitFor("Continue? [y/N]: ");
    confirmed.type("YES\r");
    await confirmed.waitFor(`Deleted session renamed (${id}).`);
    expect(await confirmed.exited).toBe(0);
    expect(existsSync(path)).toBe(false);
    expect(namesFile(home)).toBe("");
    expect(await listed(home)).toEqual([]);
  });
});
