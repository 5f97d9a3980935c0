// A spawned app-server (ours or the real Codex) spoken to over stdio JSON-RPC, for the side-by-side suite.
// Every wait is bounded, so a server that never answers fails the measurement instead of hanging it.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface Message {
  id?: number;
  method?: string;
  result?: Record<string, unknown>;
  error?: { message: string };
}

const WAIT_MS = 120_000;

export interface RpcServer {
  /** The spawned process (for a launcher script such as codex.js, the launcher). */
  pid: number | undefined;
  send(value: unknown): void;
  request(method: string, params: unknown): Promise<Message>;
  next(match: (m: Message) => boolean): Promise<Message>;
  stop(): Promise<void>;
}

export function startRpcServer(argv: string[], env: NodeJS.ProcessEnv, cwd: string): RpcServer {
  const [file, ...args] = argv;
  const child = spawn(file as string, args, { env, cwd, stdio: ["pipe", "pipe", "ignore"] });
  const waiting: Array<{
    match: (m: Message) => boolean;
    done: (m: Message) => void;
    fail: (e: Error) => void;
  }> = [];
  child.once("exit", (code) => {
    for (const w of waiting.splice(0)) w.fail(new Error(`server exited (${code})`));
  });
  createInterface({ input: child.stdout }).on("line", (line) => {
    let message: Message;
    try {
      message = JSON.parse(line) as Message;
    } catch {
      return; // not a protocol line
    }
    const index = waiting.findIndex((w) => w.match(message));
    if (index >= 0) waiting.splice(index, 1)[0]?.done(message);
  });
  let nextId = 1000;
  const send = (value: unknown) => child.stdin.write(`${JSON.stringify(value)}\n`);
  const next = (match: (m: Message) => boolean) =>
    new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${WAIT_MS} ms`)), WAIT_MS);
      waiting.push({
        match,
        done: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        fail: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  const request = async (method: string, params: unknown) => {
    const id = nextId++;
    const answered = next((m) => m.id === id);
    send({ id, method, params });
    const message = await answered;
    if (message.error) throw new Error(`${method}: ${message.error.message}`);
    return message;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      child.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
      child.stdin.end();
    });
  return { pid: child.pid, send, request, next, stop };
}

export const INITIALIZE_PARAMS = { clientInfo: { name: "bench", title: "bench", version: "1" } };

/** Spawns, initializes, and returns the server with the time from spawn to the initialize answer. */
export async function startInitialized(
  argv: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ server: RpcServer; initializeMs: number }> {
  const started = performance.now();
  const server = startRpcServer(argv, env, cwd);
  await server.request("initialize", INITIALIZE_PARAMS);
  const initializeMs = performance.now() - started;
  server.send({ method: "initialized" });
  return { server, initializeMs };
}
