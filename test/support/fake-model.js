// A scripted OpenAI Responses API server on 127.0.0.1: real HTTP, real SSE. The one fake of the test suite.
// Like the real API, it rejects a request whose input has a tool call without its output (or the reverse).
// It also speaks Chat Completions (POST /chat/completions, replies from fake-chat.js, with the same checks)
// and, given `ollamaModels`, Ollama's own /api/tags and /api/show (what `--oss` asks first).
// By hand: node test/support/fake-model.js [--script FILE] [--port N]
import http from "node:http";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { chatReply, checkChatRequest, lastChatUserText } from "./fake-chat.js";

/**
 * @typedef {Record<string, unknown>} Json
 * @typedef {{ events: Array<Json | string>, cutAfter?: number, delayMs?: number, headers?: Record<string, string> }} SseReply
 * @typedef {{ status: number, body?: unknown, headers?: Record<string, string> }} HttpReply
 * @typedef {{ hang: true }} HangReply
 * @typedef {SseReply | HttpReply | HangReply} Reply
 * A function may answer later (a promise), e.g. to hold a reply until a test has seen what comes before it.
 * @typedef {Reply | ((request: RecordedRequest) => Reply | Promise<Reply>)} ScriptedReply
 * @typedef {{ path: string, headers: http.IncomingHttpHeaders, body: Json & { input?: Json[], messages?: Json[] }, clientPort?: number }} RecordedRequest
 * @typedef {{ name: string, contextLength?: number, capabilities?: string[] }} OllamaModel
 * @typedef {{ id: string, type?: "llm" | "vlm", maxContextLength?: number, loadedContextLength?: number }} LmStudioModel
 */

let counter = 0;
const nextId = (/** @type {string} */ prefix) => `${prefix}_${++counter}`;

/** Builders for SSE events, shaped like the real API's. */
export const sse = {
  created: (id = nextId("resp")) => ({ type: "response.created", response: { id } }),
  /** @param {{ input?: number, cached?: number, output?: number, reasoning?: number }} [u] */
  completed: (id = nextId("resp"), u = {}) => ({
    type: "response.completed",
    response: {
      id,
      usage: {
        input_tokens: u.input ?? 10,
        input_tokens_details: { cached_tokens: u.cached ?? 0 },
        output_tokens: u.output ?? 5,
        output_tokens_details: { reasoning_tokens: u.reasoning ?? 0 },
        total_tokens: (u.input ?? 10) + (u.output ?? 5),
      },
    },
  }),
  /** An assistant message streamed as deltas, then its final item. */
  message: (/** @type {string} */ text, { id = nextId("msg"), deltas = splitDeltas(text) } = {}) => [
    { type: "response.output_item.added", item: { type: "message", role: "assistant", id, content: [] } },
    ...deltas.map((delta) => ({ type: "response.output_text.delta", item_id: id, delta })),
    {
      type: "response.output_item.done",
      item: { type: "message", role: "assistant", id, content: [{ type: "output_text", text }] },
    },
  ],
  functionCall: (/** @type {string} */ name, /** @type {unknown} */ args, callId = nextId("call")) => ({
    type: "response.output_item.done",
    item: {
      type: "function_call",
      id: nextId("fc"),
      name,
      call_id: callId,
      arguments: typeof args === "string" ? args : JSON.stringify(args),
    },
  }),
  customToolCall: (/** @type {string} */ name, /** @type {string} */ input, callId = nextId("call")) => ({
    type: "response.output_item.done",
    item: { type: "custom_tool_call", id: nextId("ctc"), name, call_id: callId, input, status: "completed" },
  }),
  reasoning: (/** @type {string} */ summary) => [
    { type: "response.reasoning_summary_part.added", summary_index: 0 },
    { type: "response.reasoning_summary_text.delta", summary_index: 0, delta: summary },
    {
      type: "response.output_item.done",
      item: { type: "reasoning", id: nextId("rs"), summary: [{ type: "summary_text", text: summary }] },
    },
  ],
};

