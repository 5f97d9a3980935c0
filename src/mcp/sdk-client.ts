// One MCP client session over the official SDK: connect (stdio or streamable HTTP), list tools, call a tool.
// The SDK is imported here, lazily: only sessions with MCP servers (and the mcp commands) ever load it.
// Type-only: erased at build time, so the SDK still loads only when a connection is made.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { z } from "zod";
import { McpCallToolResult } from "../protocol/core-protocol.js";
import type { McpResourceContents } from "../core/mcp-api/session-mcp.js";
import type { McpServerInfo } from "../core/mcp-api/types.js";
import { VERSION } from "../version.js";
import type { McpTransportConfig } from "./server-config.js";
import { hasAuthorizationHeader } from "./oauth/oauth-support.js";
import { StoredOAuthProvider } from "./oauth/provider.js";
import { McpOAuthStore } from "./oauth/token-store.js";

/** Why a request to a server failed, in words that say what to do about it. */
export class McpRequestError extends Error {
  constructor(
    readonly kind: "timeout" | "closed" | "malformed" | "server" | "transport",
    message: string,
  ) {
    super(message);
  }
}

const ResourceContents = z.looseObject({ contents: z.array(z.looseObject({ uri: z.string() })) });
const ToolsPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });
const MAX_PAGES = 50;
const STDERR_TAIL_BYTES = 2048;
/** How long a stdio server may take to exit once its stdin is closed, before it is terminated. */
const STDIO_EXIT_GRACE_MS = 500;
const SDK_REQUEST_TIMEOUT = -32001;
const SDK_CONNECTION_CLOSED = -32000;

export interface McpClientHandle {
  listTools(options: { signal: AbortSignal; timeoutMs: number }): Promise<unknown[]>;
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: { signal: AbortSignal; timeoutMs: number },
  ): Promise<McpCallToolResult>;
  /** resources/read: the resource's contents as the server sent them. */
  readResource(
    uri: string,
    options: { signal: AbortSignal; timeoutMs: number },
  ): Promise<McpResourceContents>;
  /** What a stdio server last wrote to stderr (for failure reasons). */
  stderrTail(): string;
  /** What the server said of itself at the handshake. */
  serverInfo(): McpServerInfo | undefined;
  serverCapabilities(): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

export interface ConnectOptions {
  signal: AbortSignal;
  timeoutMs: number;
  /** The connection ended (the process exited, the stream closed). */
  onClose?: () => void;
}

