// `codex-ts archive|unarchive <SESSION>` by id or by name, with the real Codex 0.169's wording: a name finds
// the most recently named interactive thread on the side the command moves it from.
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";
import type { FakeModel } from "../support/proto-events.js";
import { threadLines, writeRolloutFile } from "../support/rollout-files.js";

let model: FakeModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

function nameThread(home: TestHome, id: string, name: string): void {
  appendFileSync(
    join(home.codexHome, "session_index.jsonl"),
    `${JSON.stringify({ id, thread_name: name, updated_at: new Date().toISOString() })}\n`,
  );
}

const cli = (home: TestHome, args: string[]) => runCli(args, { env: home.env, cwd: home.cwd });

describe("archive and unarchive", () => {
  it("by name: the interactive thread so named moves, and is told by its name and id", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    // A thread the app-server started (source "vscode"), named as thread/name/set names it.
    const id = randomUUID();
    const { path } = writeRolloutFile(
      home.codexHome,
      threadLines(id, 1, { source: "vscode", cwd: home.cwd }),
      {
        id,
      },
    );
    nameThread(home, id, "my work");

    expect(await cli(home, ["archive", "my work"])).toMatchObject({
      code: 0,
      stdout: `Archived session my work (${id}).\n`,
    });
    expect(existsSync(path)).toBe(false);
    // Archived, it is no longer an active session of that name.
    expect(await cli(home, ["archive", "my work"])).toMatchObject({
      code: 1,
      stderr: "Error: No active session found matching 'my work'.\n",
    });
    expect(await cli(home, ["unarchive", "my work"])).toMatchObject({
      code: 0,
      stdout: `Unarchived session my work (${id}).\n`,
    });
    expect(existsSync(path)).toBe(true);
    expect(await cli(home, ["unarchive", "my work"])).toMatchObject({
      code: 1,
      stderr: "Error: No archived session found matching 'my work'.\n",
    });
  });

  it("by id: archive says the id, unarchive names a named thread; an exec thread's name is not looked up", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const res = await cli(home, ["exec", "--json", "to archive"]);
    const id = String(jsonLines(res.stdout)[0]?.thread_id);
    nameThread(home, id, "exec work");

    expect(await cli(home, ["archive", "exec work"])).toMatchObject({
      code: 1,
      stderr: "Error: No active session found matching 'exec work'.\n",
    });
    expect(await cli(home, ["archive", id])).toMatchObject({ code: 0, stdout: `Archived session ${id}.\n` });
    expect(await cli(home, ["unarchive", id])).toMatchObject({
      code: 0,
      stdout: `Unarchived session exec work (${id}).\n`,
    });
  });
});
