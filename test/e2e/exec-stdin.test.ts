// exec's prompt and stdin, as the real Codex 0.169 reads them: piped stdin after a prompt argument is
// appended as a `<stdin>` block; '-' or no argument takes stdin as the prompt; a terminal is never read
// for more input.
import { afterEach, describe, expect, it } from "vitest";
import { lastUserText, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli } from "../support/cli.js";
import type { FakeModel } from "../support/proto-events.js";
import { killPtyRuns, runCliOnPty } from "../support/pty-cli.js";

let model: FakeModel | undefined;
afterEach(async () => {
  killPtyRuns();
  await model?.close();
  model = undefined;
});

describe("exec with piped stdin", () => {
  it("a prompt argument gets stdin appended as a <stdin> block, exactly as the real exec builds it", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const cases: Array<[string, string, string]> = [
      ["the prompt", "piped data\nline2\n", "the prompt\n\n<stdin>\npiped data\nline2\n</stdin>"],
      // A missing final newline is added; anything else is kept as it came.
      ["p2", "abc", "p2\n\n<stdin>\nabc\n</stdin>"],
      ["p3", "\n  abc  \n\n", "p3\n\n<stdin>\n\n  abc  \n\n</stdin>"],
      // Only whitespace: nothing is appended.
      ["p4", "  \n\n", "p4"],
      ["p5", "", "p5"],
    ];
    for (const [prompt, stdin, expected] of cases) {
      const res = await runCli(["exec", "--json", prompt], { env: home.env, cwd: home.cwd, stdin });
      expect(res.code).toBe(0);
      expect(res.stderr).toContain("Reading additional input from stdin...\n");
      expect(lastUserText(model.requests.at(-1)?.body.input ?? [])).toBe(expected);
    }
  });

  it("'-' or no argument: stdin is the prompt, untouched; empty stdin is refused", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const dash = await runCli(["exec", "--json", "-"], {
      env: home.env,
      cwd: home.cwd,
      stdin: "dash data\n",
    });
    expect(dash.code).toBe(0);
    expect(dash.stderr).not.toContain("Reading");
    expect(lastUserText(model.requests[0]?.body.input ?? [])).toBe("dash data\n");

    const none = await runCli(["exec", "--json"], { env: home.env, cwd: home.cwd, stdin: "only stdin\n" });
    expect(none.code).toBe(0);
    expect(none.stderr).toContain("Reading prompt from stdin...\n");
    expect(lastUserText(model.requests[1]?.body.input ?? [])).toBe("only stdin\n");

    for (const args of [["exec", "-"], ["exec"]]) {
      const empty = await runCli(args, { env: home.env, cwd: home.cwd, stdin: "  \n" });
      expect(empty.code).toBe(1);
      expect(empty.stderr.endsWith("No prompt provided via stdin.\n")).toBe(true);
    }
    expect(model.requests).toHaveLength(2);
  });

  it("exec resume with a prompt leaves piped stdin alone", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const first = await runCli(["exec", "--json", "first"], { env: home.env, cwd: home.cwd });
    const id = String(jsonLines(first.stdout)[0]?.thread_id);
    const resumed = await runCli(["exec", "resume", id, "again"], {
      env: home.env,
      cwd: home.cwd,
      stdin: "extra\n",
    });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).not.toContain("Reading additional input");
    expect(lastUserText(model.requests[1]?.body.input ?? [])).toBe("again");
  });
});

describe("exec on a terminal", () => {
  it("a prompt argument is sent as is (stdin is not read); no prompt at all is refused", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const run = runCliOnPty(["exec", "--json", "tty prompt"], { env: home.env, cwd: home.cwd });
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toContain("Reading");
    expect(lastUserText(model.requests[0]?.body.input ?? [])).toBe("tty prompt");

    const bare = runCliOnPty(["exec"], { env: home.env, cwd: home.cwd });
    await bare.waitFor(
      "No prompt provided. Either specify one as an argument or pipe the prompt into stdin.",
    );
    expect(await bare.exited).toBe(1);
    expect(model.requests).toHaveLength(1);
  });
});
