// `codex-ts queue` then `codex-ts resume ID PROMPT` in a real terminal (tmux): the resumed thread runs the
// queued messages first, one turn each and in order, then the prompt, as Codex's resume (an app-server's
// thread/resume) takes them.
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "../support/cli.js";
import { lastUserText, reply } from "../support/fake-model.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe("codex-ts resume runs queued messages", () => {
  it("queued turns first, then the prompt typed on the command line", async () => {
    const { home } = await tui.start({ ready: false });
    const made = await runCli(["exec", "--json", "first turn"], { env: home.env, cwd: home.cwd });
    const id = String(jsonLines(made.stdout)[0]?.thread_id);
    for (const message of ["queued one", "queued two"]) {
      const run = await runCli(["queue", "--thread", id, "--message", message], {
        env: home.env,
        cwd: home.cwd,
      });
      expect(run.code).toBe(0);
    }
    const model = tui.model!;
    const from = model.requests.length;
    const term = await tui.open(home, { args: ["resume", id, "the prompt"], ready: false });
    await term.waitFor("• (fake model) you said: the prompt");
    expect(model.requests.slice(from).map((r) => lastUserText(r.body.input ?? []))).toEqual([
      "queued one",
      "queued two",
      "the prompt",
    ]);
  });

  it("a queued turn that fails stops the queue there: the prompt still goes, the rest stays queued", async () => {
    const { home } = await tui.start({ ready: false });
    const made = await runCli(["exec", "--json", "first turn"], { env: home.env, cwd: home.cwd });
    const id = String(jsonLines(made.stdout)[0]?.thread_id);
    for (const message of ["queued one", "queued two"]) {
      const run = await runCli(["queue", "--thread", id, "--message", message], {
        env: home.env,
        cwd: home.cwd,
      });
      expect(run.code).toBe(0);
    }
    const model = tui.model!;
    model.push(reply.httpError(400, { message: "refused for this one" }));
    const from = model.requests.length;
    const term = await tui.open(home, { args: ["resume", id, "the prompt"], ready: false });
    await term.waitFor("• (fake model) you said: the prompt");
    expect(model.requests.slice(from).map((r) => lastUserText(r.body.input ?? []))).toEqual([
      "queued one",
      "the prompt",
    ]);
    // The failed one was taken as its turn; the one after it waits for a later resume.
    const db = new Database(join(home.codexHome, "queue.sqlite"), { readonly: true });
    try {
      const rows = db.prepare("SELECT payload_json FROM queued_messages").all() as Array<{
        payload_json: string;
      }>;
      expect(rows.map((r) => r.payload_json)).toEqual([expect.stringContaining("queued two")]);
    } finally {
      db.close();
    }
  });
});