/** @param {string} text @returns {string[]} */
function splitDeltas(text) {
  const parts = text.match(/.{1,8}/gs);
  return parts ? [...parts] : [""];
}

/** Ready-made replies. */
export const reply = {
  /** @param {string} text @param {{ usage?: Parameters<typeof sse.completed>[1] }} [o] */
  message: (text, o = {}) => ({
    events: [sse.created(), ...sse.message(text), sse.completed(undefined, o.usage)],
  }),
  /** @param {string[]} command @param {{ callId?: string, workdir?: string, timeout_ms?: number }} [o] */
  shell: (command, o = {}) => ({
    events: [
      sse.created(),
      sse.functionCall(
        "shell",
        {
          command,
          ...(o.workdir ? { workdir: o.workdir } : {}),
          ...(o.timeout_ms ? { timeout_ms: o.timeout_ms } : {}),
        },
        o.callId,
      ),
      sse.completed(),
    ],
  }),
  /**
   * An `exec_command` call (codex-ts's default command tool), e.g. `reply.exec("ls -a")`.
   * @param {string} cmd
   * @param {{ callId?: string, workdir?: string, yield_time_ms?: number, tty?: boolean, login?: boolean,
   *   sandbox_permissions?: string, justification?: string }} [o]
   */
  exec: (cmd, o = {}) => {
    const { callId, ...rest } = o;
    return {
      events: [sse.created(), sse.functionCall("exec_command", { cmd, ...rest }, callId), sse.completed()],
    };
  },
  /** @param {string} name @param {unknown} args @param {string} [callId] */
  functionCall: (name, args, callId) => ({
    events: [sse.created(), sse.functionCall(name, args, callId), sse.completed()],
  }),
  /** @param {number} status @param {{ retryAfter?: string, message?: string }} [o] */
  httpError: (status, o = {}) => ({
    status,
    body: { error: { message: o.message ?? `fake error ${status}`, type: "server_error" } },
    ...(o.retryAfter ? { headers: { "retry-after": o.retryAfter } } : {}),
  }),
  /** A message whose stream is cut after `after` events (no response.completed). */
  cut: (/** @type {string} */ text, after = 2) => ({
    events: [sse.created(), ...sse.message(text), sse.completed()],
    cutAfter: after,
  }),
  /** A message streamed with a pause between events. */
  slow: (/** @type {string} */ text, delayMs = 50) => ({
    events: [sse.created(), ...sse.message(text), sse.completed()],
    delayMs,
  }),
  /** Never answers (until the server closes). */
  hang: () => /** @type {HangReply} */ ({ hang: true }),
};

/**
 * Every call in the input must have its output, and every output its call.
 * @param {Json[]} input
 * @returns {string | undefined} the problem, if any
 */
export function checkToolPairs(input) {
  const calls = new Set();
  const outputs = new Set();
  for (const item of input) {
    if (item.type === "function_call" || item.type === "custom_tool_call") calls.add(item.call_id);
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output")
      outputs.add(item.call_id);
  }
  for (const id of calls) if (!outputs.has(id)) return `No tool output found for call ${String(id)}.`;
  for (const id of outputs) if (!calls.has(id)) return `No tool call found for output ${String(id)}.`;
  return undefined;
}

/**
 * Starts the server. Replies are served in order; when they run out, `fallback` answers (by default a
 * message echoing the last user text).
 * `models` is what GET /models lists; `ollamaModels` turns on Ollama's /api/tags and /api/show, and
 * `lmStudioModels` LM Studio's /api/v0/models/{id} (and the list, when `models` is not given).
 * @param {{ replies?: ScriptedReply[], fallback?: ScriptedReply, port?: number, models?: string[],
 *   ollamaModels?: OllamaModel[], lmStudioModels?: LmStudioModel[] }} [options]
 */
