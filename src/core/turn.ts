// One turn: a request to the model, its streamed answer, and the tool calls it made.
import type { ModelClient } from "../model/model-client.js";
import type { KnownEventMsg, TokenUsage } from "../protocol/core-protocol.js";
import type {
  CustomToolCallItem,
  FunctionCallItem,
  FunctionCallOutputPayload,
  ResponseItem,
} from "../protocol/items.js";
import { isKnownItem, messageRefusal, messageText, userTextMessage } from "../protocol/items.js";
import type { ToolContext } from "./tool-api/define-tool.js";
import type { ToolRegistry } from "./tool-api/registry.js";
import type { ClientIo } from "./tool-api/client-io.js";
import type { TurnServices } from "./turn-services.js";
import type { ReadDenial } from "../sandbox/read-denial.js";
import type { PlanModeStream } from "./plan-mode/plan-stream.js";
import type { ConversationHistory } from "./history.js";
import { buildRequest } from "./request.js";
import { capToolOutput } from "./tool-output-limit.js";
import type { TurnContext } from "./turn-context.js";

export interface TurnHost {
  threadId: string;
  client: ModelClient;
  tools: ToolRegistry;
  history: ConversationHistory;
  env: NodeJS.ProcessEnv;
  /** Protected from patches when inside a writable root; holds the patch journal. */
  codexHome?: string;
  /** What the permission profile denies: the file tools refuse it, as the sandbox hides it. */
  readDenial?: ReadDenial;
  emit: (msg: KnownEventMsg) => void;
  services: TurnServices;
  /** A response completed and its items are in the history (the context meter counts from here). */
  onResponse?: (usage: TokenUsage) => void;
  /** File and terminal access the client offers instead of the local disk. */
  clientIo?: ClientIo;
  /** Mention paths that select run-time tools for this task (`app://ID`: a connector's tools). */
  toolSelection?: readonly string[];
  /** Resolves once run-time tools (MCP servers) have started or given up; bounded by their timeouts. */
  toolsReady?: (signal: AbortSignal) => Promise<void>;
  hooks?: ToolHooks;
  /** `show_raw_agent_reasoning`: the model's raw reasoning is emitted as events. */
  showRawReasoning?: boolean;
  /** `tool_output_token_limit`: what a tool output is held to before the model reads it. */
  toolOutputTokenLimit?: number;
}

/** PreToolUse / PostToolUse as a turn sees them (core/hooks/session-hooks.ts behind them). */
export interface ToolHooks {
  before(
    call: { name: string; input: unknown; callId: string },
    turnId: string,
    signal: AbortSignal,
  ): Promise<{ block?: string; context: string[] }>;
  after(
    call: { name: string; input: unknown; callId: string },
    output: unknown,
    turnId: string,
    signal: AbortSignal,
  ): Promise<{ block?: string; context: string[] }>;
  /** PermissionRequest: the hooks' decision on an approval this call needs (undefined: ask the user). */
  permission(
    call: { name: string; input: unknown; callId: string },
    turnId: string,
    signal: AbortSignal,
  ): Promise<"approved" | "denied" | undefined>;
  /** The message of a PermissionRequest hook that denied this call (once; undefined: none did). */
  takeDenial(callId: string): string | undefined;
}

export interface TurnResult {
  needsFollowUp: boolean;
  responseId?: string;
  usage?: TokenUsage;
  lastAgentMessage?: string;
}

export const ABORTED_TOOL_OUTPUT = "aborted by user";

