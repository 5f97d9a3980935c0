// Drives `codex-ts acp` the way an editor does: the ACP SDK's client side over the process's stdio. Every
// message the agent writes is checked against the ACP schema that ships with the SDK (its zod schema, and its
// JSON Schema, which also catches what the zod schema's lenient defaults would let through).
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import {
  client,
  ndJsonStream,
  type ClientConnection,
  type ClientContext,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
  type SessionUpdate,
} from "@agentclientprotocol/sdk";
import type { z } from "zod";
import { EditorTerminals } from "./acp-terminals.js";
import { CLI } from "./cli.js";

const require = createRequire(import.meta.url);
const SDK_MAIN = require.resolve("@agentclientprotocol/sdk");
// The generated zod schema is not among the package's exports: loaded from its file.
const zod = (await import(pathToFileURL(join(dirname(SDK_MAIN), "../schema/zod.gen.js")).href)) as Record<
  string,
  z.ZodType
>;
const jsonSchema = require("@agentclientprotocol/sdk/schema/v1/schema.json") as Record<string, unknown>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
// The schema's numeric formats (Rust integer widths), checked as ranges.
const RANGES: Record<string, [number, number]> = {
  uint16: [0, 65_535],
  uint32: [0, 4_294_967_295],
  uint64: [0, Number.MAX_SAFE_INTEGER],
  int32: [-2_147_483_648, 2_147_483_647],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};
for (const [name, [min, max]] of Object.entries(RANGES)) {
  ajv.addFormat(name, {
    type: "number",
    validate: (n: number) => Number.isInteger(n) && n >= min && n <= max,
  });
}
ajv.addFormat("double", { type: "number", validate: (n: number) => Number.isFinite(n) });
ajv.addFormat("uri", { type: "string", validate: (s: string) => URL.canParse(s) });
ajv.addSchema(jsonSchema, "acp");

/** The schema type of each answer, by the method asked. */
const RESPONSES: Record<string, string> = {
  initialize: "InitializeResponse",
  authenticate: "AuthenticateResponse",
  "session/new": "NewSessionResponse",
  "session/load": "LoadSessionResponse",
  "session/list": "ListSessionsResponse",
  "session/prompt": "PromptResponse",
  "session/set_mode": "SetSessionModeResponse",
  "session/set_config_option": "SetSessionConfigOptionResponse",
  "session/close": "CloseSessionResponse",
};
const AGENT_REQUESTS: Record<string, string> = {
  "session/request_permission": "RequestPermissionRequest",
  "fs/read_text_file": "ReadTextFileRequest",
  "fs/write_text_file": "WriteTextFileRequest",
  "terminal/create": "CreateTerminalRequest",
  "terminal/output": "TerminalOutputRequest",
  "terminal/wait_for_exit": "WaitForTerminalExitRequest",
  "terminal/kill": "KillTerminalRequest",
  "terminal/release": "ReleaseTerminalRequest",
};
const AGENT_NOTIFICATIONS: Record<string, string> = {
  "session/update": "SessionNotification",
  "$/cancel_request": "CancelRequestNotification",
};

function check(type: string, value: unknown): string[] {
  const problems: string[] = [];
  const parsed = zod[`z${type}`]?.safeParse(value);
  if (!parsed) problems.push(`no zod schema z${type}`);
  else if (!parsed.success) problems.push(`zod ${type}: ${parsed.error.message}`);
  const validate = ajv.getSchema(`acp#/$defs/${type}`);
  if (!validate) problems.push(`no JSON Schema ${type}`);
  else if (!validate(value)) problems.push(`JSON Schema ${type}: ${ajv.errorsText(validate.errors)}`);
  return problems;
}

type Json = Record<string, unknown>;

/** The SDK may have closed its side of the stream already (the connection was closed first). */
function safely(act: () => void): void {
  try {
    act();
  } catch {
    // Nothing reads the stream any more.
  }
}
export type PermissionAnswer = (
  request: RequestPermissionRequest,
  signal: AbortSignal,
) => RequestPermissionResponse | Promise<RequestPermissionResponse>;

