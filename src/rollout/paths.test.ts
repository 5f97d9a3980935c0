import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { shouldPersistEventMsg } from "./policy.js";
import { archivedDir, isUuid, parseRolloutFileName, rolloutFileName, rolloutPath } from "./paths.js";
import { REAL_CODEX_FIXTURE } from "../../test/support/rollout-files.js";

const ID = "01a2022c-4e14-7020-81d0-da7c0d084d6f";

describe("rollout paths", () => {
  it("names files and dated folders by the local creation time, like the real Codex", () => {
    const created = new Date(2026, 10, 22, 7, 3, 9); // local time
    expect(rolloutPath("/home/.codex", ID, created)).toBe(
      `/home/.codex/sessions/2026/11/22/rollout-2026-11-22T07-03-09-${ID}.jsonl`,
    );
    expect(archivedDir("/home/.codex")).toBe(join("/home/.codex", "archived_sessions"));
  });

  it("parses a file name back into its thread id and creation time", () => {
    const created = new Date(2025, 0, 2, 3, 4, 5);
    const parsed = parseRolloutFileName(rolloutFileName(ID, created));
    expect(parsed).toMatchObject({ threadId: ID, year: "2025", month: "01", day: "02" });
    expect(parsed?.createdAt.getTime()).toBe(created.getTime());
  });

  it("parses the name of a file written by the real Codex (whose name matches its session_meta)", () => {
    const parsed = parseRolloutFileName(
      "rollout-2026-11-22T07-33-07-01a2022c-4e14-7020-81d0-da7c0d084d6f.jsonl",
    );
    expect(parsed?.threadId).toBe(ID);
    expect(basename(REAL_CODEX_FIXTURE)).toBe("real-codex-0.169.jsonl");
  });

  it("rejects names that are not rollout names, and impossible dates", () => {
    expect(parseRolloutFileName("notes.txt")).toBeUndefined();
    expect(parseRolloutFileName(`rollout-2025-13-01T00-00-00-${ID}.jsonl`)).toBeUndefined();
    expect(parseRolloutFileName(`rollout-2025-02-30T00-00-00-${ID}.jsonl`)).toBeUndefined();
    expect(parseRolloutFileName(`rollout-2025-01-01T00-00-00-not-a-uuid.jsonl`)).toBeUndefined();
    expect(isUuid(ID)).toBe(true);
    expect(isUuid("../../etc/passwd")).toBe(false);
  });
});

describe("shouldPersistEventMsg", () => {
  it.each([
    ["user_message", true],
    ["agent_message", true],
    ["agent_reasoning", true],
    ["task_started", true],
    ["turn_started", true],
    ["task_complete", true],
    ["turn_aborted", true],
    ["token_count", true],
    ["plan_update", true],
    ["thread_rolled_back", true],
    ["error", true],
    ["agent_message_content_delta", false],
    ["agent_reasoning_delta", false],
    ["exec_command_output_delta", false],
    ["exec_command_begin", false],
    ["session_configured", false],
    ["warning", false],
  ])("%s -> %s", (type, expected) => {
    expect(shouldPersistEventMsg({ type })).toBe(expected);
  });

  it("keeps every completed item, as Codex 0.169 does", () => {
    expect(shouldPersistEventMsg({ type: "item_completed", item: { type: "plan", text: "x" } })).toBe(true);
    expect(shouldPersistEventMsg({ type: "item_completed", item: { type: "commandExecution" } })).toBe(true);
    expect(shouldPersistEventMsg({ type: "item_started", item: { type: "commandExecution" } })).toBe(false);
  });
});
