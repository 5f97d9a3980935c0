// `codex-ts debug app-server send-message-v2 MESSAGE`: a small app-server client for looking at the
// protocol. It starts `codex-ts app-server` (with the -c/--enable/--disable given), then initializes, starts
// a thread and a turn with MESSAGE, and prints every message it sends (`> `) and receives (`< `) as indented
// JSON, as Codex 0.169's does. Approval requests are accepted, as Codex's accepts them; any other request
// from the server gets an error. It stops when the turn completes, then closes the server.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { CODEX_COMPAT_VERSION } from "../../version.js";

type Message = { id?: string | number; method?: string; params?: unknown; result?: unknown; error?: unknown };

export interface SendMessageFlags {
  config?: string[];
  enable?: string[];
  disable?: string[];
}

/** What the client answers a request from the server with: approvals are accepted. */
function answer(request: Message): Pick<Message, "result" | "error"> {
  switch (request.method) {
    case "item/commandExecution/requestApproval":
    case "item/fileChange/requestApproval":
      return { result: { decision: "accept" } };
    default:
      return { error: { code: -32601, message: `send-message-v2 does not answer ${request.method}` } };
  }
}

function print(direction: ">" | "<", message: unknown): void {
  const lines = JSON.stringify(message, null, 2).split("\n");
  process.stdout.write(`${lines.map((line) => `${direction} ${line}`).join("\n")}\n`);
}

export async function runSendMessageV2(text: string, flags: SendMessageFlags): Promise<number> {
  const args = [
    ...(flags.config ?? []).flatMap((c) => ["-c", c]),
    ...(flags.enable ?? []).flatMap((f) => ["--enable", f]),
    ...(flags.disable ?? []).flatMap((f) => ["--disable", f]),
  ];
  // The same binary: its entry script is what this process runs.
  const server = spawn(process.execPath, [process.argv[1] ?? "", "app-server", ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  // A server that exited early closes the pipe: what is still written is dropped, and the run ends below.
  server.stdin.on("error", () => undefined);
  const exited = new Promise<number | null>((resolve) => server.on("close", (code) => resolve(code)));
  const pending = new Map<string | number, (message: Message) => void>();
  let onNotification: (message: Message) => void = () => undefined;

  const send = (message: Message) => {
    print(">", message);
    server.stdin.write(`${JSON.stringify(message)}\n`);
  };
  const request = (method: string, params: unknown) =>
    new Promise<Message>((resolve) => {
      const id = randomUUID();
      pending.set(id, resolve);
      send({ id, method, params });
    });

  createInterface({ input: server.stdout }).on("line", (line) => {
    let message: Message;
    try {
      message = JSON.parse(line) as Message;
    } catch {
      process.stdout.write(`< ${line}\n`);
      return;
    }
    print("<", message);
    if (message.id !== undefined && message.method !== undefined)
      send({ id: message.id, ...answer(message) });
    else if (message.id !== undefined) pending.get(message.id)?.(message);
    else onNotification(message);
  });

  const gone = exited.then(() => undefined);
  const step = async (method: string, params: unknown): Promise<Message | undefined> => {
    const response = await Promise.race([request(method, params), gone]);
    if (response?.error !== undefined) return undefined;
    return response;
  };

  let completed = false;
  const init = await step("initialize", {
    clientInfo: {
      name: "codex-toy-app-server",
      title: "Codex Toy App Server",
      version: CODEX_COMPAT_VERSION,
    },
    capabilities: { experimentalApi: true },
  });
  if (init) {
    send({ method: "initialized" });
    const thread = await step("thread/start", {});
    const threadId = (thread?.result as { thread?: { id?: string } } | undefined)?.thread?.id;
    if (threadId) {
      const turnDone = new Promise<void>((resolve) => {
        onNotification = (message) => {
          if (message.method === "turn/completed") resolve();
        };
      });
      const turn = await step("turn/start", {
        threadId,
        input: [{ type: "text", text, text_elements: [] }],
      });
      if (turn)
        completed = (await Promise.race([turnDone.then(() => true), gone.then(() => false)])) === true;
    }
  }
  server.stdin.end();
  const code = await exited;
  process.stdout.write(
    `[codex-ts app-server exited: ${code === null ? "by signal" : `exit status: ${code}`}]\n`,
  );
  return completed ? 0 : 1;
}
