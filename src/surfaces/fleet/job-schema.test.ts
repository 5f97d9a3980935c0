import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readBatchFile } from "./batch-file.js";
import { parseTaskSpec } from "./job-schema.js";
import { continuationPrompt } from "./journal.js";
import { scratchDir } from "../../../test/support/scratch.js";

describe("task payload", () => {
  it("fills the defaults: HEAD, workspace-write, never, no commit", () => {
    expect(parseTaskSpec({ repo: "/r", prompt: "p" })).toEqual({
      repo: "/r",
      prompt: "p",
      baseRef: "HEAD",
      sandbox: "workspace-write",
      approvalPolicy: "never",
      commit: false,
    });
  });

  it("names every bad field, and refuses unknown fields and config keys that could redirect the login", () => {
    expect(() => parseTaskSpec({ repo: "", prompt: 3 })).toThrow(/invalid task: repo: .*; prompt: /);
    expect(() => parseTaskSpec({ repo: "/r", prompt: "p", apiKey: "sk-x" })).toThrow(/apiKey/);
    expect(() =>
      parseTaskSpec({ repo: "/r", prompt: "p", config: { model_providers: "x", model: "m" } }),
    ).toThrow(/config.model_providers: not a key a task may set/);
    expect(parseTaskSpec({ repo: "/r", prompt: "p", config: { model: "m" } }).config).toEqual({ model: "m" });
  });
});

describe("batch files", () => {
  const dir = scratchDir("codex-ts-batch-");

  it("reads JSONL and CSV (with typed columns), applying the command line's defaults", () => {
    const jsonl = join(dir, "a.jsonl");
    writeFileSync(jsonl, '{"repo":"/a","prompt":"one"}\n\n{"repo":"/b","prompt":"two","model":"m2"}\n');
    expect(readBatchFile(jsonl, { model: "m" }).map((t) => [t.repo, t.model])).toEqual([
      ["/a", "m"],
      ["/b", "m2"],
    ]);
    const csv = join(dir, "a.csv");
    writeFileSync(csv, 'repo,prompt,maxTokens,commit\n/a,"fix it, please",1000,true\n/b,two,,\n');
    const tasks = readBatchFile(csv, {});
    expect(tasks[0]).toMatchObject({ prompt: "fix it, please", maxTokens: 1000, commit: true });
    expect(tasks[1]).toMatchObject({ repo: "/b", commit: false });
  });

  it("queues nothing from a file with a bad row, and says which rows", () => {
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, '{"repo":"/a","prompt":"ok"}\n{"repo":"/b"}\n');
    expect(() => readBatchFile(bad, {})).toThrow(/nothing submitted:\n.*bad.jsonl:2: invalid task: prompt/);
    const notJson = join(dir, "x.jsonl");
    writeFileSync(notJson, "{oops\n");
    expect(() => readBatchFile(notJson, {})).toThrow(/x.jsonl:1: not a JSON object/);
  });
});

describe("the take-over message", () => {
  it("lists the calls in flight with what the journal knows, and says they were not run again", () => {
    const text = continuationPrompt(
      [
        { callId: "c1", name: "shell", arguments: '{"command":["make"]}' },
        { callId: "c2", name: "apply_patch", arguments: "*** Begin Patch" },
      ],
      new Map([["c1", { key: "t:c1", tool: "command", state: "started" as const, run: 1 }]]),
    );
    expect(text).toContain("NOT run again");
    expect(text).toContain('- shell (call c1, started on run 1): {"command":["make"]}');
    expect(text).toContain("- apply_patch (call c2, may or may not have started)");
    expect(continuationPrompt([], new Map())).not.toContain("in flight");
  });
});
