// One ACP session: an engine (Codex) for one thread, its event pump turning events into `session/update`s,
// and the prompt turn that is running, if any.
import {
  RequestError,
  type AgentContext,
  type ClientCapabilities,
  type ContentBlock,
  type SessionUpdate,
  type StopReason,
} from "@agentclientprotocol/sdk";
import type { Config } from "../../config/load.js";
import type { Codex } from "../../core/codex.js";
import type { ClientIo } from "../../core/tool-api/client-io.js";
import { createCodex } from "../../engine/create-codex.js";
import type { Event, EventMsgOf, KnownEventMsg, Op } from "../../protocol/core-protocol.js";
import { refuseRequest } from "../exec/unanswerable-requests.js";
import { historyUpdates, readTurns } from "./history-replay.js";
import { ItemUpdates } from "./item-updates.js";
import { SessionModes } from "./modes.js";
import { Permissions } from "./permissions.js";
import { clientIo } from "./client-io.js";
import { promptItems } from "./prompt-blocks.js";
import { ToolCallLedger } from "./tool-calls.js";

export interface SessionOptions {
  client: AgentContext;
  config: Config;
  /** Continue the thread recorded here (session/load). */
  resumePath?: string;
  /** What the editor offers: its files and terminals are used when it does (client-io.ts). */
  capabilities: ClientCapabilities;
}

/** Slash commands an editor can offer; each runs as a prompt turn. */
export const COMMANDS = [{ name: "compact", description: "Summarize the conversation to free context" }];

interface RunningTurn {
  submissionId: string;
  /** The model refused: the turn stops with `refusal`. */
  refused?: boolean;
  resolve: (reason: StopReason) => void;
  reject: (err: Error) => void;
}

export class AcpSession {
  readonly modes: SessionModes;
  model: string;
  private readonly codex: Codex;
  private readonly calls = new ToolCallLedger();
  private readonly items: ItemUpdates;
  private readonly permissions: Permissions;
  private readonly io: ClientIo | undefined;
  /** The editor terminal each command runs in, by call id. */
  private readonly terminals = new Map<string, string>();
  private turn: RunningTurn | undefined;
  private sending: Promise<void> = Promise.resolve();
  private sessionId = "";
  private configured!: { resolve: (e: KnownEventMsg) => void; reject: (err: Error) => void };
  private readonly pump: Promise<void>;

  private constructor(private readonly options: SessionOptions) {
    const { config } = options;
    this.modes = new SessionModes(config);
    this.model = config.model;
    this.items = new ItemUpdates(this.calls, config.cwd, (callId) => this.terminals.get(callId));
    this.io = clientIo(options.capabilities, {
      client: options.client,
      sessionId: () => this.sessionId,
      onTerminal: (callId, terminalId) => this.showTerminal(callId, terminalId),
    });
    this.codex = createCodex({ config, source: "acp", ...(this.io ? { clientIo: this.io } : {}) });
    this.permissions = new Permissions({
      client: options.client,
      sessionId: () => this.sessionId,
      cwd: config.cwd,
      calls: this.calls,
      send: (u) => this.send(u),
      submit: (op) => this.submit(op),
    });
    this.pump = this.runPump();
  }

  /** Opens the thread; a loaded one has its history replayed as updates before this resolves. */
  static async open(options: SessionOptions): Promise<AcpSession> {
    const session = new AcpSession(options);
    const ready = new Promise<KnownEventMsg>((resolve, reject) => (session.configured = { resolve, reject }));
    session.submit({
      type: "configure_session",
      ...(options.resumePath ? { resume_path: options.resumePath } : {}),
    });
    try {
      const configured = await ready;
      if (configured.type === "session_configured") {
        session.sessionId = configured.session_id;
        if (options.resumePath) await session.replay(options.resumePath);
      }
    } catch (err) {
      await session.close();
      throw err;
    }
    return session;
  }

  get id(): string {
    return this.sessionId;
  }

  get cwd(): string {
    return this.options.config.cwd;
  }

  /** Runs one prompt turn; resolves with why it stopped once every update of the turn is sent. */
  async prompt(blocks: ContentBlock[]): Promise<StopReason> {
    if (this.turn)
      throw RequestError.invalidRequest(undefined, "a prompt is already running in this session");
    const command = slashCommand(blocks);
    // Claimed before the first await, so a second prompt arriving meanwhile is refused.
    let turn!: RunningTurn;
    const done = new Promise<StopReason>((resolve, reject) => {
      turn = { submissionId: "", resolve, reject };
    });
    this.turn = turn;
    try {
      if (command === "compact") {
        turn.submissionId = this.submit({ type: "compact" });
      } else {
        const items = await promptItems(blocks, this.io?.readTextFile);
        turn.submissionId = this.submit({
          type: "user_turn",
          items,
          model: this.model,
          ...this.modes.turnSettings(),
        });
      }
    } catch (err) {
      this.turn = undefined;
      throw err;
    }
    return done;
  }

