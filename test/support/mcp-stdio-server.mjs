// A small MCP server over stdio, written with the official SDK, for the e2e tests. Plain JavaScript, so node
// starts it without a loader (a TypeScript loader costs seconds on a loaded machine):
//   node test/support/mcp-stdio-server.mjs [--bad]
// Resources: note://hello. Tools: echo (marked read-only), add_note (marked destructive), die (exits the process). With --bad, also tools that misbehave:
// garbage (answers with a line that is not JSON), slow (never answers in time), bad_schema (an input schema
// the Responses API cannot take).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const bad = process.argv.includes("--bad");

const tools = [
  {
    name: "echo",
    description: "Echoes the text back.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    annotations: { readOnlyHint: true },
  },
  {
    name: "add_note",
    description: "Adds a note (changes state).",
    inputSchema: { type: "object", properties: { note: { type: "string" } } },
    annotations: { destructiveHint: true },
  },
  { name: "die", description: "Exits the server process.", inputSchema: { type: "object" } },
  ...(bad
    ? [
        { name: "garbage", description: "Answers with a broken line.", inputSchema: { type: "object" } },
        {
          name: "slow",
          description: "Takes a minute.",
          inputSchema: { type: "object", properties: { ms: { type: "number" } } },
        },
        { name: "bad_schema", description: "Its schema is a string.", inputSchema: { type: "string" } },
      ]
    : []),
];

const server = new Server(
  { name: "test-stdio", version: "1.0.0" },
  { capabilities: { tools: {}, resources: {} } },
);
// Some of these tools break the spec on purpose, so they are sent as plain data.
// One resource, note://hello; any other URI is an error.
server.setRequestHandler(ReadResourceRequestSchema, (request) => {
  if (request.params.uri !== "note://hello") throw new Error(`no resource ${request.params.uri}`);
  return { contents: [{ uri: "note://hello", mimeType: "text/plain", text: "hello from the note" }] };
});
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case "echo":
      return { content: [{ type: "text", text: `echo: ${String(args.text)}` }] };
    case "add_note":
      return { content: [{ type: "text", text: `noted: ${String(args.note)}` }] };
    case "die":
      process.exit(3);
      break;
    case "garbage":
      process.stdout.write("this is {not json\n");
      return new Promise(() => undefined);
    case "slow":
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, Number(args.ms ?? 60_000));
        extra.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
      return { content: [{ type: "text", text: "finally" }] };
  }
  return { content: [{ type: "text", text: `unknown tool ${request.params.name}` }], isError: true };
});

await server.connect(new StdioServerTransport());
