// Table-driven: each request exec cannot put to anyone gets an immediate answer and a notice saying why.
import { describe, expect, it } from "vitest";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { refuseRequest } from "./unanswerable-requests.js";

const cases: Array<{ name: string; msg: KnownEventMsg; op: unknown; notice: RegExp[] }> = [
  {
    name: "a command is denied; the notice shows the script of bash -lc and the engine's reason",
    msg: {
      type: "exec_approval_request",
      call_id: "c1",
      command: ["bash", "-lc", "touch x"],
      cwd: "/w",
      reason: "needs to write",
    },
    op: { type: "exec_approval", id: "c1", decision: "denied" },
    notice: [
      /^denied: approval needed to run `touch x` \(needs to write\); exec cannot ask for approval/,
      /re-run with -a never .* \(--full-auto, -s danger-full-access\)\.$/,
    ],
  },
  {
    name: "a plain argv is quoted, and a subagent's request names the subagent",
    msg: {
      type: "exec_approval_request",
      call_id: "c2",
      agent_id: 2,
      command: ["rm", "-rf", "my dir"],
      cwd: "/w",
      reason: null,
    },
    op: { type: "exec_approval", id: "c2", decision: "denied" },
    notice: [/^subagent 2: denied: approval needed to run `rm -rf 'my dir'`; exec cannot ask/],
  },
  {
    name: "a destructive MCP tool is denied through the exec approval round trip",
    msg: {
      type: "exec_approval_request",
      call_id: "m1",
      command: ["mcp", "notes", "add_note", '{"note":"x"}'],
      cwd: "/w",
      reason: "MCP server 'notes' marks tool 'add_note' as destructive",
    },
    op: { type: "exec_approval", id: "m1", decision: "denied" },
    notice: [
      /^denied: approval needed to call MCP tool notes\.add_note \(MCP server 'notes' marks/,
      /set trusted = true under \[mcp_servers\.notes\]/,
    ],
  },
  {
    name: "a patch is denied; long path lists are cut",
    msg: {
      type: "apply_patch_approval_request",
      call_id: "p1",
      changes: Object.fromEntries(
        ["/a", "/b", "/c", "/d", "/e"].map((p) => [p, { type: "add" as const, content: "x" }]),
      ),
      reason: "the patch writes outside the writable roots",
    },
    op: { type: "patch_approval", id: "p1", decision: "denied" },
    notice: [
      /^denied: approval needed to apply a patch to \/a, \/b, \/c and 2 more \(the patch writes outside/,
      /--add-dir DIR/,
    ],
  },
  {
    name: "questions get no answers",
    msg: {
      type: "request_user_input",
      call_id: "q1",
      turn_id: "t",
      questions: [{ id: "db", header: "DB", question: "Which database?", isOther: true }],
    },
    op: { type: "user_input_answer", id: "q1", response: { answers: {} } },
    notice: [/^no answers: the model asked "Which database\?", but exec cannot ask questions/],
  },
];

describe("refuseRequest", () => {
  for (const c of cases) {
    it(c.name, () => {
      const refusal = refuseRequest(c.msg);
      expect(refusal?.op).toEqual(c.op);
      for (const pattern of c.notice) expect(refusal?.notice).toMatch(pattern);
    });
  }

  it("leaves every other event alone", () => {
    expect(refuseRequest({ type: "agent_message", message: "hi" })).toBeUndefined();
    expect(refuseRequest({ type: "warning", message: "w" })).toBeUndefined();
  });

  it("cuts a very long command", () => {
    const long = "echo " + "x".repeat(500);
    const refusal = refuseRequest({
      type: "exec_approval_request",
      call_id: "c",
      command: ["bash", "-lc", long],
      cwd: "/w",
    });
    expect(refusal?.notice).toContain("`echo xxx");
    expect(refusal?.notice).toContain("…`");
    expect(refusal?.notice.length).toBeLessThan(600);
  });
});