export async function startFakeModel(options = {}) {
  /** @type {ScriptedReply[]} */
  const queue = [...(options.replies ?? [])];
  /** @type {RecordedRequest[]} */
  const requests = [];
  /** @type {string[]} */
  const errors = [];
  /** @type {Array<() => void>} */
  const waiters = [];
  /** @type {Set<http.ServerResponse>} */
  const open = new Set();

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      void handle(req, res, raw);
    });
  });

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {string} raw */
  async function handle(req, res, raw) {
    const path = req.url ?? "/";
    const route = path.split("?")[0] ?? "";
    if (req.method === "GET" && route.endsWith("/models")) {
      const ids = options.models ??
        options.ollamaModels?.map((m) => m.name) ??
        options.lmStudioModels?.map((m) => m.id) ?? ["gpt-5.1-codex"];
      sendJson(res, 200, { object: "list", data: ids.map((id) => ({ id, object: "model" })) });
      return;
    }
    const lmStudio = options.lmStudioModels?.find((m) => route === `/api/v0/models/${m.id}`);
    if (lmStudio && req.method === "GET") {
      sendJson(res, 200, {
        id: lmStudio.id,
        object: "model",
        type: lmStudio.type ?? "llm",
        state: "loaded",
        max_context_length: lmStudio.maxContextLength ?? 131072,
        ...(lmStudio.loadedContextLength ? { loaded_context_length: lmStudio.loadedContextLength } : {}),
      });
      return;
    }
    if (options.ollamaModels && route === "/api/tags" && req.method === "GET") {
      requests.push({ path, headers: req.headers, body: {} });
      sendJson(res, 200, {
        models: options.ollamaModels.map((m) => ({ name: m.name, model: m.name, size: 1, digest: "fake" })),
      });
      return;
    }
    if (options.ollamaModels && route === "/api/show" && req.method === "POST") {
      const wanted = String(JSON.parse(raw || "{}").model ?? "");
      // Like Ollama, a name without a tag means `:latest`.
      const tagged = wanted.includes(":") ? wanted : `${wanted}:latest`;
      const found = options.ollamaModels.find((m) => m.name === tagged);
      if (!found) sendJson(res, 404, { error: `model '${wanted}' not found` });
      else
        sendJson(res, 200, {
          capabilities: found.capabilities ?? ["completion", "tools"],
          model_info: { "general.architecture": "fake", "fake.context_length": found.contextLength ?? 8192 },
        });
      return;
    }
    const chat = route.endsWith("/chat/completions");
    if (req.method !== "POST" || !(chat || route.endsWith("/responses"))) {
      sendJson(res, 404, { error: { message: `no route for ${req.method} ${path}` } });
      return;
    }
    /** @type {RecordedRequest["body"]} */
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      errors.push(`request body is not JSON: ${raw.slice(0, 200)}`);
      sendJson(res, 400, { error: { message: "body is not JSON" } });
      return;
    }
    // The client's port tells requests that shared a keep-alive connection apart from new connections.
    const recorded = { path, headers: req.headers, body, clientPort: req.socket.remotePort };
    requests.push(recorded);
    for (const wake of waiters.splice(0)) wake();
    const problem = chat ? checkChatRequest(body) : checkToolPairs(body.input ?? []);
    if (problem) {
      errors.push(problem);
      sendJson(res, 400, { error: { message: problem, type: "invalid_request_error" } });
      return;
    }
    const next = queue.shift() ?? options.fallback ?? (chat ? echoChat : echo);
    const answer = await (typeof next === "function" ? next(recorded) : next);
    await serve(res, answer);
  }

  /** @param {http.ServerResponse} res @param {Reply} answer */
  async function serve(res, answer) {
    if ("hang" in answer) {
      open.add(res);
      res.on("close", () => open.delete(res));
      return;
    }
    if ("status" in answer) {
      sendJson(res, answer.status, answer.body ?? {}, answer.headers);
      return;
    }
    open.add(res);
    res.on("close", () => open.delete(res));
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      ...answer.headers,
    });
    for (const [index, event] of answer.events.entries()) {
      if (answer.cutAfter !== undefined && index >= answer.cutAfter) {
        // Cut the connection mid-stream, as a dropped network would (after what was sent reached the wire).
        res.socket?.destroy();
        return;
      }
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      if (res.destroyed) return;
      // Responses events name their type; Chat chunks are bare `data:` lines, and "[DONE]" is sent as is.
      const frame =
        typeof event === "string"
          ? `data: ${event}\n\n`
          : typeof event.type === "string"
            ? `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`
            : `data: ${JSON.stringify(event)}\n\n`;
      await new Promise((r) => res.write(frame, r));
    }
    res.end();
  }

  await new Promise((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    errors,
    /** @param {ScriptedReply[]} more */
    push: (...more) => void queue.push(...more),
    get pending() {
      return queue.length;
    },
    /** Resolves once at least `n` requests have arrived. */
    waitForRequests: (/** @type {number} */ n) =>
      new Promise((resolve) => {
        const check = () => (requests.length >= n ? resolve(undefined) : waiters.push(check));
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/** @param {RecordedRequest} request */
function echo(request) {
  return reply.message(`(fake model) you said: ${lastUserText(request.body.input ?? [])}`);
}

/** @param {RecordedRequest} request */
function echoChat(request) {
  return chatReply.message(`(fake model) you said: ${lastChatUserText(request.body.messages ?? [])}`);
}

/** The text of the last user message in a request's input. @param {Json[]} input */
export function lastUserText(input) {
  for (let i = input.length - 1; i >= 0; i--) {
    const item = input[i];
    if (item?.type === "message" && item.role === "user" && Array.isArray(item.content)) {
      const text = item.content
        .map((/** @type {Json} */ c) => (typeof c.text === "string" ? c.text : ""))
        .join("");
      if (!text.startsWith("<environment_context>") && !text.startsWith("# AGENTS.md")) return text;
    }
  }
  return "";
}

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body @param {Record<string,string>} [headers] */
function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A script file for use by hand: a JSON array of steps, each one of
 * {"message": "text"} | {"exec": "ls -a"} (exec_command) | {"shell": ["ls"]} (shell, with shell_tool = "shell") |
 * {"function_call": {"name": "...", "arguments": {...}}} |
 * {"status": 500} | {"events": [...]}.
 * @param {unknown[]} steps
 * @returns {Reply[]}
 */
export function repliesFromScript(steps) {
  return steps.map((step, i) => {
    const s = /** @type {Json} */ (step);
    if (typeof s.message === "string") return reply.message(s.message);
    if (typeof s.exec === "string") return reply.exec(s.exec);
    if (Array.isArray(s.shell)) return reply.shell(s.shell.map(String));
    if (s.function_call && typeof s.function_call === "object") {
      const fc = /** @type {{ name: string, arguments: unknown }} */ (s.function_call);
      return reply.functionCall(fc.name, fc.arguments);
    }
    if (typeof s.status === "number") return reply.httpError(s.status);
    if (Array.isArray(s.events)) return { events: /** @type {Json[]} */ (s.events) };
    throw new Error(`script step ${i + 1}: expected message, exec, shell, function_call, status or events`);
  });
}

async function main() {
  const args = process.argv.slice(2);
  const scriptPath = args[args.indexOf("--script") + 1];
  const portArg = args.includes("--port") ? Number(args[args.indexOf("--port") + 1]) : 0;
  const replies =
    args.includes("--script") && scriptPath
      ? repliesFromScript(JSON.parse(readFileSync(scriptPath, "utf8")))
      : [];
  const server = await startFakeModel({ replies, port: portArg });
  console.log(`fake model listening on ${server.url}`);
  console.log(
    `try: OPENAI_API_KEY=fake npx codex-ts exec --skip-git-repo-check -c openai_base_url='"${server.url}"' "hello"`,
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main();
}
