// Chat Completions replies for the fake model server (fake-model.js serves them on /chat/completions), shaped
// like OpenAI's stream (tool-call arguments split across chunks, usage in a last chunk without choices) or
// Ollama's (whole tool calls in one chunk, `reasoning` deltas). Also the API's check that every assistant
// tool call is answered by a tool message right after it.

let counter = 0;
const nextId = (/** @type {string} */ prefix) => `${prefix}${++counter}`;

/**
 * @typedef {Record<string, unknown>} Json
 * @typedef {"openai" | "ollama"} Flavor
 * @typedef {{ name: string, args: unknown, id?: string }} CallSpec
 * @typedef {{ input?: number, output?: number, cached?: number }} UsageSpec
 */

/** One stream chunk. */
function chunk(
  /** @type {string} */ id,
  /** @type {Flavor} */ flavor,
  /** @type {Json} */ delta,
  /** @type {string | null} */ finish = null,
) {
  return {
    id,
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "fake",
    ...(flavor === "ollama" ? { system_fingerprint: "fp_ollama" } : {}),
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

/** The last chunk of a stream asked for with stream_options.include_usage. */
function usageChunk(/** @type {string} */ id, /** @type {UsageSpec} */ u = {}) {
  const input = u.input ?? 10;
  const output = u.output ?? 5;
  return {
    id,
    object: "chat.completion.chunk",
    choices: [],
    usage: {
      prompt_tokens: input,
      completion_tokens: output,
      total_tokens: input + output,
      prompt_tokens_details: { cached_tokens: u.cached ?? 0 },
    },
  };
}

/** @param {string} text */
function pieces(text) {
  return text.match(/.{1,6}/gs) ?? [""];
}

/**
 * The chunks of one answer: optional reasoning, optional text, optional tool calls, the finish, the usage.
 * @param {{ text?: string, reasoning?: string, calls?: CallSpec[], flavor?: Flavor, finish?: string,
 *   usage?: UsageSpec }} o
 * @returns {Json[]}
 */
export function chatChunks(o) {
  const flavor = o.flavor ?? "openai";
  const id = flavor === "ollama" ? nextId("chatcmpl-") : nextId("chatcmpl-fake");
  const role = flavor === "ollama" ? { role: "assistant" } : {};
  /** @type {Json[]} */
  const out = [];
  if (flavor === "openai") out.push(chunk(id, flavor, { role: "assistant", content: "" }));
  const field = flavor === "ollama" ? "reasoning" : "reasoning_content";
  for (const p of o.reasoning ? pieces(o.reasoning) : [])
    out.push(chunk(id, flavor, { ...role, [field]: p }));
  for (const p of o.text ? pieces(o.text) : []) out.push(chunk(id, flavor, { ...role, content: p }));
  for (const [index, call] of (o.calls ?? []).entries()) {
    const args = typeof call.args === "string" ? call.args : JSON.stringify(call.args);
    const callId = call.id ?? nextId("call_");
    if (flavor === "ollama") {
      const whole = { id: callId, index, type: "function", function: { name: call.name, arguments: args } };
      out.push(chunk(id, flavor, { ...role, content: "", tool_calls: [whole] }));
      continue;
    }
    // OpenAI: the id and name first, then the arguments a few characters at a time.
    const head = { index, id: callId, type: "function", function: { name: call.name, arguments: "" } };
    out.push(chunk(id, flavor, { tool_calls: [head] }));
    for (const p of pieces(args))
      out.push(chunk(id, flavor, { tool_calls: [{ index, function: { arguments: p } }] }));
  }
  const finish = o.finish ?? (o.calls?.length ? "tool_calls" : "stop");
  out.push(chunk(id, flavor, flavor === "ollama" ? { ...role, content: "" } : {}, finish));
  out.push(usageChunk(id, o.usage));
  return out;
}

/** Ready-made Chat Completions replies (the same reply shape as fake-model.js's `reply`). */
export const chatReply = {
  /** @param {string} text @param {{ flavor?: Flavor, reasoning?: string, usage?: UsageSpec }} [o] */
  message: (text, o = {}) => ({ events: [...chatChunks({ ...o, text }), "[DONE]"] }),
  /** @param {CallSpec[]} calls @param {{ flavor?: Flavor, text?: string, reasoning?: string, usage?: UsageSpec }} [o] */
  toolCalls: (calls, o = {}) => ({ events: [...chatChunks({ ...o, calls }), "[DONE]"] }),
  /** An exec_command call. @param {string} cmd @param {{ flavor?: Flavor, id?: string, reasoning?: string }} [o] */
  exec: (cmd, o = {}) =>
    chatReply.toolCalls([{ name: "exec_command", args: { cmd }, ...(o.id ? { id: o.id } : {}) }], o),
  /** A message whose stream is cut after `after` chunks (no finish, no [DONE]). */
  cut: (/** @type {string} */ text, after = 3, /** @type {Flavor} */ flavor = "openai") => ({
    events: [...chatChunks({ text, flavor }), "[DONE]"],
    cutAfter: after,
  }),
  /** An answer that ends on a finish reason other than stop (length, content_filter). */
  finish: (/** @type {string} */ text, /** @type {string} */ finish) => ({
    events: [...chatChunks({ text, finish }), "[DONE]"],
  }),
};

/**
 * What the real API refuses: a tool message that answers no preceding call, and an assistant message with
 * tool_calls not followed by a tool message for each of them.
 * @param {Json[]} messages
 * @returns {string | undefined} the problem, if any
 */
export function checkChatToolCalls(messages) {
  /** @type {Set<string>} */
  let open = new Set();
  for (const message of messages) {
    if (message.role === "tool") {
      const id = String(message.tool_call_id);
      if (!open.has(id)) {
        return "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
      }
      open.delete(id);
      continue;
    }
    if (open.size > 0) {
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(", ")}`;
    }
    if (message.role === "assistant" && Array.isArray(message.tool_calls)) {
      open = new Set(message.tool_calls.map((c) => String(/** @type {Json} */ (c).id)));
    }
  }
  if (open.size > 0) {
    return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(", ")}`;
  }
  return undefined;
}

/** The text of the last user message of a Chat request. @param {Json[]} messages */
export function lastChatUserText(messages) {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role !== "user") continue;
    const text =
      typeof m.content === "string"
        ? m.content
        : Array.isArray(m.content)
          ? m.content.map((/** @type {Json} */ p) => (typeof p.text === "string" ? p.text : "")).join("\n\n")
          : "";
    // Joined user messages: the user's own words are the last part.
    return text.split("\n\n").pop() ?? "";
  }
  return "";
}

/** A problem with the request itself, as the real API would answer 400. @param {Json} body */
export function checkChatRequest(body) {
  if (typeof body.model !== "string") return "you must provide a model parameter";
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return "messages must be a non-empty array";
  for (const m of /** @type {Json[]} */ (body.messages)) {
    if (!["system", "developer", "user", "assistant", "tool"].includes(String(m.role))) {
      return `Invalid value for 'messages.role': '${String(m.role)}'`;
    }
  }
  for (const [i, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    const t = /** @type {Json} */ (tool);
    const fn = /** @type {Json | undefined} */ (t.function);
    if (t.type !== "function" || typeof fn?.name !== "string") {
      return `Invalid value for 'tools[${i}]': only function tools with a name are supported.`;
    }
  }
  if (body.tool_choice !== undefined && !Array.isArray(body.tools)) {
    return "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.";
  }
  if (body.stream_options !== undefined && body.stream !== true) {
    return "The 'stream_options' parameter is only allowed when 'stream' is enabled.";
  }
  return checkChatToolCalls(/** @type {Json[]} */ (body.messages));
}