export async function runTurn(options: {
  host: TurnHost;
  turn: TurnContext;
  turnId: string;
  signal: AbortSignal;
  outputSchema?: unknown;
  /** Plan mode: assistant text is split into the message and the proposed plan. */
  plan?: PlanModeStream;
  /**
   * The turn was interrupted while the response's tool calls ran (a cancelled approval, say): what the
   * response used still counts, as Codex reports it.
   */
  onAbortedUsage?: (usage: TokenUsage) => void;
}): Promise<TurnResult> {
  const { host, turn, turnId, signal, plan } = options;
  plan?.beginRequest();
  await host.toolsReady?.(signal);
  const request = buildRequest({
    turn,
    input: host.history.snapshot(),
    tools: host.tools.specsForModel(host.toolSelection),
    threadId: host.threadId,
    outputSchema: options.outputSchema,
  });

  let outputs: ResponseItem[] = [];
  let deltaItemId = `msg_${turnId}`;
  const result: TurnResult = { needsFollowUp: false };
  for await (const event of host.client.stream(request, signal)) {
    switch (event.type) {
      case "retry":
        // What the failed attempt gave is dropped; the next attempt streams it again.
        outputs = [];
        plan?.reset();
        host.emit({
          type: "stream_error",
          message: `Reconnecting... ${event.attempt}/${event.maxAttempts} (${event.reason})`,
        });
        break;
      case "output_item_added":
        if (isKnownItem(event.item, "message") && event.item.id) deltaItemId = event.item.id;
        if (event.item.type === "web_search_call") {
          host.emit({ type: "web_search_begin", call_id: webSearchCallId(event.item) });
        }
        break;
      case "output_text_delta":
        if (plan) {
          plan.textDelta(event.itemId ?? deltaItemId, event.delta);
          break;
        }
        host.emit({
          type: "agent_message_content_delta",
          thread_id: host.threadId,
          turn_id: turnId,
          item_id: event.itemId ?? deltaItemId,
          delta: event.delta,
        });
        break;
      case "reasoning_summary_delta":
        host.emit({ type: "agent_reasoning_delta", delta: event.delta, summary_index: event.summaryIndex });
        break;
      case "reasoning_text_delta":
        if (host.showRawReasoning) {
          host.emit({
            type: "agent_reasoning_raw_content_delta",
            delta: event.delta,
            content_index: event.contentIndex,
          });
        }
        break;
      case "reasoning_summary_part_added":
        if (event.summaryIndex > 0)
          host.emit({ type: "agent_reasoning_section_break", summary_index: event.summaryIndex });
        break;
      case "output_item_done":
        outputs.push(event.item);
        announceItem(event.item, host, result, plan);
        break;
      case "completed":
        result.responseId = event.responseId;
        if (event.usage) result.usage = event.usage;
        break;
      case "invalid_event":
        // The stream goes on without it; the reader learns what was skipped.
        host.emit({
          type: "warning",
          message: `skipped an invalid ${event.eventType} event from the model: ${event.problem}`,
        });
        break;
      case "created":
      case "failed":
        break;
    }
  }

  host.history.record(...outputs);
  if (result.usage) host.onResponse?.(result.usage);
  const calls = outputs.filter(isToolCall);
  const aborted = (): unknown => {
    if (result.usage) options.onAbortedUsage?.(result.usage);
    return signal.reason;
  };
  for (const [index, call] of calls.entries()) {
    if (signal.aborted) {
      recordAbortedOutputs(host, calls.slice(index));
      throw aborted();
    }
    const outputs = await runToolCall(host, turn, turnId, call, signal);
    host.history.record(...outputs);
  }
  result.needsFollowUp = calls.length > 0;
  if (signal.aborted) throw aborted();
  return result;
}

