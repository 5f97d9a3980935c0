// The app against the real engine and the fake model (real HTTP), keys written to Ink's stdin.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome } from "../../../../test/support/cli.js";
import { reply, startFakeModel } from "../../../../test/support/fake-model.js";
import { loadConfig } from "../../../config/load.js";
import { stripAnsi } from "../../../../test/support/tui-render.js";
import { TuiApp, type ExitSummary } from "./TuiApp.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let app: ReturnType<typeof render> | undefined;
afterEach(async () => {
  app?.unmount();
  app = undefined;
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
});

async function start(replies: Parameters<typeof startFakeModel>[0] = {}, cli: Record<string, unknown> = {}) {
  model = await startFakeModel(replies);
  const home = makeHome(model.url);
  writeFileSync(join(home.codexHome, "auth.json"), JSON.stringify({ OPENAI_API_KEY: "sk-test" }));
  const config = loadConfig({ codexHome: home.codexHome, cwd: home.cwd, env: home.env, cli });
  const exits: ExitSummary[] = [];
  app = render(createElement(TuiApp, { config, onExit: (s) => exits.push(s) }));
  // The session header arrives with session_configured.
  await screenShows("directory:");
  return { home, exits };
}

const screen = () => stripAnsi(app?.lastFrame() ?? "");

/** Waits (bounded) until the screen shows `text`. */
async function screenShows(
  text: string | RegExp | ((screen: string) => boolean),
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const matches = (now: string) =>
    typeof text === "string" ? now.includes(text) : typeof text === "function" ? text(now) : text.test(now);
  for (;;) {
    const now = screen();
    if (matches(now)) return now;
    if (Date.now() > deadline) throw new Error(`screen never showed ${String(text)}:\n${now}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const type = (text: string) => app?.stdin.write(text);

describe("TuiApp", () => {
  it("sends a prompt and shows the streamed answer", async () => {
    await start({ replies: [reply.message("**Hello** from the model")] });
    type("say hello");
    type("\r");
    const text = await screenShows("• Hello from the model");
    expect(text).toContain("› say hello");
    expect(model?.requests).toHaveLength(1);
  });

  it("queues a message typed while a turn runs, and sends it when the turn ends", async () => {
    await start({ replies: [reply.slow("first answer", 40), reply.message("second answer")] });
    type("one");
    type("\r");
    await screenShows("Working (");
    type("two");
    type("\r");
    await screenShows("↳ queued: two");
    const text = await screenShows("• second answer");
    expect(text.indexOf("• first answer")).toBeLessThan(text.indexOf("› two"));
    expect(model?.requests).toHaveLength(2);
  });

  it("asks before running a command under `untrusted`, and runs it on `y`", async () => {
    const { home } = await start(
      {
        replies: [
          reply.shell(["bash", "-lc", "echo approved-run > out.txt; echo done"]),
          reply.message("ok"),
        ],
      },
      { approval_policy: "untrusted", sandbox_mode: "workspace-write" },
    );
    type("make a file");
    type("\r");
    await screenShows("Allow codex-ts to run this command?");
    type("y");
    const text = await screenShows("• ok");
    expect(text).toContain("✔ You approved codex-ts to run echo approved-run > out.txt; echo done");
    expect(text).toMatch(/• Ran echo approved-run > out\.txt; echo done \(\d+m?s\)\n {2}└ done/);
    expect(text).not.toContain("Allow codex-ts");
    expect(home.cwd).toBeTruthy();
  });

  it("tells the model no on `n`", async () => {
    await start(
      { replies: [reply.shell(["bash", "-lc", "touch nope"]), reply.message("understood")] },
      { approval_policy: "untrusted", sandbox_mode: "workspace-write" },
    );
    type("try it");
    type("\r");
    await screenShows("Allow codex-ts to run this command?");
    type("n");
    await screenShows("• understood");
    expect(screen()).toContain("✗ You did not approve codex-ts to run touch nope");
    const outputs =
      model?.requests.at(-1)?.body.input?.filter((i) => i.type === "function_call_output") ?? [];
    expect(outputs).toHaveLength(1);
  });

  it("answers the model's questions with the form", async () => {
    await start({
      replies: [
        reply.functionCall("request_user_input", {
          questions: [
            {
              id: "scope",
              header: "Scope",
              question: "Which files?",
              options: [
                { value: "src_only", label: "Only src/", description: "Leave tests." },
                { value: "all", label: "Everything", description: "All of it." },
              ],
            },
          ],
        }),
        reply.message("thanks"),
      ],
    });
    type("go");
    type("\r");
    await screenShows("Which files?");
    type("2");
    const text = await screenShows("• thanks");
    expect(text).toContain("• You answered");
    expect(text).toContain("└ Which files? Everything");
    const output = model?.requests[1]?.body.input?.find((i) => i.type === "function_call_output");
    expect(JSON.parse(String(output?.output))).toEqual({ answers: { scope: { selected: ["all"] } } });
  });

  it("shows /status with the thread id, and quits on two Ctrl+C", async () => {
    const { exits } = await start();
    type("/status");
    type("\r");
    const text = await screenShows(/Thread id: +[0-9a-f-]{36}/);
    expect(text).toContain("Approval policy:    on-request");
    type("\x03");
    await screenShows("Press Ctrl+C again to quit");
    type("\x03");
    // Bounded generously (20 s): shutting down closes the session's rollout, seconds on a loaded machine.
    for (let i = 0; i < 1_000 && exits.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(exits).toHaveLength(1);
    expect(text).toContain(exits[0]?.threadId ?? "missing");
  });

  it("applies /model with override_turn_context: the next request uses it", async () => {
    await start({ replies: [reply.message("first"), reply.message("second")] });
    type("/model");
    type("\r");
    await screenShows("Select a model");
    type("3"); // gpt-5.1-codex-mini
    await screenShows("Reasoning effort for gpt-5.1-codex-mini");
    type("\x1b[B"); // down: high
    type("\r");
    await screenShows("Model changed to gpt-5.1-codex-mini (reasoning high).");
    expect(screen()).toContain("gpt-5.1-codex-mini high · default mode");
    type("go");
    type("\r");
    await screenShows("• first");
    expect(model?.requests[0]?.body).toMatchObject({
      model: "gpt-5.1-codex-mini",
      reasoning: { effort: "high" },
    });
  });

  it("starts a fresh thread on /new", async () => {
    await start();
    type("/status");
    type("\r");
    const before = /Thread id: +([0-9a-f-]{36})/.exec(await screenShows(/Thread id: +[0-9a-f-]{36}/))?.[1];
    type("/new");
    type("\r");
    await screenShows(
      (() => {
        const headers = (s: string) => s.split(">_ codex-ts").length - 1;
        return { test: (s: string) => headers(s) === 2 } as unknown as RegExp;
      })(),
    );
    type("/status");
    type("\r");
    await screenShows(/Thread id:[\s\S]*Thread id: +[0-9a-f-]{36}/);
    const ids = [...screen().matchAll(/Thread id: +([0-9a-f-]{36})/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(before);
    expect(ids[1]).not.toBe(before);
  });
});
