import { describe, expect, it } from "vitest";
import {
  countItems,
  JobBoard,
  jobProgress,
  setItemStatus,
  type AgentJob,
} from "../../core/subagents/job-board.js";
import { JobInputError, readJobCsv } from "./job-input.js";
import { defaultOutputPath, renderJobCsv } from "./job-output.js";
import { renderInstruction, workerPrompt } from "./worker-prompt.js";

function job(csv: string, idColumn?: string): AgentJob {
  const input = readJobCsv(csv, idColumn);
  return {
    id: "0123456789abcdef",
    instruction: "check {a}",
    headers: input.headers,
    items: input.items,
    outputCsvPath: "/tmp/out.csv",
    maxRuntimeSeconds: 60,
    stopRequested: false,
    counts: countItems(input.items),
  };
}

describe("agent job input", () => {
  it("makes one item per non-empty row, ids from id_column with suffixes for repeats, else row-N", () => {
    const byId = readJobCsv("\uFEFFa,b\nx,1\n\nx,2\n ,3\n", "a");
    expect(byId.headers).toEqual(["a", "b"]);
    expect(byId.items.map((i) => [i.itemId, i.rowIndex, i.sourceId ?? null])).toEqual([
      ["x", 0, "x"],
      ["x-2", 1, "x"],
      ["row-3", 2, null],
    ]);
    expect(byId.items[1]?.row).toEqual({ a: "x", b: "2" });
    expect(readJobCsv("a\n1\n2\n").items.map((i) => i.itemId)).toEqual(["row-1", "row-2"]);
  });

  it("refuses what cannot be a job, saying why", () => {
    const refusal = (csv: string, id?: string) => {
      try {
        readJobCsv(csv, id);
      } catch (err) {
        expect(err).toBeInstanceOf(JobInputError);
        return (err as Error).message;
      }
      return "accepted";
    };
    expect(refusal("")).toBe("csv input must include a header row");
    expect(refusal("a,a\n1,2\n")).toBe("csv header a is duplicated");
    expect(refusal("a,b\n1,2\n", "c")).toBe("id_column c was not found in csv headers");
    expect(refusal("a,b\n1,2\n3\n")).toBe("csv row 3 has 1 fields but the header has 2");
    expect(refusal('a\n"unclosed\n')).toMatch(/^failed to parse csv input: /);
  });
});

describe("agent job prompt and output", () => {
  it("fills {column} placeholders, keeps {{ }} as braces and unknown names as they are", () => {
    expect(renderInstruction("{a} {{a}} {zz} {b}", { a: "1", b: "x,y" })).toBe("1 {a} {zz} x,y");
    const j = job("a\nfoo\n");
    const prompt = workerPrompt(j, j.items[0]!);
    expect(prompt).toContain("check foo");
    expect(prompt).toContain(`job_id "${j.id}", item_id "row-1"`);
  });

  it("writes the input columns and each item's outcome; a value with a comma or quote is quoted", () => {
    const j = job('a,b\n"x, y",1\n"say ""hi""",2\n');
    const [first, second] = j.items;
    first!.status = "completed";
    first!.result = { ok: true };
    first!.attempts = 1;
    second!.status = "failed";
    second!.error = "boom";
    const lines = renderJobCsv(j).trimEnd().split("\n");
    expect(lines[0]).toBe(
      "a,b,job_id,item_id,row_index,source_id,status,attempt_count,last_error,result_json,reported_at,completed_at",
    );
    expect(lines[1]).toBe(`"x, y",1,${j.id},row-1,0,,completed,1,,"{""ok"":true}",,`);
    expect(lines[2]).toBe(`"say ""hi""",2,${j.id},row-2,1,,failed,0,boom,,,`);
    expect(defaultOutputPath("/data/in.csv", j.id)).toBe("/data/in.agent-job-01234567.csv");
  });
});

describe("job board", () => {
  it("keeps one result per item, from its worker only, while the job runs", () => {
    const board = new JobBoard();
    const j = job("a\n1\n2\n");
    board.add(j);
    const item = j.items[0]!;
    expect(board.report(j.id, "row-1", "w1", {}, false)).toEqual({
      accepted: false,
      reason: `item row-1 of agent job ${j.id} is not assigned to you`,
    });
    setItemStatus(j, item, "running");
    item.workerSessionId = "w1";
    expect(board.report(j.id, "row-1", "w2", {}, false).accepted).toBe(false);
    expect(board.report(j.id, "row-1", "w1", { n: 1 }, true)).toEqual({ accepted: true });
    expect(item.result).toEqual({ n: 1 });
    expect(j.stopRequested).toBe(true);
    expect(board.report(j.id, "row-1", "w1", { n: 2 }, false).accepted).toBe(false);
    expect(board.report(j.id, "row-9", "w1", {}, false)).toMatchObject({ accepted: false });
    expect(jobProgress(j)).toEqual({ pending: 1, running: 1, completed: 0, failed: 0, total: 2 });
    setItemStatus(j, item, "completed");
    expect(jobProgress(j)).toEqual({ pending: 1, running: 0, completed: 1, failed: 0, total: 2 });
    board.remove(j.id);
    expect(board.report(j.id, "row-1", "w1", {}, false)).toEqual({
      accepted: false,
      reason: `no running agent job ${j.id}`,
    });
  });
});
