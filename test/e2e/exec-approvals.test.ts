// exec has nobody to answer approvals or questions: under a policy that asks (`-a on-request`,
// `-a untrusted`), every request is denied at once, the model reads the denial as the tool's output, the
// turn completes (exit 0), and stderr or the JSONL stream says what was refused and why. Each run is bounded
// by runCli's timeout, so a request left waiting fails the test instead of hanging it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ExecThreadEvent } from "../../src/protocol/exec-events.js";
import { reply, sse, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli } from "../support/cli.js";
import { stdioServerToml } from "../support/mcp-config.js";
import { scriptByAgent } from "../support/subagents.js";

type Json = Record<string, unknown>;
type Model = Awaited<ReturnType<typeof startFakeModel>>;

const RUN_TIMEOUT_MS = 20_000;

let model: Model | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

function outputOf(m: Model, callId: string): string {
  const item = m.requests
    .flatMap((r) => r.body.input ?? [])
    .find((i) => String(i.type).endsWith("_call_output") && i.call_id === callId);
  return String(item?.output);
}

function completedItems(events: Json[], type: string): Json[] {
  return events
    .filter((e) => e.type === "item.completed" && (e.item as Json).type === type)
    .map((e) => e.item as Json);
}

/** The JSONL stream is valid for the SDK, and the turn completed rather than failed. */
function expectCompletedTurn(events: Json[]): void {
  for (const e of events) expect(ExecThreadEvent.safeParse(e).success).toBe(true);
  expect(events.map((e) => e.type)).not.toContain("turn.failed");
  expect(events.at(-1)?.type).toBe("turn.completed");
}

describe("exec with a policy that asks", () => {
  it("denies a command's escalation at once under -a on-request, says why in JSONL, and completes", async () => {
    model = await startFakeModel({
      replies: [
        reply.functionCall(
          "shell",
          {
            command: ["bash", "-lc", "touch escalated.txt"],
            sandbox_permissions: "require_escalated",
            justification: "needs to write outside the sandbox",
          },
          "call_cmd",
        ),
        reply.message("could not create it"),
      ],
    });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "--json", "-a", "on-request", "create the file"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(res.code).toBe(0);
    expect(outputOf(model, "call_cmd")).toMatch(/^rejected by user/);
    expect(existsSync(join(home.cwd, "escalated.txt"))).toBe(false);

    const events = jsonLines(res.stdout);
    expectCompletedTurn(events);
    const [notice] = completedItems(events, "error");
    expect(notice?.message).toMatch(
      /^denied: approval needed to run `touch escalated\.txt` \(needs to write outside the sandbox\); exec cannot ask for approval/,
    );
    expect(notice?.message).toMatch(/re-run with -a never/);
    expect(completedItems(events, "agent_message").at(-1)?.text).toBe("could not create it");
  });

  it("denies a command and a patch under -a untrusted, and says so on stderr", async () => {
    const patch = "*** Begin Patch\n*** Add File: note.txt\n+hello\n*** End Patch\n";
    model = await startFakeModel({
      replies: [
        reply.shell(["touch", "made.txt"], { callId: "call_cmd" }),
        { events: [sse.created(), sse.customToolCall("apply_patch", patch, "call_patch"), sse.completed()] },
        reply.message("nothing changed"),
      ],
    });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "-a", "untrusted", "change things"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe("nothing changed\n");
    expect(outputOf(model, "call_cmd")).toMatch(/^rejected by user/);
    expect(outputOf(model, "call_patch")).toMatch(/^rejected by user/);
    expect(existsSync(join(home.cwd, "made.txt"))).toBe(false);
    expect(existsSync(join(home.cwd, "note.txt"))).toBe(false);
    expect(res.stderr).toMatch(
      /denied: approval needed to run `touch made\.txt`; exec cannot ask for approval/,
    );
    expect(res.stderr).toMatch(/denied: approval needed to apply a patch to \S*note\.txt .*exec cannot ask/);
  });

  it("denies a destructive MCP tool under -a on-request without calling it, and completes", async () => {
    model = await startFakeModel({
      replies: [reply.functionCall("local__add_note", { note: "x" }, "call_note"), reply.message("skipped")],
    });
    const home = makeHome(model.url, stdioServerToml("local"));
    const res = await runCli(["exec", "--json", "-a", "on-request", "add a note"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(res.code).toBe(0);
    expect(outputOf(model, "call_note")).toBe("the user declined the call to add_note (MCP server 'local')");

    const events = jsonLines(res.stdout);
    expectCompletedTurn(events);
    const [notice] = completedItems(events, "error");
    expect(notice?.message).toMatch(
      /^denied: approval needed to call MCP tool local\.add_note \(MCP server 'local' marks tool 'add_note' as destructive\); exec cannot ask for approval/,
    );
    expect(notice?.message).toMatch(/trusted = true under \[mcp_servers\.local\]/);
    expect(completedItems(events, "mcp_tool_call")).toEqual([
      expect.objectContaining({ tool: "add_note", status: "failed", error: { message: expect.any(String) } }),
    ]);
  });

  it("denies a subagent's request too: it reaches exec through the root, named after the subagent", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "write a file", name: "writer" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.message("root done"),
      ],
      1: [
        reply.functionCall(
          "shell",
          {
            command: ["bash", "-lc", "touch child.txt"],
            sandbox_permissions: "require_escalated",
            justification: "the child writes",
          },
          "call_child",
        ),
        reply.message("child done"),
      ],
    });
    model = await startFakeModel({ fallback: script.fallback });
    const home = makeHome(model.url, "[subagents]\nenabled = true\n");
    const res = await runCli(["exec", "--json", "-a", "on-request", "delegate"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(res.code).toBe(0);
    expect(outputOf(model, "call_child")).toMatch(/^rejected by user/);
    const events = jsonLines(res.stdout);
    expectCompletedTurn(events);
    expect(completedItems(events, "error")[0]?.message).toMatch(
      /^subagent 1: denied: approval needed to run `touch child\.txt` \(the child writes\)/,
    );
  });

  it("tells the reader on stderr that the model's question went unanswered", async () => {
    const questions = [{ id: "db", header: "Database", question: "Which database?" }];
    model = await startFakeModel({
      replies: [
        reply.functionCall("request_user_input", { questions }, "call_q"),
        reply.message("assumed pg"),
      ],
    });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "-a", "on-request", "set up"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(res.code).toBe(0);
    expect(outputOf(model, "call_q")).toMatch(/no user is attached/);
    expect(res.stderr).toMatch(
      /warning: the model asked "Which database\?" \(request_user_input\), but no user/,
    );
  });
});
