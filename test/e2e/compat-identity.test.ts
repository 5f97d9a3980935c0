// Identity as version-gated Codex clients read it: `--version`, and exec's stderr header with the session id.
import { afterEach, describe, expect, it } from "vitest";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

describe("identity", () => {
  it("--version names the Codex version first, then codex-ts's own", async () => {
    const res = await runCli(["--version"], { env: { PATH: process.env.PATH } });
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^codex-cli 0\.169\.0 \(codex-ts \d+\.\d+\.\d+\)\n$/);
  });

  it("exec prints the Codex header on stderr; its session id resumes the thread", async () => {
    model = await startFakeModel({ replies: [reply.message("first"), reply.message("second")] });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "hello"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    // stdin is a pipe here, so exec first reads it for a <stdin> block (empty: nothing is appended).
    expect(res.stderr).toMatch(
      /^Reading additional input from stdin\.\.\.\nOpenAI Codex v0\.169\.0 \(codex-ts [\d.]+\)\n--------\nworkdir: .+\nmodel: .+\nprovider: openai\napproval: never\nsandbox: read-only\nreasoning effort: .+\nreasoning summaries: auto\nsession id: [0-9a-f-]{36}\n--------\nuser\nhello\n/,
    );
    expect(res.stderr).toMatch(/\ncodex\nfirst\ntokens used\n15\n$/);
    const id = /session id: ([0-9a-f-]{36})/.exec(res.stderr)?.[1] ?? "";
    const again = await runCli(["exec", "resume", id, "again"], { env: home.env, cwd: home.cwd });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`session id: ${id}`);
    const input = model.requests[1]?.body.input ?? [];
    expect(JSON.stringify(input)).toContain("hello");
    expect(lastUserText(input)).toBe("again");
  });
});
