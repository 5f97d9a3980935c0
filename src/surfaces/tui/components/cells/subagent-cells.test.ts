// Subagent cells as the user sees them: one cell per subagent tool call, a live await, a subagent's command
// and approvals named after it, and the running count in the status line.
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { ExecRun, HistoryCell, SubagentCallAgentView, SubagentCallRun } from "../../state/cells.js";
import { HistoryCellView } from "../HistoryCellView.js";
import { ApprovalOverlay } from "../overlays/ApprovalOverlay.js";
import { StatusLine } from "../StatusLine.js";
import { renderText, trimLines } from "../../../../../test/support/tui-render.js";
import { ExecCell } from "./ExecCell.js";
import { oneLine, SubagentCallCell } from "./SubagentCallCell.js";

const alpha = (status: SubagentCallAgentView["status"], message?: string): SubagentCallAgentView => ({
  agentId: 1,
  label: 'subagent 1 "alpha"',
  status,
  ...(message ? { message } : {}),
});
const ended = (call: Partial<SubagentCallRun> & Pick<SubagentCallRun, "tool">): HistoryCell => ({
  id: 1,
  kind: "subagent_call",
  call: { callId: "c", status: "succeeded", startedAt: 0, agents: [], ...call },
});
const show = (cell: HistoryCell) =>
  trimLines(renderText(createElement(HistoryCellView, { cell, width: 100 })));

describe("subagent call cells", () => {
  const table: Array<[string, HistoryCell, string]> = [
    [
      "spawn: the agent and the first line of its task",
      ended({ tool: "spawn", agents: [alpha("running")], prompt: "Fix the parser.\nThen run the tests." }),
      '\n• Spawned subagent 1 "alpha"\n  └ Fix the parser. Then run the tests.',
    ],
    [
      "spawn with another model",
      ended({ tool: "spawn", agents: [alpha("running")], prompt: "go", model: "gpt-5.1-codex-mini" }),
      '\n• Spawned subagent 1 "alpha" (gpt-5.1-codex-mini)\n  └ go',
    ],
    [
      "await: each agent with its status and the start of its final message",
      ended({
        tool: "await",
        agents: [
          alpha("completed", "All tests pass.\n\nDetails:\n- parser fixed"),
          { agentId: 2, label: "subagent 2", status: "failed", message: "model request failed" },
          { agentId: 3, label: "subagent 3", status: "running" },
        ],
      }),
      [
        "",
        "• Finished waiting",
        '  └ subagent 1 "alpha": Completed - All tests pass. Details: - parser fixed',
        "    subagent 2: Failed - model request failed",
        "    subagent 3: Running",
      ].join("\n"),
    ],
    [
      "await with nothing finished",
      ended({ tool: "await", agents: [] }),
      "\n• Finished waiting\n  └ No agents finished",
    ],
    [
      "send: the target and the message",
      ended({ tool: "send", agents: [alpha("running")], prompt: "one more thing" }),
      '\n• Sent input to subagent 1 "alpha"\n  └ one more thing',
    ],
    [
      "a refused call says why",
      ended({
        tool: "send",
        status: "failed",
        prompt: "anyone?",
        error: "subagent_send: no subagent with id 9; use the ids subagent_list shows",
      }),
      "\n• Could not send input to a subagent\n  └ subagent_send: no subagent with id 9; use the ids subagent_list shows",
    ],
    [
      "cancel, with the subagents it took along",
      ended({
        tool: "cancel",
        agents: [alpha("cancelled"), { agentId: 3, label: "subagent 3", status: "cancelled" }],
      }),
      '\n• Cancelled subagent 1 "alpha" and 1 of its subagents',
    ],
    [
      "list: how many, by status",
      ended({
        tool: "list",
        agents: [alpha("running"), { agentId: 2, label: "subagent 2", status: "completed" }],
      }),
      "\n• Listed 2 subagents\n  └ 1 running · 1 completed",
    ],
    [
      "logs: one line",
      ended({ tool: "logs", agents: [alpha("running")] }),
      '\n• Read the logs of subagent 1 "alpha"',
    ],
  ];
  it.each(table)("%s", (_name, cell, expected) => {
    expect(show(cell)).toBe(expected);
  });

  it("keeps a long final message to one line", () => {
    const long = "word ".repeat(200);
    const text = show(ended({ tool: "await", agents: [alpha("completed", long)] }));
    expect(text.split("\n")).toHaveLength(3);
    expect(text).toMatch(/Completed - word word .*…$/);
    expect(oneLine(long)).toHaveLength(240);
  });

  it("shows a running await with a spinner and the time it has waited", () => {
    const call: SubagentCallRun = {
      callId: "c",
      tool: "await",
      status: "running",
      startedAt: 1_000,
      agents: [alpha("running")],
    };
    const text = trimLines(renderText(createElement(SubagentCallCell, { call, now: 13_000 })));
    expect(text).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Waiting for subagent 1 "alpha" \(12s\)$/);
    const many = {
      ...call,
      agents: [alpha("running"), { ...alpha("running"), agentId: 2, label: "subagent 2" }],
    };
    expect(trimLines(renderText(createElement(SubagentCallCell, { call: many, now: 13_000 })))).toMatch(
      /Waiting for 2 agents \(12s\)\n {2}└ subagent 1 "alpha": Running\n {4}subagent 2: Running$/,
    );
  });
});

describe("a subagent's commands and approvals", () => {
  it("names the subagent on its forwarded command", () => {
    const run: ExecRun = {
      callId: "c",
      command: ["bash", "-lc", "touch made-by-alpha"],
      cwd: "/work",
      startedAt: 0,
      output: "",
      status: "succeeded",
      exitCode: 0,
      durationMs: 43,
      agentLabel: 'subagent 1 "alpha"',
    };
    expect(trimLines(renderText(createElement(ExecCell, { run })))).toBe(
      '• subagent 1 "alpha": Ran touch made-by-alpha (43ms)',
    );
  });

  it("says which subagent asks in the approval overlay", () => {
    const text = trimLines(
      renderText(
        createElement(ApprovalOverlay, {
          approval: {
            kind: "exec",
            callId: "c",
            command: ["bash", "-lc", "touch made-by-alpha"],
            cwd: "/work",
            agentId: 1,
            agentLabel: 'subagent 1 "alpha"',
          },
        }),
      ),
    );
    expect(text).toContain('│ subagent 1 "alpha" wants to run this command. Allow it?');
    expect(text).toContain("│ $ touch made-by-alpha");
    expect(text).toContain("│ Esc Abort the subagent's turn");
  });

  it("records the decision under the subagent's name", () => {
    const decision = (d: "approved" | "abort"): HistoryCell => ({
      id: 1,
      kind: "approval_decision",
      action: "run touch x",
      decision: d,
      actor: 'subagent 1 "alpha"',
    });
    expect(show(decision("approved"))).toBe('\n✔ You approved subagent 1 "alpha" to run touch x');
    expect(show(decision("abort"))).toBe(
      '\n✗ You cancelled the request of subagent 1 "alpha" to run touch x and stopped its turn',
    );
  });

  it("counts the subagents at work in the status line", () => {
    const line = (n: number) =>
      renderText(
        createElement(StatusLine, {
          collaborationMode: "default",
          taskRunning: false,
          quitArmed: false,
          subagentsActive: n,
        }),
      );
    expect(line(2)).toContain("default mode · 2 subagents running");
    expect(line(1)).toContain("default mode · 1 subagent running");
    expect(line(0)).not.toContain("subagent");
  });
});
