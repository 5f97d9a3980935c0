import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config/load.js";
import { rolloutLine, type RolloutLine } from "../rollout/lines.js";
import { openThread, ThreadOpenError } from "./open-thread.js";
import { scratchDir } from "../../test/support/scratch.js";

const homes: string[] = [];
afterEach(() => homes.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function ephemeralConfig() {
  const codexHome = scratchDir("codex-ts-open-thread-");
  homes.push(codexHome);
  return loadConfig({ codexHome, cwd: codexHome, env: {}, run: { ephemeral: true } });
}

const identity = { originator: "test", source: "subagent" };

function threadLines(id: string): RolloutLine[] {
  return [
    rolloutLine("session_meta", {
      id,
      timestamp: new Date().toISOString(),
      cwd: "/work",
      originator: "test",
      cli_version: "0.0.0",
      source: "subagent",
      model_provider: "openai",
    }),
    rolloutLine("response_item", {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "the task" }],
    }),
    rolloutLine("response_item", {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "done" }],
    }),
  ];
}

// A stopped subagent of an `--ephemeral` run is resumed from the lines its engine kept in memory. Within a
// run a child loses its engine only at shutdown, after which nothing resumes, so the path cannot be driven
// through the CLI: the opener is checked here with lines directly.
describe("openThread from lines kept in memory", () => {
  it("resumes the thread from its lines, keeps them in memory and writes no file", async () => {
    const config = ephemeralConfig();
    const lines = threadLines("0199aaaa-0000-7000-8000-000000000001");
    const seed = await openThread(config, { resumeLines: lines }, identity, () => {});
    expect(seed.id).toBe("0199aaaa-0000-7000-8000-000000000001");
    expect(seed.history).toHaveLength(2);
    expect(seed.rollout.memoryLines).toEqual(lines);
    // Its own copy: what the reopened thread records does not change the lines it was given.
    expect(seed.rollout.memoryLines).not.toBe(lines);
    await seed.rollout.close();
    expect(existsSync(join(config.codexHome, "sessions"))).toBe(false);
  });

  it("refuses lines without a session_meta, as it refuses such a file", async () => {
    const lines = threadLines("x").slice(1);
    await expect(openThread(ephemeralConfig(), { resumeLines: lines }, identity, () => {})).rejects.toThrow(
      ThreadOpenError,
    );
  });
});
