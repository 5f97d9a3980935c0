// Builders of rollout lines and temp CODEX_HOMEs for the tests and the benchmark (not used by the engine).
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResponseItem } from "../../src/protocol/items.js";
import { userTextMessage } from "../../src/protocol/items.js";
import type {
  EventMsgPayload,
  RolloutLine,
  SessionMetaLine,
  SessionMetaPayload,
} from "../../src/rollout/lines.js";
import { rolloutLine } from "../../src/rollout/lines.js";
import { rolloutPath } from "../../src/rollout/paths.js";
import { scratchDir } from "./scratch.js";

/** A rollout written by the real Codex CLI 0.169 (one turn with a function call and its output). */
export const REAL_CODEX_FIXTURE = fileURLToPath(
  new URL("../../test/fixtures/rollouts/real-codex-0.169.jsonl", import.meta.url),
);

export function tempCodexHome(prefix = "codex-rollout-"): { dir: string; cleanup: () => void } {
  const dir = scratchDir(prefix);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const at = (ms: number): Date => new Date(Date.UTC(2025, 0, 15, 10, 0, 0) + ms);

export function metaLine(id: string, fields: Partial<SessionMetaPayload> = {}): SessionMetaLine {
  return rolloutLine(
    "session_meta",
    {
      id,
      timestamp: at(0).toISOString(),
      cwd: "/work/project",
      originator: "codex_ts",
      cli_version: "0.1.0",
      source: "exec",
      model_provider: "openai",
      ...fields,
    },
    at(0),
  );
}

export const item = (payload: ResponseItem, ms = 0): RolloutLine =>
  rolloutLine("response_item", payload, at(ms));
export const event = (payload: EventMsgPayload, ms = 0): RolloutLine =>
  rolloutLine("event_msg", payload, at(ms));

export function assistantMessage(text: string): ResponseItem {
  return { type: "message", role: "assistant", content: [{ type: "output_text", text }] };
}

/** The lines our engine writes for one complete turn: task_started, the input, a reply, task_complete. */
export function turnLines(
  n: number,
  options: { question?: string; reply?: string; extra?: RolloutLine[] } = {},
): RolloutLine[] {
  const turnId = `turn-${n}`;
  const question = options.question ?? `question ${n}`;
  const reply = options.reply ?? `answer ${n}`;
  return [
    event({ type: "task_started", turn_id: turnId, collaboration_mode_kind: "default" }, n),
    item(userTextMessage(question), n),
    event({ type: "user_message", message: question }, n),
    ...(options.extra ?? []),
    item(assistantMessage(reply), n),
    event({ type: "agent_message", message: reply }, n),
    event({ type: "task_complete", turn_id: turnId, last_agent_message: reply }, n),
  ];
}

/** The context the engine injects before the first turn. */
export function contextLines(): RolloutLine[] {
  return [
    item(userTextMessage("You are a coding agent.", "developer")),
    item(userTextMessage("<environment_context>\n  <cwd>/work/project</cwd>\n</environment_context>")),
  ];
}

export function threadLines(
  id: string,
  turns: number,
  meta: Partial<SessionMetaPayload> = {},
): RolloutLine[] {
  const lines = [metaLine(id, meta), ...contextLines()];
  for (let n = 1; n <= turns; n++) lines.push(...turnLines(n));
  return lines;
}

export function toJsonl(lines: readonly RolloutLine[]): string {
  return lines.map((line) => JSON.stringify(line) + "\n").join("");
}

/** Writes a rollout file at its dated path and returns the path. */
export function writeRolloutFile(
  codexHome: string,
  lines: readonly RolloutLine[],
  options: { id?: string; createdAt?: Date; text?: string } = {},
): { id: string; path: string } {
  const id = options.id ?? randomUUID();
  const path = rolloutPath(codexHome, id, options.createdAt ?? new Date());
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, options.text ?? toJsonl(lines));
  return { id, path };
}

/** An answer of a few Markdown blocks (a paragraph, a list, a code block), as a real one would be. */
export const markdownAnswer = (n: number): string =>
  `Answer ${n}: the cache sits in front of \`load()\`.\n\n- first point of ${n}\n- second point\n\n` +
  "```ts\nconst x = load(key);\n```\n\nThat is all for this turn.";

/** Writes a thread of `turns` turns (question n, markdownAnswer(n)) for `cwd`; returns its id. */
export function writeLongThread(codexHome: string, cwd: string, turns: number): string {
  const id = randomUUID();
  const lines = [metaLine(id, { cwd }), ...contextLines()];
  for (let n = 1; n <= turns; n++) lines.push(...turnLines(n, { reply: markdownAnswer(n) }));
  writeRolloutFile(codexHome, lines, { id });
  return id;
}
