// MCP servers as tool providers, end to end: the built CLI against real MCP servers started by the test (a
// stdio server written with the SDK, a streamable HTTP server on 127.0.0.1, one that never finishes starting).
import { afterEach, describe, expect, it } from "vitest";
import { ExecThreadEvent } from "../../src/protocol/exec-events.js";
import { reply, startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, jsonLines, makeHome, runCli } from "../support/cli.js";
import { httpServerToml, hungServerToml, stdioServerToml } from "../support/mcp-config.js";
import { startMcpHttpServer, type McpHttpServer } from "../support/mcp-http-server.js";

type Json = Record<string, unknown>;
type Model = Awaited<ReturnType<typeof startFakeModel>>;

let model: Model | undefined;
let http: McpHttpServer | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await proto?.close();
  await model?.close();
  await http?.close();
  model = undefined;
  http = undefined;
  proto = undefined;
});

function toolNames(request: Model["requests"][number] | undefined): string[] {
  return ((request?.body.tools ?? []) as Array<{ name: string }>).map((t) => t.name);
}

function callOutput(request: Model["requests"][number] | undefined): unknown {
  const item = (request?.body.input ?? []).findLast((i) => i.type === "function_call_output");
  return item?.output;
}

function completedItems(events: Json[], type: string): Json[] {
  return events
    .filter((e) => e.type === "item.completed" && (e.item as Json).type === type)
    .map((e) => e.item as Json);
}

/** The hung server's startup timeout: the first request waits it out once. */
const HUNG_TIMEOUT_S = 5;

