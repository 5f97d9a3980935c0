// Table-driven: engine events in, v2 notifications and server requests out, each checked against the real
// protocol's JSON Schema.
import { describe, expect, it } from "vitest";
import { ItemTracker } from "../../core/items/item-tracker.js";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { strictProtocolSchema } from "../../../test/support/app-server-client.js";
import { AppServerEventMapper, type MapperOutput } from "./event-mapper.js";
import { describeThread, toReviewDecision } from "./wire-conversions.js";
import { bare } from "./bare-item.test-support.js";
import { cases, started, T } from "./event-mapper-cases.test-support.js";

/** Compact view of an output: the method (or request kind) and the params worth comparing. */
function view(o: MapperOutput): unknown {
  if (o.kind !== "notification") return { request: o.kind, itemId: o.params.itemId, turnId: o.params.turnId };
  const { method, params } = o.notification;
  switch (method) {
    case "item/started":
    case "item/completed":
      return { method, item: bare(params.item) };
    case "turn/started":
    case "turn/completed":
      return { method, status: params.turn.status, error: params.turn.error ?? null };
    case "thread/status/changed":
      return { method, status: params.status.type };
    case "item/agentMessage/delta":
    case "item/commandExecution/outputDelta":
      return { method, itemId: params.itemId, delta: params.delta };
    case "item/reasoning/summaryTextDelta":
      return { method, delta: params.delta, summaryIndex: params.summaryIndex };
    default:
      return { method, params };
  }
}

function mapAll(events: Array<KnownEventMsg | [string, KnownEventMsg]>): MapperOutput[] {
  const mapper = new AppServerEventMapper(
    T,
    () => {
      throw new Error("unused");
    },
    () => 1_700_000_000_000,
  );
  const tracker = testTracker();
  return events.flatMap((e) => {
    const [id, msg] = Array.isArray(e) ? e : ["sub-1", e];
    return tracker.process(msg).flatMap((m) => mapper.map({ id, msg: m }));
  });
}

function schemaProblems(outputs: MapperOutput[]): string[] {
  // Every nullable key present, as Codex sends them (see strictProtocolSchema).
  const schema = strictProtocolSchema();
  return outputs
    .map((o) =>
      o.kind === "notification"
        ? schema.checkParams("ServerNotification", o.notification.method, o.notification.params)
        : schema.checkParams(
            "ServerRequest",
            o.kind === "execApproval"
              ? "item/commandExecution/requestApproval"
              : o.kind === "userInput"
                ? "item/tool/requestUserInput"
                : "item/fileChange/requestApproval",
            o.params,
          ),
    )
    .filter((p) => p !== "");
}

describe("AppServerEventMapper", () => {
  it.each(cases)("$name", ({ events, expected }) => {
    const out = mapAll(events);
    expect(out.map(view)).toEqual(expected);
    expect(schemaProblems(out)).toEqual([]);
  });

  it("session_configured becomes thread/started with the thread", () => {
    const mapper = new AppServerEventMapper(T, (msg) =>
      describeThread(msg, { createdAtMs: 1_700_000_000_000, originator: "vscode" }),
    );
    const out = mapper.map({
      id: "s",
      msg: {
        type: "session_configured",
        session_id: T,
        model: "gpt-5.1-codex",
        model_provider_id: "openai",
        cwd: "/w",
        approval_policy: "never",
        sandbox_policy: { type: "read-only" },
        history_log_id: 0,
        history_entry_count: 0,
      },
    });
    expect(out).toHaveLength(1);
    expect(view(out[0]!)).toMatchObject({
      method: "thread/started",
      params: { thread: { id: T, cwd: "/w", createdAt: 1_700_000_000 } },
    });
    expect(schemaProblems(out)).toEqual([]);
  });

  it("the turn's own input is shown in its userMessage item", () => {
    const mapper = new AppServerEventMapper(T, () => {
      throw new Error("unused");
    });
    mapper.setTurnInput("sub-1", [
      { type: "text", text: "see" },
      { type: "image", url: "https://x/y.png" },
    ]);
    const tracker = testTracker();
    const out = [started, { type: "user_message", message: "see" } as KnownEventMsg]
      .flatMap((msg) => tracker.process(msg))
      .flatMap((msg) => mapper.map({ id: "sub-1", msg }));
    const item = out.map(view).find((v) => (v as { method?: string }).method === "item/completed");
    expect(item).toEqual({
      method: "item/completed",
      item: {
        type: "userMessage",
        id: "id_1",
        content: [
          { type: "text", text: "see" },
          { type: "image", url: "https://x/y.png", detail: null },
        ],
      },
    });
  });

  it("decisions map to review decisions", () => {
    expect(
      ["accept", "acceptForSession", "decline", "cancel"].map((d) => toReviewDecision(d as "accept")),
    ).toEqual(["approved", "approved_for_session", "denied", "abort"]);
    expect(toReviewDecision({ acceptWithExecpolicyAmendment: { execpolicy_amendment: ["ls"] } })).toBe(
      "approved",
    );
  });
});

/** The engine's item tracker with a fixed clock and numbered ids, as events pass through it in the engine. */
function testTracker(): ItemTracker {
  let n = 0;
  return new ItemTracker(
    T,
    () => 1_700_000_000_000,
    () => `id_${++n}`,
  );
}
