import { beforeEach, describe, expect, it } from "vitest";
import { ItemTracker } from "../../../core/items/item-tracker.js";
import type { Event, KnownEventMsg } from "../../../protocol/core-protocol.js";
import { recordedEvents, replay, replayThrough, type FixtureName } from "../fixtures/recorded-events.js";
import type { HistoryCell } from "./cells.js";
import { MAX_LIVE_OUTPUT_CHARS } from "./exec-output.js";
import { tuiReducer } from "./tui-reducer.js";
import { initialTuiState, type TuiState } from "./tui-state.js";

const kinds = (cells: readonly HistoryCell[]) => cells.map((c) => c.kind);
const ev = (msg: KnownEventMsg, id = "turn"): Event => ({ id, msg });
// Events pass through the engine's item tracker first, as they do in the engine (one per test).
let tracker = new ItemTracker("thread");
beforeEach(() => {
  tracker = new ItemTracker("thread");
});
const apply = (state: TuiState, ...msgs: Array<KnownEventMsg | Event>) =>
  msgs
    .flatMap((m) => {
      const event = "msg" in m ? m : ev(m);
      return tracker.process(event.msg).map((msg) => ({ id: event.id, msg }));
    })
    .reduce((s, event, i) => tuiReducer(s, { type: "engine_event", event, now: 100 + i }), state);