  /** `session/cancel`: withdraws open permission requests and interrupts the turn. */
  cancel(): void {
    if (!this.turn) return;
    this.permissions.cancelAll();
    this.submit({ type: "interrupt" });
  }

  /** Sends a session update in order with every other update of this session. */
  send(update: SessionUpdate): Promise<void> {
    const next = this.sending.then(() =>
      this.options.client.notify("session/update", { sessionId: this.sessionId, update }),
    );
    // A failed send (the connection closed) must not block the updates after it.
    this.sending = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    this.permissions.cancelAll();
    // The prompt of a closed session ends as cancelled (its turn stops with the engine).
    this.turn?.resolve("cancelled");
    this.turn = undefined;
    await this.codex.close();
    await this.pump;
  }

  /** A command's terminal is in its tool call: now, when the call is on screen, else when it opens. */
  private showTerminal(callId: string, terminalId: string): void {
    this.terminals.set(callId, terminalId);
    if (this.calls.has(callId)) {
      void this.send(
        this.calls.update({ toolCallId: callId, content: [{ type: "terminal", terminalId }] }),
      ).catch(() => undefined);
    }
  }

  private submit(op: Op): string {
    return this.codex.submit(op);
  }

  /** A loaded thread's history, from its rollout's items, sent as updates before session/load answers. */
  private async replay(rolloutPath: string): Promise<void> {
    const turns = await readTurns(rolloutPath);
    for (const update of historyUpdates(turns, this.cwd)) await this.send(update);
  }

  private async runPump(): Promise<void> {
    for await (const event of this.codex) {
      try {
        await this.handle(event);
      } catch {
        // A notification the closed connection could not take; the engine still winds down.
      }
    }
    this.configured?.reject(new Error("the engine stopped before the session was configured"));
  }

  private async handle(event: Event): Promise<void> {
    const msg = event.msg;
    if (!this.sessionId) {
      if (msg.type === "session_configured") this.configured.resolve(msg);
      else if (msg.type === "error")
        this.configured.reject(RequestError.internalError(undefined, msg.message));
      return;
    }
    if (msg.type === "exec_approval_request" || msg.type === "apply_patch_approval_request") {
      void this.permissions.ask(msg);
    } else if (msg.type === "request_user_input") {
      // ACP has no question flow here: the model is told there are no answers and goes on.
      const refusal = refuseRequest(msg);
      if (refusal) this.submit(refusal.op);
    }
    for (const update of this.updates(msg)) await this.send(update);
    if (msg.type === "item_completed") this.terminals.delete(msg.item.id);
    await this.endTurn(event);
  }

  /** What an event shows: its item, an item's delta, the todo list, a warning. */
  private updates(msg: KnownEventMsg): SessionUpdate[] {
    switch (msg.type) {
      case "item_started":
        return this.items.started(msg.item);
      case "item_completed":
        return this.items.completed(msg.item);
      case "plan_update":
        return [ItemUpdates.plan(msg.plan)];
      case "warning":
        return [
          { sessionUpdate: "agent_message_chunk", content: { type: "text", text: `\n\n⚠ ${msg.message}\n` } },
        ];
      default:
        return this.items.delta(msg) ?? [];
    }
  }

  private async endTurn(event: Event): Promise<void> {
    const turn = this.turn;
    if (!turn) return;
    const msg = event.msg;
    let outcome: StopReason | Error | undefined;
    if (msg.type === "item_completed" && msg.item.type === "agentMessage" && msg.item.refusal) {
      turn.refused = true;
    }
    if (msg.type === "task_complete") outcome = turn.refused ? "refusal" : "end_turn";
    else if (msg.type === "turn_aborted") outcome = "cancelled";
    else if (msg.type === "error" && event.id === turn.submissionId) outcome = errorOutcome(msg);
    if (outcome === undefined) return;
    this.turn = undefined;
    await this.sending;
    if (outcome instanceof Error) turn.reject(outcome);
    else turn.resolve(outcome);
  }
}

/**
 * Why a failed turn stopped: the model's output limit and refusals are stop reasons; missing credentials are
 * ACP's "auth required" (the editor then offers the auth methods); the rest internal errors.
 */
function errorOutcome(msg: EventMsgOf<"error">): StopReason | Error {
  if (msg.codex_error_info === "missing_credentials")
    return RequestError.authRequired(undefined, msg.message);
  if (/max_output_tokens|max_tokens/.test(msg.message)) return "max_tokens";
  if (/content_filter|refus/i.test(msg.message)) return "refusal";
  return RequestError.internalError(undefined, msg.message);
}

function slashCommand(blocks: ContentBlock[]): string | undefined {
  if (blocks.length !== 1 || blocks[0]?.type !== "text") return undefined;
  const match = /^\/(\S+)\s*$/.exec(blocks[0].text.trim());
  const name = match?.[1];
  return name && COMMANDS.some((c) => c.name === name) ? name : undefined;
}
