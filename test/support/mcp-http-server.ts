// MCP servers over streamable HTTP on 127.0.0.1, written with the official SDK, for the e2e tests: each
// request gets a fresh stateless server (the SDK's pattern for servers without sessions). Every request's
// headers and every tool call are recorded.
import http from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export interface HttpTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /** Text answered to a call. */
  run: (args: Record<string, unknown>) => string;
}

export interface McpHttpServer {
  url: string;
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
  authorizations: string[];
  close(): Promise<void>;
}

export async function startMcpHttpServer(tools: HttpTool[]): Promise<McpHttpServer> {
  const calls: McpHttpServer["calls"] = [];
  const authorizations: string[] = [];

  function makeServer(): Server {
    const server = new Server({ name: "test-http", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: tools.map(({ run: _run, ...tool }) => tool) as never,
    }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const tool = tools.find((t) => t.name === request.params.name);
      const args = request.params.arguments ?? {};
      calls.push({ name: request.params.name, arguments: args });
      if (!tool) return { content: [{ type: "text", text: "no such tool" }], isError: true };
      return { content: [{ type: "text", text: tool.run(args) }] };
    });
    return server;
  }

  const httpServer = http.createServer((req, res) => {
    authorizations.push(req.headers.authorization ?? "");
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    authorizations,
    close: () =>
      new Promise((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
