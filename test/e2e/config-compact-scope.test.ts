// `model_auto_compact_token_limit_scope`: with "body_after_prefix" only what the conversation grew past the
// first request's input (its fixed prefix) counts against model_auto_compact_token_limit, and the context
// window stays a hard limit; "total" (the default) counts the whole context. Seen as context_compacted
// events and summary requests the fake model received, in one proto session of several turns.
import { afterEach, describe, expect, it } from "vitest";
import { isEvent as is, msgOf as msg, teardown, type FakeModel } from "../support/proto-events.js";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, makeHome } from "../support/cli.js";

let model: FakeModel | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await teardown(proto, model);
  proto = undefined;
  model = undefined;
});

const COMPACT_PROMPT = "You are about to run out of context";
type Input = Array<Record<string, unknown>>;
const isSummaryRequest = (input: Input) => lastUserText(input).startsWith(COMPACT_PROMPT);

/** Turn N's answer reports `inputs[N]` input tokens; a summary request gets a summary. */
async function session(toml: string, inputs: number[]) {
  let turn = 0;
  model = await startFakeModel({
    replies: [],
    fallback: (request: { body: { input?: Input } }) => {
      const input = request.body.input ?? [];
      if (isSummaryRequest(input)) return reply.message("SUMMARY");
      const tokens = inputs[turn++] ?? 10;
      return reply.message(`echo: ${lastUserText(input)}`, { usage: { input: tokens, output: 5 } });
    },
  });
  const home = makeHome(model.url, toml);
  const p = new JsonLinesProcess(["proto", "-s", "danger-full-access", "-a", "never"], {
    env: home.env,
    cwd: home.cwd,
  });
  proto = p;
  p.send({ id: "c", op: { type: "configure_session" } });
  await p.waitFor(is("session_configured"));
  /** Runs turns t1..tN; the ids of the turns that compacted first. */
  return async (count: number) => {
    const compacted: string[] = [];
    for (let i = 1; i <= count; i++) {
      const id = `t${i}`;
      const from = p.received.length;
      p.send({ id, op: { type: "user_turn", items: [{ type: "text", text: `turn ${i}` }] } });
      const done = await p.waitFor((e) => e.id === id && ["task_complete", "error"].includes(msg(e).type), {
        from,
      });
      expect(msg(done).type).toBe("task_complete");
      if (p.received.slice(from).some(is("context_compacted", id))) compacted.push(id);
    }
    return compacted;
  };
}

describe("model_auto_compact_token_limit_scope", () => {
  it("total (default): a large prefix alone passes the limit and compacts", async () => {
    const run = await session("model_auto_compact_token_limit = 1000", [5000, 5100, 5200]);
    expect(await run(2)).toEqual(["t2"]);
    expect(model?.requests.some((r) => isSummaryRequest(r.body.input ?? []))).toBe(true);
  });

  it("body_after_prefix: the prefix does not count; growth past it does", async () => {
    const toml =
      'model_auto_compact_token_limit = 1000\nmodel_auto_compact_token_limit_scope = "body_after_prefix"';
    // Grows 100, then 1,200 tokens past the first request's 5,000: only the turn after that compacts.
    const run = await session(toml, [5000, 5100, 6200, 10]);
    expect(await run(4)).toEqual(["t4"]);
    expect(model?.requests.filter((r) => isSummaryRequest(r.body.input ?? []))).toHaveLength(1);
  });

  it("body_after_prefix: 90% of the context window stays a hard limit", async () => {
    // 5,000 tokens are under 90% of 6,000; 5,600 are past it.
    const toml =
      "model_auto_compact_token_limit = 100000\nmodel_context_window = 6000\n" +
      'model_auto_compact_token_limit_scope = "body_after_prefix"';
    const run = await session(toml, [5000, 5600, 10]);
    expect(await run(3)).toEqual(["t3"]);
  });
});