export async function connectMcpClient(
  transportConfig: McpTransportConfig,
  options: ConnectOptions,
): Promise<McpClientHandle> {
  const sdk = await import("@modelcontextprotocol/sdk/client/index.js");
  const client = new sdk.Client({ name: "codex-ts", version: VERSION }, { capabilities: {} });
  let stderr = "";
  const inFlight = new Set<AbortController>();
  let closing = false;
  let stdioPid: number | null = null;

  // A line that is not JSON-RPC cannot be matched to its request: fail what is waiting rather than let it
  // run into its timeout.
  client.onerror = (error) => {
    if (error.name !== "SyntaxError" && error.name !== "ZodError") return;
    const reason = new McpRequestError(
      "malformed",
      `the server sent malformed JSON: ${firstLine(error.message)}`,
    );
    for (const controller of inFlight) controller.abort(reason);
  };
  client.onclose = () => {
    if (!closing) options.onClose?.();
  };

  if (transportConfig.kind === "stdio") {
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    // The pid is remembered at spawn: when the handshake fails, the SDK forgets its process while it waits
    // for it to exit, and a server that never exits would hold the session for seconds.
    class TrackedStdioTransport extends StdioClientTransport {
      override async start(): Promise<void> {
        await super.start();
        stdioPid = this.pid;
      }
    }
    const transport = new TrackedStdioTransport({
      command: transportConfig.command,
      args: transportConfig.args,
      env: { ...transportConfig.env },
      ...(transportConfig.cwd ? { cwd: transportConfig.cwd } : {}),
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_BYTES);
    });
    try {
      await connectOrClose(client, transport, options, () => stderr);
    } catch (err) {
      if (stdioPid) killQuietly(stdioPid);
      throw err;
    }
  } else {
    const { StreamableHTTPClientTransport } =
      await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    const authProvider = storedOAuthProvider(transportConfig);
    const transport = new StreamableHTTPClientTransport(new URL(transportConfig.url), {
      requestInit: { headers: transportConfig.headers },
      ...(transportConfig.fetch ? { fetch: transportConfig.fetch } : {}),
      ...(authProvider ? { authProvider } : {}),
    });
    await connectOrClose(client, transport, options, () => "");
  }

  async function request<T>(run: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    const controller = new AbortController();
    const forward = () => controller.abort(signal.reason);
    if (signal.aborted) forward();
    signal.addEventListener("abort", forward, { once: true });
    inFlight.add(controller);
    try {
      return await run(controller.signal);
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (controller.signal.reason instanceof McpRequestError) throw controller.signal.reason;
      throw classify(err, () => stderr);
    } finally {
      inFlight.delete(controller);
      signal.removeEventListener("abort", forward);
    }
  }

  return {
    async listTools({ signal, timeoutMs }) {
      const tools: unknown[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const result = await request(
          (s) =>
            client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, ToolsPage, {
              signal: s,
              timeout: timeoutMs,
            }),
          signal,
        );
        tools.push(...result.tools);
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      return tools;
    },
    callTool(name, args, { signal, timeoutMs }) {
      return request(
        (s) =>
          client.request({ method: "tools/call", params: { name, arguments: args } }, McpCallToolResult, {
            signal: s,
            timeout: timeoutMs,
          }),
        signal,
      );
    },
    readResource(uri, { signal, timeoutMs }) {
      return request(
        (s) =>
          client.request({ method: "resources/read", params: { uri } }, ResourceContents, {
            signal: s,
            timeout: timeoutMs,
          }),
        signal,
      );
    },
    stderrTail: () => stderr.trim(),
    serverInfo: () => client.getServerVersion(),
    serverCapabilities: () => client.getServerCapabilities(),
    async close() {
      closing = true;
      const pid = stdioPid;
      // The SDK waits up to 2s for a stdio server to exit on its own; a server that ignores its closed stdin
      // is terminated sooner, so a session never lingers on it.
      const terminate = pid ? setTimeout(() => killQuietly(pid), STDIO_EXIT_GRACE_MS) : undefined;
      try {
        await client.close();
      } catch {
        // Already closed.
      } finally {
        clearTimeout(terminate);
      }
    },
  };
}

type SdkTransport = Parameters<Client["connect"]>[0];

async function connectOrClose(
  client: Client,
  transport: SdkTransport,
  options: ConnectOptions,
  stderr: () => string,
): Promise<void> {
  try {
    await client.connect(transport, { signal: options.signal, timeout: options.timeoutMs });
  } catch (err) {
    await transport.close().catch(() => undefined);
    if (options.signal.aborted) throw options.signal.reason;
    throw classify(err, stderr);
  }
}

function classify(err: unknown, stderr: () => string): McpRequestError {
  if (err instanceof McpRequestError) return err;
  const error = err instanceof Error ? err : new Error(String(err));
  const code = (error as { code?: unknown }).code;
  if (code === SDK_REQUEST_TIMEOUT) return new McpRequestError("timeout", "timed out");
  if (code === SDK_CONNECTION_CLOSED) {
    const tail = stderr();
    return new McpRequestError(
      "closed",
      `the connection closed${tail ? `; stderr: ${lastLines(tail)}` : ""}`,
    );
  }
  if (typeof code === "number")
    return new McpRequestError("server", error.message.replace(/^MCP error -?\d+: /, ""));
  if (error.name === "SyntaxError" || error.name === "ZodError") {
    return new McpRequestError("malformed", `the server sent malformed JSON: ${firstLine(error.message)}`);
  }
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? `: ${cause.message}` : "";
  return new McpRequestError("transport", `${error.message}${detail}`);
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? "").slice(0, 200);
}

function lastLines(text: string): string {
  return text.split("\n").slice(-3).join(" | ").slice(-400);
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}

/**
 * The stored OAuth login of an HTTP server, when it has one and no Authorization header is configured: the
 * transport then sends its access token and refreshes it when the server answers 401.
 */
function storedOAuthProvider(
  transport: Extract<McpTransportConfig, { kind: "streamable_http" }>,
): StoredOAuthProvider | undefined {
  if (!transport.oauth) return undefined;
  if (hasAuthorizationHeader(transport.headers)) return undefined;
  const store = new McpOAuthStore(transport.oauth.codexHome);
  if (!store.get(transport.url).tokens) return undefined;
  const { serverName, client, resource } = transport.oauth;
  return new StoredOAuthProvider({
    store,
    serverUrl: transport.url,
    serverName,
    ...(client ? { client } : {}),
    ...(resource ? { resource } : {}),
  });
}