describe("MCP servers in exec", () => {
  it("offers the tools of healthy servers, runs them, and leaves a hung server out after its timeout", async () => {
    http = await startMcpHttpServer([
      {
        name: "add",
        description: "Adds two numbers.",
        inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
        run: (args) => String(Number(args.a) + Number(args.b)),
      },
    ]);
    const arrivals: number[] = [];
    const at =
      <T>(answer: T) =>
      () => (arrivals.push(Date.now()), answer);
    model = await startFakeModel({
      replies: [
        at(reply.functionCall("local__echo", { text: "hi" })),
        at(reply.functionCall("remote__add", { a: 2, b: 3 })),
        at(reply.message("done")),
      ],
    });
    const home = makeHome(
      model.url,
      stdioServerToml("local") + httpServerToml("remote", http.url) + hungServerToml("hung", HUNG_TIMEOUT_S),
    );
    const started = Date.now();
    const res = await runCli(["exec", "--json", "use the tools"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    const events = jsonLines(res.stdout);
    for (const e of events) expect(ExecThreadEvent.safeParse(e).success).toBe(true);

    // The first request waited for the hung server only up to its startup timeout, and none after it did: a
    // later wait would cost the whole timeout again, which is set well above what load adds to a tool call.
    expect(arrivals).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = arrivals;
    expect(first - started).toBeLessThan(HUNG_TIMEOUT_S * 1_000 + 15_000);
    expect(second - first).toBeLessThan(HUNG_TIMEOUT_S * 1_000);
    expect(third - second).toBeLessThan(HUNG_TIMEOUT_S * 1_000);

    const offered = toolNames(model.requests[0]);
    expect(offered).toEqual(
      expect.arrayContaining(["shell", "local__echo", "local__add_note", "remote__add"]),
    );
    expect(offered.filter((n) => n.startsWith("hung"))).toEqual([]);
    const echoSpec = (model.requests[0]?.body.tools as Json[]).find((t) => t.name === "local__echo");
    expect(echoSpec).toMatchObject({
      type: "function",
      description: "Echoes the text back.",
      parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    });
    expect(callOutput(model.requests[1])).toBe("echo: hi");
    expect(callOutput(model.requests[2])).toBe("5");
    expect(http.calls).toEqual([{ name: "add", arguments: { a: 2, b: 3 } }]);

    const calls = completedItems(events, "mcp_tool_call");
    expect(calls).toEqual([
      expect.objectContaining({
        server: "local",
        tool: "echo",
        arguments: { text: "hi" },
        result: { content: [{ type: "text", text: "echo: hi" }], structured_content: null },
        status: "completed",
      }),
      expect.objectContaining({ server: "remote", tool: "add", status: "completed" }),
    ]);
    const startedTypes = events.filter((e) => e.type === "item.started").map((e) => (e.item as Json).type);
    expect(startedTypes).toEqual(["mcp_tool_call", "mcp_tool_call"]);
    const warnings = completedItems(events, "error").map((i) => i.message);
    expect(warnings).toEqual([
      `MCP server 'hung' failed to start: timed out after ${HUNG_TIMEOUT_S}s (startup_timeout_sec); its tools are unavailable`,
    ]);
  });

  it("turns malformed JSON, an invalid schema and a timeout into clear errors, and goes on", async () => {
    model = await startFakeModel({
      replies: [
        reply.functionCall("local__garbage", {}),
        reply.functionCall("local__slow", {}),
        reply.functionCall("local__echo", { text: "still here" }),
        reply.message("survived"),
      ],
    });
    const home = makeHome(
      model.url,
      stdioServerToml("local", { bad: true, extra: "tool_timeout_sec = 1\n" }),
    );
    const started = Date.now();
    const res = await runCli(["exec", "--json", "misbehave"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    // The slow tool takes a minute: ending well before that shows it was cut off at its timeout.
    expect(Date.now() - started).toBeLessThan(45_000);
    const events = jsonLines(res.stdout);

    expect(toolNames(model.requests[0])).not.toContain("local__bad_schema");
    expect(completedItems(events, "error").map((i) => i.message)).toEqual([
      `MCP server 'local': tool 'bad_schema' was left out: the input schema must describe an object (type "object"), not "string"`,
    ]);
    const calls = completedItems(events, "mcp_tool_call");
    expect(calls.map((c) => [c.tool, c.status])).toEqual([
      ["garbage", "failed"],
      ["slow", "failed"],
      ["echo", "completed"],
    ]);
    expect((calls[0]?.error as Json).message).toMatch(
      /^MCP tool local\.garbage failed: the server sent malformed JSON: /,
    );
    expect((calls[1]?.error as Json).message).toBe(
      "MCP tool local.slow failed: no answer within 1s (tool_timeout_sec of MCP server 'local')",
    );
    expect(callOutput(model.requests[1])).toMatch(/malformed JSON/);
    expect(callOutput(model.requests[2])).toMatch(/no answer within 1s/);
    expect(callOutput(model.requests[3])).toBe("echo: still here");
    expect(completedItems(events, "agent_message").map((i) => i.text)).toEqual(["survived"]);
  });
});

describe("MCP servers in the engine (proto)", () => {
  it("reports startup status, asks before a destructive tool, and restarts a server that died", async () => {
    model = await startFakeModel({
      replies: [
        reply.functionCall("local__add_note", { note: "buy milk" }, "call_note"),
        reply.functionCall("local__die", {}),
        reply.functionCall("local__echo", { text: "back" }),
        reply.message("all done"),
      ],
    });
    const home = makeHome(model.url, stdioServerToml("local") + hungServerToml("hung", 0.5));
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    proto.send({ id: "1", op: { type: "configure_session", approval_policy: "on-request" } });
    proto.send({ id: "2", op: { type: "user_turn", items: [{ type: "text", text: "note it" }] } });
    const msg = (m: Json) => m.msg as Json;

    const request = await proto.waitFor((m) => msg(m).type === "exec_approval_request");
    expect(msg(request)).toMatchObject({
      call_id: "call_note",
      command: ["mcp", "local", "add_note", '{"note":"buy milk"}'],
      reason: "MCP server 'local' marks tool 'add_note' as destructive",
    });
    proto.send({ id: "3", op: { type: "exec_approval", id: "call_note", decision: "approved" } });
    await proto.waitFor((m) => msg(m).type === "task_complete");

    const updates = proto.received.filter((m) => msg(m).type === "mcp_startup_update").map((m) => msg(m));
    expect(updates).toEqual(
      expect.arrayContaining([
        { type: "mcp_startup_update", server: "local", status: { state: "starting" } },
        { type: "mcp_startup_update", server: "local", status: { state: "ready" } },
        { type: "mcp_startup_update", server: "hung", status: { state: "starting" } },
        {
          type: "mcp_startup_update",
          server: "hung",
          status: { state: "failed", error: "failed to start: timed out after 0.5s (startup_timeout_sec)" },
        },
      ]),
    );
    const complete = proto.received.find((m) => msg(m).type === "mcp_startup_complete");
    expect(msg(complete ?? {})).toEqual({
      type: "mcp_startup_complete",
      ready: ["local"],
      failed: [{ server: "hung", error: "failed to start: timed out after 0.5s (startup_timeout_sec)" }],
      cancelled: [],
    });

    expect(callOutput(model.requests[1])).toBe("noted: buy milk");
    // `die` ends the server mid-call; the next call starts it again.
    expect(callOutput(model.requests[2])).toMatch(/^MCP tool local\.die failed: the connection closed/);
    expect(callOutput(model.requests[3])).toBe("echo: back");
    const ends = proto.received.filter((m) => msg(m).type === "mcp_tool_call_end").map((m) => msg(m));
    expect(ends.map((e) => [(e.invocation as Json).tool, "Ok" in (e.result as Json) ? "ok" : "err"])).toEqual(
      [
        ["add_note", "ok"],
        ["die", "err"],
        ["echo", "ok"],
      ],
    );
  });
});
