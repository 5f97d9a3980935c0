// The connectors gateway, end to end: a connector directory written with the MCP SDK (streamable HTTP on
// 127.0.0.1) lists connectors' actions; the engine lists the connectors, and a turn that mentions
// `app://ID` lets the model call that connector's actions through the gateway.
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { listConnectors } from "../../src/mcp/connectors/list-connectors.js";
import { reply, startFakeModel } from "../support/fake-model.js";
import { JsonLinesProcess, makeHome } from "../support/cli.js";
import { startMcpHttpServer, type HttpTool, type McpHttpServer } from "../support/mcp-http-server.js";

type Json = Record<string, unknown>;
type Model = Awaited<ReturnType<typeof startFakeModel>>;

let model: Model | undefined;
let directory: McpHttpServer | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await proto?.close();
  await model?.close();
  await directory?.close();
  model = undefined;
  directory = undefined;
  proto = undefined;
});

const connector = (id: string, name: string, description: string) => ({
  connector_id: id,
  connector_name: name,
  connector_description: description,
});

const DIRECTORY: HttpTool[] = [
  {
    name: "notes_create",
    description: "Creates a note.",
    inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
    _meta: connector("notes", "Notes", "Keeps your notes"),
    run: (args) => `created note '${String(args.title)}'`,
  },
  {
    name: "notes_list",
    description: "Lists notes.",
    inputSchema: { type: "object", properties: {} },
    _meta: connector("notes", "Notes", "Keeps your notes"),
    run: () => "no notes",
  },
  {
    name: "calendar_add",
    description: "Adds an event.",
    inputSchema: { type: "object", properties: { when: { type: "string" } } },
    _meta: connector("calendar", "Calendar", "Your events"),
    run: () => "added",
  },
  {
    name: "mail_send",
    description: "Sends mail.",
    inputSchema: { type: "object", properties: { to: { type: "string" } } },
    _meta: connector("mail", "Mail", "Your mail"),
    run: () => "sent",
  },
];

function connectorsToml(url: string): string {
  return `\n[connectors]\nurl = ${JSON.stringify(url)}\ndisabled = ["mail"]\n`;
}

function toolNames(request: Model["requests"][number] | undefined): string[] {
  return ((request?.body.tools ?? []) as Array<{ name: string }>).map((t) => t.name);
}

describe("connectors gateway", () => {
  it("lists the directory's connectors with their tools, authenticated as the current account", async () => {
    directory = await startMcpHttpServer(DIRECTORY);
    model = await startFakeModel();
    const home = makeHome(model.url, connectorsToml(directory.url));
    const config = loadConfig({ codexHome: home.codexHome, cwd: home.cwd, env: home.env });
    const connectors = await listConnectors(config, { env: home.env });
    expect(connectors.map((c) => [c.id, c.name, c.description, c.enabled])).toEqual([
      ["notes", "Notes", "Keeps your notes", true],
      ["calendar", "Calendar", "Your events", true],
      ["mail", "Mail", "Your mail", false],
    ]);
    expect(connectors[0]?.tools.map((t) => t.qualifiedName)).toEqual([
      "codex_apps__notes_create",
      "codex_apps__notes_list",
    ]);
    expect(new Set(directory.authorizations)).toEqual(new Set(["Bearer sk-test"]));
  });

  it("offers a connector's actions in a turn that mentions it, and runs them through the gateway", async () => {
    directory = await startMcpHttpServer(DIRECTORY);
    model = await startFakeModel({
      replies: [
        reply.functionCall("codex_apps__notes_create", { title: "groceries" }),
        reply.message("note created"),
        reply.message("nothing to do"),
      ],
    });
    const home = makeHome(model.url, connectorsToml(directory.url));
    proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd });
    const msg = (m: Json) => m.msg as Json;
    proto.send({ id: "1", op: { type: "configure_session" } });
    proto.send({
      id: "2",
      op: {
        type: "user_turn",
        items: [
          { type: "text", text: "make a groceries note" },
          { type: "mention", name: "Notes", path: "app://notes" },
          { type: "mention", name: "Mail", path: "app://mail" },
        ],
      },
    });
    await proto.waitFor((m) => m.id === "2" && msg(m).type === "task_complete");

    const offered = toolNames(model.requests[0]).filter((n) => n.startsWith("codex_apps__"));
    expect(offered).toEqual(["codex_apps__notes_create", "codex_apps__notes_list"]);
    expect(directory.calls).toEqual([{ name: "notes_create", arguments: { title: "groceries" } }]);
    const output = (model.requests[1]?.body.input ?? []).find((i) => i.type === "function_call_output");
    expect(output?.output).toBe("created note 'groceries'");
    const end = proto.received.find((m) => msg(m).type === "mcp_tool_call_end");
    expect(msg(end ?? {})).toMatchObject({
      invocation: { server: "codex_apps", tool: "notes_create", arguments: { title: "groceries" } },
      result: { Ok: { content: [{ type: "text", text: "created note 'groceries'" }] } },
    });

    // Without a mention, no connector's actions are offered.
    proto.send({ id: "3", op: { type: "user_turn", items: [{ type: "text", text: "anything else?" }] } });
    await proto.waitFor((m) => m.id === "3" && msg(m).type === "task_complete");
    expect(toolNames(model.requests[2]).filter((n) => n.startsWith("codex_apps__"))).toEqual([]);
  });
});
