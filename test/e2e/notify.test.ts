// `notify = [...]` runs its program with Codex's agent-turn-complete JSON as the last argument.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";
import { waitForFile } from "../support/fleet.js";

type Model = Awaited<ReturnType<typeof startFakeModel>>;
let model: Model | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

// Writes its arguments to `<out>.tmp` and renames it to `<out>`, so the file appears complete.
const RECORDER = `
const fs = require("node:fs");
const [out, ...rest] = process.argv.slice(2);
fs.writeFileSync(out + ".tmp", JSON.stringify(rest));
fs.renameSync(out + ".tmp", out);
`;

describe("notify", () => {
  it("runs the program with the turn's payload when a turn completes", async () => {
    model = await startFakeModel({ replies: [reply.message("all done")] });
    const home = makeHome(model.url);
    const script = join(home.codexHome, "recorder.cjs");
    const out = join(home.codexHome, "payload.json");
    writeFileSync(script, RECORDER);
    const config = readFileSync(join(home.codexHome, "config.toml"), "utf8");
    writeFileSync(
      join(home.codexHome, "config.toml"),
      `notify = [${JSON.stringify(process.execPath)}, ${JSON.stringify(script)}, ${JSON.stringify(out)}]\n${config}`,
    );
    const res = await runCli(["exec", "--json", "say done"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: 20_000,
    });
    expect(res.code, res.stderr).toBe(0);
    const threadId = res.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.type === "thread.started")?.thread_id;
    await waitForFile(out);
    const args = JSON.parse(readFileSync(out, "utf8")) as string[];
    expect(args).toHaveLength(1);
    const payload = JSON.parse(args[0]!) as Record<string, unknown>;
    expect(payload).toEqual({
      type: "agent-turn-complete",
      "thread-id": threadId,
      "turn-id": expect.any(String),
      cwd: home.cwd,
      "input-messages": ["say done"],
      "last-assistant-message": "all done",
    });
  });

  it("a program that cannot start is a warning, and the turn still completes", async () => {
    model = await startFakeModel({ replies: [reply.message("fine")] });
    const home = makeHome(model.url, 'notify = ["/nonexistent/notifier"]');
    const res = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd, timeoutMs: 20_000 });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain("fine");
    expect(res.stderr).toContain("notify: could not run /nonexistent/notifier");
  });
});
