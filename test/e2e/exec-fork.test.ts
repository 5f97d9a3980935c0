// `codex-ts exec fork <SESSION|name> [PROMPT]` through the built CLI, as the real Codex 0.169 behaves:
// without a prompt only the fork is made (thread.started, exit 0, stdin left unread); with one, the
// forked thread's history plus the prompt goes to the model; '-' reads the prompt from stdin.
import { appendFileSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lastUserText, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";
import type { FakeModel } from "../support/proto-events.js";

let model: FakeModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** The conversation the model saw (user and assistant texts), without injected context. */
function conversation(input: Array<Record<string, unknown>>): string[] {
  return input
    .filter((i) => i.type === "message" && (i.role === "user" || i.role === "assistant"))
    .map((i) => (i.content as Array<{ text?: string }>).map((c) => c.text ?? "").join(""))
    .filter((t) => !t.startsWith("<environment_context>") && !t.startsWith("# AGENTS.md"));
}

function rolloutOf(home: TestHome, id: string): string {
  const root = join(home.codexHome, "sessions");
  const file = readdirSync(root, { recursive: true, encoding: "utf8" }).find((f) =>
    f.endsWith(`${id}.jsonl`),
  );
  if (!file) throw new Error(`no rollout for ${id}`);
  return join(root, file);
}

async function firstThread(home: TestHome): Promise<string> {
  const first = await runCli(["exec", "--json", "first prompt"], { env: home.env, cwd: home.cwd });
  expect(first.code).toBe(0);
  return String(jsonLines(first.stdout)[0]?.thread_id);
}

describe("exec fork", () => {
  it("without a prompt: a new thread holding the parent's history, thread.started only, stdin unread", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const parent = await firstThread(home);

    const res = await runCli(["exec", "fork", "--json", parent], {
      env: home.env,
      cwd: home.cwd,
      stdin: "not a prompt\n",
    });
    expect(res.code).toBe(0);
    const events = jsonLines(res.stdout);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe("thread.started");
    const child = String(events[0]?.thread_id);
    expect(child).not.toBe(parent);
    expect(model.requests).toHaveLength(1);

    const lines = readFileSync(rolloutOf(home, child), "utf8").trim().split("\n");
    const meta = JSON.parse(lines[0] ?? "{}") as { payload: Record<string, unknown> };
    expect(meta.payload.id).toBe(child);
    expect(meta.payload.forked_from_id).toBe(parent);
    expect(lines.join("\n")).toContain("first prompt");
    expect(lines.join("\n")).not.toContain("not a prompt");
  });

  it("with a prompt: the model gets the parent's conversation then the prompt; piped stdin is not appended", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const parent = await firstThread(home);

    const res = await runCli(["exec", "fork", "--json", parent, "second prompt"], {
      env: home.env,
      cwd: home.cwd,
      stdin: "extra\n",
    });
    expect(res.code).toBe(0);
    const events = jsonLines(res.stdout);
    expect(events.map((e) => e.type)).toEqual([
      "thread.started",
      "turn.started",
      "item.completed",
      "turn.completed",
    ]);
    const child = String(events[0]?.thread_id);
    expect(child).not.toBe(parent);
    expect(res.stderr).not.toContain("Reading additional input");
    const request = model.requests[1];
    expect(conversation(request?.body.input ?? [])).toEqual([
      "first prompt",
      "(fake model) you said: first prompt",
      "second prompt",
    ]);
    expect(request?.body.prompt_cache_key).toBe(child);
    // The parent is untouched: its file still ends with its own first turn.
    expect(readFileSync(rolloutOf(home, parent), "utf8")).not.toContain("second prompt");
  });

  it("'-' reads the prompt from stdin; an empty stdin is refused", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const parent = await firstThread(home);

    const res = await runCli(["exec", "--json", "fork", parent, "-"], {
      env: home.env,
      cwd: home.cwd,
      stdin: "from stdin\n",
    });
    expect(res.code).toBe(0);
    expect(lastUserText(model.requests[1]?.body.input ?? [])).toBe("from stdin\n");

    const empty = await runCli(["exec", "fork", parent, "-"], { env: home.env, cwd: home.cwd, stdin: "" });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toBe("No prompt provided via stdin.\n");
    expect(model.requests).toHaveLength(2);
  });

  it("takes a thread name (session_index.jsonl); an unknown name or id, or an archived thread, is an error", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const parent = await firstThread(home);
    // The line thread/name/set writes (and the real Codex reads).
    appendFileSync(
      join(home.codexHome, "session_index.jsonl"),
      `${JSON.stringify({ id: parent, thread_name: "my thread", updated_at: new Date().toISOString() })}\n`,
    );

    const named = await runCli(["exec", "fork", "--json", "my thread", "named fork"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(named.code).toBe(0);
    expect(conversation(model.requests[1]?.body.input ?? [])[0]).toBe("first prompt");
    expect(lastUserText(model.requests[1]?.body.input ?? [])).toBe("named fork");

    const unknownName = await runCli(["exec", "fork", "My Thread", "x"], { env: home.env, cwd: home.cwd });
    expect(unknownName.code).toBe(1);
    expect(unknownName.stderr).toBe("Error: Session not found: My Thread\n");

    const unknownId = await runCli(["exec", "fork", "11111111-2222-4333-8444-555555555555", "x"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(unknownId.code).toBe(1);
    expect(unknownId.stderr).toContain("11111111-2222-4333-8444-555555555555");
    expect(model.requests).toHaveLength(2);

    // exec resume takes the name too (the same thread, not a new one).
    const resumed = await runCli(["exec", "resume", "--json", "my thread", "by name"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(resumed.code).toBe(0);
    expect(jsonLines(resumed.stdout)[0]?.thread_id).toBe(parent);

    // An archived thread is not forked (as in Codex): unarchive it first.
    expect((await runCli(["archive", parent], { env: home.env, cwd: home.cwd })).code).toBe(0);
    const archived = await runCli(["exec", "fork", parent, "x"], { env: home.env, cwd: home.cwd });
    expect(archived.code).toBe(1);
    expect(archived.stderr).toContain(`unarchive ${parent}`);
    expect(model.requests).toHaveLength(3);
  });
});