function announceItem(
  item: ResponseItem,
  host: Pick<TurnHost, "emit" | "showRawReasoning">,
  result: TurnResult,
  plan: PlanModeStream | undefined,
): void {
  const { emit } = host;
  if (isKnownItem(item, "message") && item.role === "assistant") {
    // In plan mode the plan block is not part of the message; a plan-only message shows no message.
    // A refusal is what the model said instead of an answer: shown as the message, marked as a refusal.
    const refusal = messageRefusal(item);
    const said = refusal === undefined ? messageText(item) : messageText(item) + refusal;
    const text = plan ? plan.messageDone(said) : said;
    if (text === undefined) return;
    result.lastAgentMessage = text;
    emit({ type: "agent_message", message: text, ...(refusal !== undefined ? { refusal: true } : {}) });
  } else if (isKnownItem(item, "reasoning")) {
    for (const part of item.summary) emit({ type: "agent_reasoning", text: part.text });
    if (host.showRawReasoning) {
      for (const part of item.content ?? []) emit({ type: "agent_reasoning_raw_content", text: part.text });
    }
  } else if (item.type === "web_search_call") {
    const action = (item as { action?: unknown }).action;
    emit({
      type: "web_search_end",
      call_id: webSearchCallId(item),
      query: webSearchQuery(action),
      action: action ?? null,
    });
  }
}

function webSearchCallId(item: ResponseItem): string {
  const id = (item as { id?: unknown }).id;
  return typeof id === "string" ? id : "web_search";
}

/** What was searched: the query, the first of several, or the page opened. */
function webSearchQuery(action: unknown): string {
  if (!action || typeof action !== "object") return "";
  const a = action as { query?: unknown; queries?: unknown; url?: unknown };
  if (typeof a.query === "string") return a.query;
  if (Array.isArray(a.queries) && typeof a.queries[0] === "string") return a.queries[0];
  return typeof a.url === "string" ? a.url : "";
}

type ToolCallItem = FunctionCallItem | CustomToolCallItem;

function isToolCall(item: ResponseItem): item is ToolCallItem {
  return isKnownItem(item, "function_call") || isKnownItem(item, "custom_tool_call");
}

function outputItem(call: ToolCallItem, output: FunctionCallOutputPayload): ResponseItem {
  return call.type === "custom_tool_call"
    ? { type: "custom_tool_call_output", call_id: call.call_id, output }
    : { type: "function_call_output", call_id: call.call_id, output };
}

async function runToolCall(
  host: TurnHost,
  turn: TurnContext,
  turnId: string,
  call: ToolCallItem,
  signal: AbortSignal,
): Promise<ResponseItem[]> {
  const custom = call.type === "custom_tool_call";
  const raw = custom ? call.input : call.arguments;
  const hookCall = { name: call.name, input: hookInput(raw, custom), callId: call.call_id };
  const hooks = host.hooks;
  // Patch and MCP approvals ask the PermissionRequest hooks about the call as PreToolUse saw it.
  const permissionHook = hooks ? () => hooks.permission(hookCall, turnId, signal) : undefined;
  const ctx = toolContext(host, turn, turnId, call.call_id, signal, permissionHook);
  const failed = (error: string) =>
    host.emit({ type: "tool_call_failed", call_id: call.call_id, tool: call.name, error });
  const before = await host.hooks?.before(hookCall, turnId, signal);
  if (before?.block !== undefined) {
    const message = `Command blocked by PreToolUse hook: ${before.block}`;
    failed(message);
    return [outputItem(call, message)];
  }
  const context = (before?.context ?? []).map((text) => userTextMessage(text, "developer"));
  try {
    const res = await host.tools.dispatch(
      call.name,
      raw,
      ctx,
      host.toolSelection,
      custom ? "custom" : "function",
    );
    if (res.abortTask) host.services.abortTask();
    // As Codex: a rule the user saved while approving this call is told to the model after its output (taken
    // here, so that an interrupted or denied call leaves nothing behind).
    const saved = host.services.commands.takeSavedNote(call.call_id);
    // A hook's denial reaches the model in the hook's words, not as a user's decline.
    const denial = host.hooks?.takeDenial(call.call_id);
    if (signal.aborted) return [outputItem(call, ABORTED_TOOL_OUTPUT)];
    if (denial !== undefined) return [outputItem(call, denial), ...context];
    if (res.failed !== undefined) failed(res.failed);
    const after = await host.hooks?.after(hookCall, res.output, turnId, signal);
    const feedback = [
      ...(after?.block !== undefined ? [`PostToolUse hook: ${after.block}`] : []),
      ...(after?.context ?? []),
    ].map((text) => userTextMessage(text, "developer"));
    const output = capToolOutput(res.output, host.toolOutputTokenLimit);
    const savedNote = saved === undefined ? [] : [userTextMessage(saved, "developer")];
    return [outputItem(call, output), ...savedNote, ...(res.followUp ?? []), ...context, ...feedback];
  } catch (err) {
    host.services.commands.takeSavedNote(call.call_id);
    if (signal.aborted) return [outputItem(call, ABORTED_TOOL_OUTPUT)];
    const message = `tool ${call.name} failed: ${(err as Error).message}`;
    failed(message);
    return [outputItem(call, message)];
  }
}