export class AcpProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every message the agent wrote, parsed. */
  readonly received: Json[] = [];
  /** Messages that broke the ACP schema, with why. */
  readonly invalid: string[] = [];
  readonly updates: SessionNotification[] = [];
  readonly permissionRequests: RequestPermissionRequest[] = [];
  readonly exited: Promise<number | null>;
  stderr = "";
  answerPermission: PermissionAnswer = () => ({ outcome: { outcome: "cancelled" } });
  /** Files the "editor" has open, served to fs/read_text_file. */
  readonly buffers = new Map<string, string>();
  /** Files written through fs/write_text_file, in order (kept as buffers; the disk is not touched). */
  readonly writes: Array<{ path: string; content: string }> = [];
  /** The editor's terminals (real processes), for terminal/*. */
  readonly terminals = new EditorTerminals();
  private readonly asked = new Map<string | number, string>();
  private readonly waiters: Array<() => void> = [];
  private readonly lines: ReadableStreamDefaultController<Uint8Array>[] = [];
  private connection: ClientConnection | undefined;

  constructor(args: string[], options: { env: NodeJS.ProcessEnv; cwd: string }) {
    this.child = spawn(process.execPath, [CLI, "acp", ...args], { cwd: options.cwd, env: options.env });
    this.child.stderr.setEncoding("utf8").on("data", (c: string) => (this.stderr += c));
    this.exited = new Promise((r) => this.child.on("close", (code) => r(code)));
    const encoder = new TextEncoder();
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      this.inspect(line);
      for (const c of this.lines) safely(() => c.enqueue(encoder.encode(`${line}\n`)));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.child.stdout.on("end", () => {
      for (const c of this.lines) safely(() => c.close());
    });
  }

  /** The SDK client, connected; its requests are recorded so their answers can be checked. */
  get agent(): ClientContext {
    if (!this.connection) {
      const input = new ReadableStream<Uint8Array>({ start: (c) => void this.lines.push(c) });
      const decoder = new TextDecoder();
      const output = new WritableStream<Uint8Array>({
        write: (chunk) => {
          const text = decoder.decode(chunk);
          for (const line of text.split("\n").filter((l) => l.trim() !== "")) this.recordSent(line);
          this.child.stdin.write(chunk);
        },
      });
      this.connection = client({ name: "test-editor" })
        .onNotification("session/update", ({ params }) => {
          this.updates.push(params);
          for (const wake of this.waiters.splice(0)) wake();
        })
        .onRequest("session/request_permission", ({ params, signal }) => {
          this.permissionRequests.push(params);
          for (const wake of this.waiters.splice(0)) wake();
          return this.answerPermission(params, signal);
        })
        .onRequest("fs/read_text_file", ({ params }) => {
          const text = this.buffers.get(params.path);
          if (text === undefined) throw new Error(`no buffer for ${params.path}`);
          return { content: text };
        })
        .onRequest("fs/write_text_file", ({ params }) => {
          this.writes.push({ path: params.path, content: params.content });
          this.buffers.set(params.path, params.content);
          return {};
        })
        .onRequest("terminal/create", ({ params }) => this.terminals.create(params))
        .onRequest("terminal/output", ({ params }) => this.terminals.output(params.terminalId))
        .onRequest("terminal/wait_for_exit", ({ params }) => this.terminals.waitForExit(params.terminalId))
        .onRequest("terminal/kill", ({ params }) => this.terminals.kill(params.terminalId))
        .onRequest("terminal/release", ({ params }) => this.terminals.release(params.terminalId))
        .connect(ndJsonStream(output, input));
    }
    return this.connection.agent;
  }

  /** Writes a raw line to the agent, bypassing the SDK (bad input). */
  sendRaw(line: string): void {
    this.recordSent(line);
    this.child.stdin.write(`${line}\n`);
  }

  /** The session updates of one session, as update objects. */
  updatesOf(sessionId: string): SessionUpdate[] {
    return this.updates.filter((n) => n.sessionId === sessionId).map((n) => n.update);
  }

  waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`timed out waiting for ${what}\nreceived:\n${this.dump()}\nstderr: ${this.stderr}`),
          ),
        timeoutMs,
      );
      const attempt = () => {
        const found = probe();
        if (found !== undefined && found !== false) {
          clearTimeout(timer);
          resolve(found);
        } else this.waiters.push(attempt);
      };
      attempt();
    });
  }

  dump(): string {
    return this.received.map((m) => JSON.stringify(m)).join("\n");
  }

  /** Ends the agent's input, as an editor closing does; resolves with its exit code (null: it had to be killed). */
  async close(): Promise<number | null> {
    this.connection?.close();
    this.terminals.closeAll();
    this.child.stdin.end();
    // Generous: on a loaded machine closing the sessions (rollouts, MCP servers) and exiting take seconds.
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 30_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  private recordSent(line: string): void {
    try {
      const msg = JSON.parse(line) as Json;
      if (typeof msg.method === "string" && msg.id !== undefined)
        this.asked.set(msg.id as string, msg.method);
    } catch {
      // Deliberately broken input: nothing to record.
    }
  }

  private inspect(line: string): void {
    let msg: Json;
    try {
      msg = JSON.parse(line) as Json;
    } catch {
      this.invalid.push(`not JSON: ${line}`);
      return;
    }
    this.received.push(msg);
    const problems: string[] = [];
    if (msg.jsonrpc !== "2.0") problems.push('no "jsonrpc": "2.0"');
    if (typeof msg.method === "string") {
      const table = msg.id !== undefined ? AGENT_REQUESTS : AGENT_NOTIFICATIONS;
      const type = table[msg.method];
      if (!type) problems.push(`unexpected method ${msg.method}`);
      else problems.push(...check(type, msg.params));
    } else if ("error" in msg) {
      problems.push(...check("Error", msg.error));
    } else {
      const method = this.asked.get(msg.id as string);
      const type = method ? RESPONSES[method] : undefined;
      if (!type) problems.push(`an answer to an unknown request ${String(msg.id)}`);
      else problems.push(...check(type, msg.result));
    }
    if (problems.length > 0) this.invalid.push(`${line}\n  ${problems.join("\n  ")}`);
  }
}

/** The text of the agent message chunks, joined. */
export function agentText(updates: SessionUpdate[]): string {
  return updates
    .map((u) =>
      u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
    )
    .join("");
}
