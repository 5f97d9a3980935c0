import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { userTextMessage } from "../protocol/items.js";
import { parseRolloutText, readRollout, RolloutReadError } from "./reader.js";
import {
  event,
  item,
  metaLine,
  REAL_CODEX_FIXTURE,
  tempCodexHome,
  toJsonl,
} from "../../test/support/rollout-files.js";

const ID = "0199a3b4-1111-7222-8333-944455556666";

let home: ReturnType<typeof tempCodexHome>;
beforeEach(() => {
  home = tempCodexHome();
});
afterEach(() => home.cleanup());

describe("readRollout", () => {
  it("skips a corrupt middle line and a torn last line, naming their line numbers", async () => {
    const good = toJsonl([metaLine(ID), event({ type: "user_message", message: "hello" })]);
    const path = join(home.dir, "r.jsonl");
    writeFileSync(
      path,
      good + "{not json at all\n" + toJsonl([item(userTextMessage("after"))]) + '{"timestamp":"x","type":"ev',
    );
    const { meta, lines, warnings } = await readRollout(path);
    expect(meta?.id).toBe(ID);
    expect(lines.map((l) => l.type)).toEqual(["session_meta", "event_msg", "response_item"]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ line: 3 });
    expect(warnings[0]?.message).toMatch(/not valid JSON/);
    expect(warnings[1]).toEqual({ line: 5, message: expect.stringMatching(/torn last line/) as string });
  });

  it("accepts a complete last line without a final newline", () => {
    const text = toJsonl([metaLine(ID), event({ type: "user_message", message: "x" })]).trimEnd();
    const { lines, warnings } = parseRolloutText(text);
    expect(lines).toHaveLength(2);
    expect(warnings).toEqual([]);
  });

  it("skips unknown line types silently and warns about known types with a bad payload", () => {
    const text =
      toJsonl([metaLine(ID)]) +
      JSON.stringify({ timestamp: "t", type: "world_state", payload: { full: true } }) +
      "\n" +
      JSON.stringify({ timestamp: "t", type: "turn_context", payload: { model: "m" } }) +
      "\n\n" +
      JSON.stringify([1, 2]) +
      "\n";
    const { lines, warnings, unknownLines } = parseRolloutText(text);
    expect(lines).toHaveLength(1);
    expect(unknownLines).toBe(1);
    expect(warnings.map((w) => w.line)).toEqual([3, 5]);
    expect(warnings[0]?.message).toMatch(/invalid turn_context line \(payload\.cwd/);
  });

  it("reads a rollout written by the real Codex 0.169", async () => {
    const { meta, lines, warnings, unknownLines } = await readRollout(REAL_CODEX_FIXTURE);
    expect(warnings).toEqual([]);
    expect(meta).toMatchObject({
      id: "01a2022c-4e14-7020-81d0-da7c0d084d6f",
      cwd: "/tmp/obs",
      cli_version: "0.169.0",
      source: "exec",
      model_provider: "fake",
    });
    // Fields we do not model are kept.
    expect(meta?.history_mode).toBe("paginated");
    expect(lines.map((l) => l.type)).toContain("turn_context");
    expect(unknownLines).toBe(3); // world_state and token_usage_record
    const total = readFileSync(REAL_CODEX_FIXTURE, "utf8").trimEnd().split("\n").length;
    expect(lines.length + unknownLines).toBe(total);
  });

  it("throws only when the file cannot be read", async () => {
    await expect(readRollout(join(home.dir, "missing.jsonl"))).rejects.toBeInstanceOf(RolloutReadError);
  });
});