describe("engine events -> cells (recorded sessions)", () => {
  const table: Array<[FixtureName, string[]]> = [
    ["message", ["session_header", "user", "agent"]],
    ["reasoning", ["session_header", "user", "reasoning", "agent"]],
    ["shell", ["session_header", "user", "exec", "agent"]],
    ["shell-failure", ["session_header", "user", "exec", "agent"]],
    ["interrupt", ["session_header", "user", "exec", "notice"]],
    ["exec-approval", ["session_header", "user", "exec", "agent"]],
    ["patch-approval", ["session_header", "user", "patch", "agent"]],
    ["plan", ["session_header", "user", "plan", "agent"]],
    ["user-input", ["session_header", "user", "agent"]],
    ["error", ["session_header", "user", "notice"]],
  ];
  it.each(table)("%s", (name, expected) => {
    const state = replay(recordedEvents(name));
    // A long answer reaches the history in parts (finished blocks as they stream): one entry per answer here.
    const parts = state.history.filter((c) => !(c.kind === "agent" && c.continued));
    expect(kinds(parts)).toEqual(expected);
    // Whatever happened, the task is over and nothing is left live.
    expect(state.task).toBeUndefined();
    expect(state.execs).toEqual([]);
    expect(state.patches).toEqual([]);
    expect(state.agentStream).toBeUndefined();
    expect(state.approvals).toEqual([]);
    expect(state.userInputs).toEqual([]);
    expect(state.history.map((c) => c.id)).toEqual(state.history.map((_, i) => i + 1));
  });

  it("keeps the session's settings and token counts", () => {
    const state = replay(recordedEvents("shell"));
    expect(state.session).toMatchObject({
      model: "gpt-5.1-codex",
      providerId: "openai",
      cwd: "/work/project",
      approvalPolicy: "never",
      sandboxPolicy: { type: "danger-full-access" },
    });
    expect(state.session?.threadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(state.tokens?.total.total_tokens).toBe(30);
    expect(state.contextWindow).toBe(272_000);
  });

  it("turns a command into a finished exec cell with its output and exit code", () => {
    const [ok] = replay(recordedEvents("shell")).history.filter((c) => c.kind === "exec");
    expect(ok).toMatchObject({
      run: { status: "succeeded", exitCode: 0, command: ["bash", "-lc", expect.any(String)] },
    });
    const [failed] = replay(recordedEvents("shell-failure")).history.filter((c) => c.kind === "exec");
    expect(failed).toMatchObject({ run: { status: "failed", exitCode: 3, output: "oops\n" } });
  });

  it("shows a running command live, with its output so far", () => {
    const state = replayThrough(recordedEvents("shell"), "exec_command_output_delta");
    expect(state.execs).toHaveLength(1);
    expect(state.execs[0]).toMatchObject({ status: "running", output: expect.stringContaining("line 7") });
    expect(kinds(state.history)).toEqual(["session_header", "user"]);
    expect(state.task).toBeDefined();
  });

  it("marks a command cut short by the user's interrupt as interrupted", () => {
    const events = recordedEvents("interrupt");
    const begun = replayThrough(events, "exec_command_begin");
    const asked = tuiReducer(begun, { type: "interrupt_requested" });
    expect(asked.task?.interruptRequested).toBe(true);
    const end = events.slice(events.findIndex((e) => e.msg.type === "exec_command_begin") + 1);
    const done = replay(end, asked);
    expect(done.history.find((c) => c.kind === "exec")).toMatchObject({ run: { status: "interrupted" } });
    expect(done.history.at(-1)).toMatchObject({
      kind: "notice",
      level: "error",
      text: expect.stringMatching(/^Interrupted/),
    });
  });

  it("queues approval requests, and records the decision", () => {
    const exec = replayThrough(recordedEvents("exec-approval"), "exec_approval_request");
    expect(exec.approvals).toEqual([
      expect.objectContaining({
        kind: "exec",
        command: ["bash", "-lc", "touch made-by-codex"],
        cwd: "/work/project",
      }),
    ]);
    const callId = exec.approvals[0]?.callId ?? "";
    const decided = tuiReducer(exec, { type: "approval_decided", callId, decision: "approved_for_session" });
    expect(decided.approvals).toEqual([]);
    expect(decided.history.at(-1)).toMatchObject({
      kind: "approval_decision",
      action: "run touch made-by-codex",
      decision: "approved_for_session",
    });

    const patch = replayThrough(recordedEvents("patch-approval"), "apply_patch_approval_request");
    expect(patch.approvals[0]).toMatchObject({ kind: "patch", cwd: "/work/project" });
    expect(Object.keys(patch.approvals[0]?.kind === "patch" ? patch.approvals[0].changes : {})).toEqual([
      "/work/project/hello.txt",
      "/work/project/notes.md",
    ]);
    const patchDecided = tuiReducer(patch, {
      type: "approval_decided",
      callId: patch.approvals[0]?.callId ?? "",
      decision: "denied",
    });
    expect(patchDecided.history.at(-1)).toMatchObject({
      action: "apply changes to 2 files",
      decision: "denied",
    });
  });

  it("keeps the model's questions until answered, then records the answers", () => {
    const asked = replayThrough(recordedEvents("user-input"), "request_user_input");
    expect(asked.userInputs).toHaveLength(1);
    expect(asked.userInputs[0]?.questions.map((q) => q.id)).toEqual(["scope", "name"]);
    const callId = asked.userInputs[0]?.callId ?? "";
    const answered = tuiReducer(asked, {
      type: "user_input_answered",
      callId,
      answers: { scope: { selected: ["src_only"] }, name: { selected: [], other: "parser" } },
    });
    expect(answered.userInputs).toEqual([]);
    expect(answered.history.at(-1)).toMatchObject({
      kind: "user_answers",
      answers: [
        { question: "Which files should I change?", answer: "Only src/" },
        { question: "What should the new module be called?", answer: "parser" },
      ],
    });
  });

  it("commits a patch once applied, with the session's cwd for relative paths", () => {
    const done = replay(recordedEvents("patch-approval"));
    expect(done.history.find((c) => c.kind === "patch")).toMatchObject({
      run: { status: "applied", cwd: "/work/project" },
    });
  });
});

describe("engine events -> cells (edge cases)", () => {
  const running = () =>
    apply(initialTuiState(), { type: "task_started", turn_id: "t", collaboration_mode_kind: "default" });

  it("streams an answer's deltas live, then commits the final message", () => {
    const delta = (d: string): KnownEventMsg => ({
      type: "agent_message_content_delta",
      thread_id: "th",
      turn_id: "t",
      item_id: "m",
      delta: d,
    });
    const streaming = apply(running(), delta("Hel"), delta("lo"));
    expect(streaming.agentStream).toBe("Hello");
    expect(streaming.history).toEqual([]);
    const done = apply(streaming, { type: "agent_message", message: "Hello" });
    expect(done.agentStream).toBeUndefined();
    expect(done.history).toEqual([{ kind: "agent", markdown: "Hello", id: 1 }]);
  });

  it("keeps what streamed when the turn is interrupted before the message completed", () => {
    const state = apply(
      running(),
      { type: "agent_message_content_delta", thread_id: "th", turn_id: "t", item_id: "m", delta: "partial" },
      { type: "turn_aborted", turn_id: "t", reason: "interrupted" },
    );
    expect(kinds(state.history)).toEqual(["agent", "notice"]);
  });

  it("says nothing when a task is replaced by a new one", () => {
    const state = apply(running(), { type: "turn_aborted", turn_id: "t", reason: "replaced" });
    expect(state.history).toEqual([]);
    expect(state.task).toBeUndefined();
  });

  it("separates reasoning sections and commits each summary", () => {
    const state = apply(
      running(),
      { type: "agent_reasoning_delta", delta: "one" },
      { type: "agent_reasoning_section_break" },
      { type: "agent_reasoning_delta", delta: "two" },
    );
    expect(state.reasoningStream).toBe("one\n\ntwo");
    // The reasoning item completes when something else comes.
    const done = apply(
      state,
      { type: "agent_reasoning", text: "one two" },
      { type: "task_complete", turn_id: "t" },
    );
    expect(kinds(done.history)).toEqual(["reasoning"]);
  });

  it("keeps a command that outlives its turn live until its end arrives", () => {
    const state = apply(
      running(),
      { type: "exec_command_begin", call_id: "bg", command: ["python", "server.py"], cwd: "/" },
      { type: "task_complete", turn_id: "t" },
    );
    expect(state.task).toBeUndefined();
    expect(state.execs.map((r) => r.callId)).toEqual(["bg"]);
    const ended = apply(state, {
      type: "exec_command_end",
      call_id: "bg",
      command: ["python", "server.py"],
      cwd: "/",
      stdout: "",
      stderr: "",
      aggregated_output: "bye\n",
      exit_code: 0,
      duration_ms: 5000,
      formatted_output: "",
    });
    expect(ended.execs).toEqual([]);
    expect(ended.history.at(-1)).toMatchObject({
      kind: "exec",
      run: { status: "succeeded", output: "bye\n" },
    });
  });

  it("bounds a running command's output", () => {
    const begun = apply(running(), { type: "exec_command_begin", call_id: "c", command: ["yes"], cwd: "/" });
    const chunk = Buffer.from("y\n".repeat(10_000)).toString("base64");
    const state = apply(
      begun,
      ...Array.from({ length: 5 }, (): KnownEventMsg => ({
        type: "exec_command_output_delta",
        call_id: "c",
        stream: "stdout",
        chunk,
      })),
    );
    expect(state.execs[0]?.output.length).toBe(MAX_LIVE_OUTPUT_CHARS);
  });

  it("ends the task on its own error, not on an error answering another op", () => {
    const state = running();
    const stray = apply(state, ev({ type: "error", message: "exec_approval: no pending approval" }, "sub-9"));
    expect(stray.task).toBeDefined();
    expect(stray.history.at(-1)).toMatchObject({ kind: "notice", level: "error" });
    expect(apply(state, { type: "error", message: "boom" }).task).toBeUndefined();
  });

  it("shows warnings, stream retries and background notes", () => {
    const state = apply(
      initialTuiState(),
      { type: "warning", message: "careful" },
      { type: "stream_error", message: "Reconnecting... 1/5" },
      { type: "background_event", message: "fyi" },
    );
    expect(state.history.map((c) => (c.kind === "notice" ? [c.level, c.text] : c.kind))).toEqual([
      ["warning", "careful"],
      ["warning", "Reconnecting... 1/5"],
      ["info", "fyi"],
    ]);
  });

  it("ignores events it does not draw", () => {
    const state = initialTuiState();
    expect(apply(state, { type: "shutdown_complete" })).toEqual(state);
  });
});

describe("local actions", () => {
  it("applies /model and /approvals choices to the session shown", () => {
    const state = replay(recordedEvents("message"));
    const next = tuiReducer(state, {
      type: "turn_context_overridden",
      model: "gpt-5.1-codex-mini",
      effort: "high",
      approvalPolicy: "untrusted",
      sandboxPolicy: { type: "read-only" },
    });
    expect(next.session).toMatchObject({
      model: "gpt-5.1-codex-mini",
      effort: "high",
      approvalPolicy: "untrusted",
    });
    expect(
      tuiReducer(next, { type: "turn_context_overridden", effort: null }).session?.effort,
    ).toBeUndefined();
  });

  it("starts over on /new but keeps the printed history (Static only appends)", () => {
    const state = replay(recordedEvents("message"));
    const fresh = tuiReducer(state, { type: "session_reset" });
    expect(fresh.session).toBeUndefined();
    expect(fresh.tokens).toBeUndefined();
    expect(fresh.history).toBe(state.history);
    expect(fresh.nextCellId).toBe(state.nextCellId);
  });
});
