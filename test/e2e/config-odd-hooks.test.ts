// An odd key in `[hooks]` is accepted as Codex 0.169 accepts it: the run goes on (the key is named in a
// warning, since it names no hook event), and nothing crashes. Hook discovery runs while the session is
// still being built, so its warnings wait for the first event the session sends.
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

type FakeModel = Awaited<ReturnType<typeof startFakeModel>>;
const app = useAppServer();
let model: FakeModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe("odd keys in [hooks]", () => {
  it.each([
    ["an unknown event", "[hooks]\nbogus = 1\n", "unknown hook event bogus"],
    [
      "an event that is not a list",
      "[hooks]\nPreToolUse = 1\n",
      "config.toml: PreToolUse: Invalid input: expected array",
    ],
    [
      "a group without hooks",
      "[hooks]\nStop = [{ odd = 1 }]\n",
      "config.toml: Stop: Invalid input: expected array",
    ],
  ])("%s: the turn runs and a warning names it", async (_name, toml, warning) => {
    model = await startFakeModel({ replies: [reply.message("done")] });
    const home = makeHome(model.url, toml);
    const run = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("done\n");
    expect(run.stderr).toMatch(new RegExp(`^warning: hooks: .*${warning.replace(/[.*]/g, "\\$&")}`, "m"));
    expect(run.stderr).not.toMatch(/Cannot read|TypeError|\n\s+at /);
    expect(model.requests).toHaveLength(1);
  });

  it("app-server: the thread runs; hooks/list answers, with the warning", async () => {
    const { home, model: m, client } = await app.start({ toml: "[hooks]\nbogus = 1\n" });
    const threadId = await startThread(client, { cwd: home.cwd });
    m.push(reply.message("done"));
    const turn = await runTurn(client, threadId, "hi");
    expect(turn.status).toBe("completed");
    const listed = await client.call("hooks/list", { cwds: [home.cwd] });
    expect((listed.data as Json[])[0]).toMatchObject({
      hooks: [],
      errors: [],
      warnings: [expect.stringMatching(/^unknown hook event bogus in /)],
    });
  });
});
