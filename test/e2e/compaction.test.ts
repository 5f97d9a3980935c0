// Compaction through the binary: automatic past a small limit, manual, after a context overflow, and resume.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isEvent as is, msgOf as msg, teardown, type FakeModel } from "../support/proto-events.js";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, makeHome, runCli, type TestHome } from "../support/cli.js";

let model: FakeModel | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await teardown(proto, model);
  proto = undefined;
  model = undefined;
});

const COMPACT_PROMPT = "You are about to run out of context";

type Input = Array<Record<string, unknown>>;
const texts = (input: Input) =>
  input
    .filter((i) => i.type === "message")
    .map((i) => (i.content as Array<{ text?: string }>).map((c) => c.text ?? "").join(""));
const isSummaryRequest = (input: Input) => lastUserText(input).startsWith(COMPACT_PROMPT);

/** Answers summary requests with `summaries` in order, everything else with an echo. */
function compactingModel(summaries: string[], usageInput = 10) {
  let n = 0;
  return (request: { body: { input?: Input } }) => {
    const input = request.body.input ?? [];
    if (isSummaryRequest(input)) return reply.message(summaries[n++] ?? "SUMMARY ?");
    return reply.message(`echo: ${lastUserText(input)}`, { usage: { input: usageInput, output: 5 } });
  };
}

async function start(home: TestHome) {
  const p = new JsonLinesProcess(["proto", "-s", "danger-full-access", "-a", "never"], {
    env: home.env,
    cwd: home.cwd,
  });
  p.send({ id: "c", op: { type: "configure_session" } });
  const configured = await p.waitFor(is("session_configured"));
  return { p, threadId: String(msg(configured).session_id) };
}

async function turn(p: JsonLinesProcess, id: string, text: string) {
  const from = p.received.length;
  p.send({ id, op: { type: "user_turn", items: [{ type: "text", text }] } });
  return p.waitFor((e) => e.id === id && ["task_complete", "error"].includes(msg(e).type), { from });
}

describe("automatic compaction", () => {
  it("past the limit: the next request has the summary, the recent user messages and the active task", async () => {
    model = await startFakeModel({
      replies: [
        reply.functionCall("update_plan", {
          plan: [
            { step: "read the code", status: "completed" },
            { step: "fix the bug", status: "in_progress" },
          ],
        }),
        reply.message("working on it", { usage: { input: 900, output: 50 } }),
      ],
      fallback: compactingModel([
        "SUMMARY ONE: read src/a.ts, bug is in parse()",
        "SUMMARY TWO: fixed parse()",
      ]),
    });
    const home = makeHome(model.url, "model_auto_compact_token_limit = 800");
    const session = await start(home);
    proto = session.p;
    await turn(proto, "t1", "fix the parser bug");
    const from = proto.received.length;
    const done = await turn(proto, "t2", "also add a test");
    expect(msg(done).type).toBe("task_complete");
    expect(proto.received.slice(from).some(is("context_compacted", "t2"))).toBe(true);

    const summaryRequest = model.requests.find((r) => isSummaryRequest(r.body.input ?? []));
    expect(summaryRequest).toBeDefined();
    const next = texts(model.requests.at(-1)?.body.input ?? []);
    expect(next.some((t) => t.includes("SUMMARY ONE: read src/a.ts"))).toBe(true);
    expect(next).toContain("fix the parser bug");
    expect(next).toContain("also add a test");
    const active = next.find((t) => t.startsWith("<active_task>")) ?? "";
    expect(active).toContain("also add a test");
    expect(active).toContain("[x] read the code");
    expect(active).toContain("[>] fix the bug");
    expect(next.some((t) => t === "working on it")).toBe(false);
    expect(texts(model.requests.at(-1)?.body.input ?? [])[0]).toMatch(/You are codex-ts/);
    expect(model.requests.at(-1)?.body.input?.some((i) => i.type === "function_call")).toBe(false);
    await proto.close();
    proto = undefined;

    // Resume in a new process: the same compacted history, then a manual compaction on top of the first.
    const resumed = await runCli(["exec", "resume", session.threadId, "--json", "status?"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(resumed.code).toBe(0);
    const afterResume = texts(model.requests.at(-1)?.body.input ?? []);
    expect(afterResume.some((t) => t.includes("SUMMARY ONE"))).toBe(true);
    expect(afterResume.filter((t) => t.startsWith("<active_task>"))).toHaveLength(1);
    expect(afterResume).toContain("status?");

    const p = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto = p;
    p.send({ id: "c", op: { type: "configure_session", resume_path: pathOf(home, session.threadId) } });
    await p.waitFor(is("session_configured"));
    p.send({ id: "k", op: { type: "compact" } });
    expect(
      msg(await p.waitFor((e) => e.id === "k" && ["task_complete", "error"].includes(msg(e).type))).type,
    ).toBe("task_complete");
    const secondSummaryInput = texts(model.requests.at(-1)?.body.input ?? []);
    expect(secondSummaryInput.some((t) => t.includes("SUMMARY ONE"))).toBe(true);
    await turn(p, "t3", "and now?");
    const final = texts(model.requests.at(-1)?.body.input ?? []);
    expect(final.some((t) => t.includes("SUMMARY TWO: fixed parse()"))).toBe(true);
    expect(final.some((t) => t.includes("SUMMARY ONE"))).toBe(false);
    expect(final.filter((t) => t.startsWith("<active_task>"))).toHaveLength(1);
  });
});

function pathOf(home: TestHome, id: string): string {
  const root = join(home.codexHome, "sessions");
  const file = readdirSync(root, { recursive: true, encoding: "utf8" }).find((f) => f.includes(id));
  return join(root, file ?? "");
}

describe("context length exceeded", () => {
  it("compacts and retries once; a second overflow ends the turn with advice", async () => {
    const overflow = {
      status: 400,
      body: { error: { code: "context_length_exceeded", message: "Your input exceeds the context window" } },
    };
    model = await startFakeModel({
      replies: [
        reply.message("first answer"),
        overflow,
        reply.message("SUMMARY AFTER OVERFLOW"),
        reply.message("fits now"),
        overflow,
        reply.message("SUMMARY AGAIN"),
        overflow,
      ],
    });
    const home = makeHome(model.url);
    const session = await start(home);
    proto = session.p;
    await turn(proto, "t1", "hello");
    const ok = await turn(proto, "t2", "something big");
    expect(msg(ok)).toMatchObject({ type: "task_complete", last_agent_message: "fits now" });
    expect(
      proto.received.some(
        (e) => is("context_compacted", "t2")(e) && msg(e).reason === "context_length_exceeded",
      ),
    ).toBe(true);
    const failed = await turn(proto, "t3", "even bigger");
    expect(msg(failed).type).toBe("error");
    expect(String(msg(failed).message)).toMatch(/no longer fits the model's context window.*fork/);
  });
});