/** The call's arguments as hooks see them: parsed JSON, or a freeform tool's text as `{input}`. */
function hookInput(raw: string, custom: boolean): unknown {
  if (custom) return { input: raw };
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return { input: raw };
  }
}

/** What a tool may see and do: this call's settings and the session's gates, nothing more. */
function toolContext(
  host: TurnHost,
  turn: TurnContext,
  turnId: string,
  callId: string,
  signal: AbortSignal,
  permissionHook: ToolContext["permissionHook"],
): ToolContext {
  const { services } = host;
  const policies = { approvalPolicy: turn.approvalPolicy, sandboxPolicy: turn.sandboxPolicy };
  const askExec =
    (request: { argv: string[]; cwd: string; source?: "unified_exec" }) =>
    (reason: string | undefined, proposedAmendment?: string[]) =>
      services.askExec(
        callId,
        {
          command: request.argv,
          cwd: request.cwd,
          ...(reason ? { reason } : {}),
          ...(proposedAmendment ? { proposedAmendment } : {}),
          ...(request.source ? { source: request.source } : {}),
        },
        signal,
      );
  return {
    callId,
    turnId,
    cwd: turn.cwd,
    ...policies,
    collaborationMode: turn.collaborationMode,
    env: host.env,
    ...(host.codexHome !== undefined ? { codexHome: host.codexHome } : {}),
    ...(host.readDenial ? { readDenial: host.readDenial } : {}),
    ...(host.clientIo ? { clientIo: host.clientIo } : {}),
    ...(host.toolOutputTokenLimit !== undefined ? { outputTokenLimit: host.toolOutputTokenLimit } : {}),
    signal,
    emit: host.emit,
    authorizeCommand: (request) =>
      services.commands.authorize(
        { ...request, turnCwd: turn.cwd, ...policies, escalated: request.escalated ?? false },
        askExec(request),
      ),
    retryOutsideSandbox: (request, ran, result) =>
      services.commands.afterFailure(
        { ...request, turnCwd: turn.cwd, ...policies, escalated: request.escalated ?? false },
        ran,
        result,
        askExec(request),
      ),
    authorizePatch: (request) =>
      services.patches.authorize(
        { ...policies, targets: request.targets, ...(request.reason ? { reason: request.reason } : {}) },
        async (reason) =>
          (await permissionHook?.()) ??
          services.askPatch(callId, { changes: request.changes, ...(reason ? { reason } : {}) }, signal),
      ),
    requestUserInput: (questions) => services.askUser(callId, turnId, questions, signal),
    ...(services.reviewMcp
      ? { reviewMcpCall: (request) => services.reviewMcp!(callId, request, signal) }
      : {}),
    ...(permissionHook ? { permissionHook } : {}),
  };
}

/** Every call the model made gets an output, even when the user stopped the turn before it ran. */
function recordAbortedOutputs(host: TurnHost, calls: ToolCallItem[]): void {
  for (const call of calls) host.history.record(outputItem(call, ABORTED_TOOL_OUTPUT));
}
