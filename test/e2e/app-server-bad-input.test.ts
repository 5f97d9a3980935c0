// Malformed input while a turn streams on the same connection: every bad message gets the right JSON-RPC
// error (or, for stray responses and unknown notifications, none), and the turn finishes untouched.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import type { Message } from "../support/app-server-client.js";
import { startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

interface BadCase {
  name: string;
  line: string;
  /** The id the error answers with; undefined: no answer at all. */
  id?: number | string | null;
  code?: number;
  message?: RegExp;
}

const LONG_TEXT = Array.from({ length: 60 }, (_, i) => `part ${String(i).padStart(2, "0")} `).join("");
const MIB = 1024 * 1024;

function badCases(threadId: string): BadCase[] {
  const req = (id: number | string, method: string, params?: unknown) =>
    JSON.stringify(params === undefined ? { id, method } : { id, method, params });
  return [
    { name: "not JSON", line: "this is not json", id: null, code: -32700, message: /^Parse error/ },
    {
      name: "truncated JSON keeps its id",
      line: '{"id": 101, "method": "thread/start", "params": ',
      id: 101,
      code: -32700,
    },
    { name: "an array", line: "[1, 2, 3]", id: null, code: -32600, message: /expected a JSON object/ },
    { name: "a string", line: '"just a string"', id: null, code: -32600 },
    { name: "null", line: "null", id: null, code: -32600 },
    { name: "an empty object", line: "{}", id: null, code: -32600, message: /expected a request/ },
    {
      name: "method not a string",
      line: '{"id": 103, "method": 42}',
      id: 103,
      code: -32600,
      message: /method/,
    },
    {
      name: "object id",
      line: '{"id": {"x": 1}, "method": "config/read"}',
      id: null,
      code: -32600,
      message: /id/,
    },
    { name: "fractional id", line: '{"id": 1.5, "method": "config/read"}', id: 1.5, code: -32600 },
    {
      name: "unknown method",
      line: req(104, "no/such/method"),
      id: 104,
      code: -32601,
      message: /no\/such\/method/,
    },
    {
      name: "a real method in the wrong case (method names are case-sensitive)",
      line: req(105, "Thread/Start", {}),
      id: 105,
      code: -32601,
      message: /Thread\/Start/,
    },
    {
      name: "threadId of the wrong type",
      line: req(106, "turn/start", { threadId: 5, input: [] }),
      id: 106,
      code: -32600,
      message: /^Invalid request: invalid type: integer `5`, expected a string$/,
    },
    {
      name: "missing input",
      line: req(107, "turn/start", { threadId }),
      id: 107,
      code: -32600,
      message: /^Invalid request: missing field `input`$/,
    },
    {
      name: "unsupported input item",
      line: req(108, "turn/start", { threadId, input: [{ type: "audio", url: "x" }] }),
      id: 108,
      code: -32600,
      message: /^Invalid request: unknown variant `audio`, expected one of `text`/,
    },
    {
      name: "includeLayers not a boolean",
      line: req(109, "config/read", { includeLayers: "yes" }),
      id: 109,
      code: -32600,
      message: /^Invalid request: invalid type: string "yes", expected a boolean$/,
    },
    {
      name: "unknown sandbox mode",
      line: req(110, "thread/start", { sandbox: "everything" }),
      id: 110,
      code: -32600,
      message:
        /^Invalid request: unknown variant `everything`, expected one of `read-only`, `workspace-write`, `danger-full-access`$/,
    },
    {
      name: "unknown login type",
      line: req(111, "account/login/start", { type: "password" }),
      id: 111,
      code: -32600,
      message: /^Invalid request: unknown variant `password`, expected one of `apiKey`, `chatgpt`/,
    },
    {
      name: "login without its key",
      line: req(112, "account/login/start", { type: "apiKey" }),
      id: 112,
      code: -32600,
      message: /^Invalid request: missing field `apiKey`$/,
    },
    {
      name: "negative limit",
      line: req(113, "model/list", { limit: -1 }),
      id: 113,
      code: -32600,
      message: /^Invalid request: invalid value: integer `-1`, expected /,
    },
    { name: "params not an object", line: req(119, "config/read", [1, 2]), id: 119, code: -32600 },
    {
      name: "params missing",
      line: req(121, "thread/list"),
      id: 121,
      code: -32600,
      message: /^Invalid request: missing field `params`$/,
    },
    {
      name: "string id, bad cwd",
      line: req("str-id", "config/read", { cwd: 7 }),
      id: "str-id",
      code: -32600,
      message: /^Invalid request: invalid type: integer `7`, expected a string$/,
    },
    {
      name: "interrupt of a turn that is not running",
      line: req(114, "turn/interrupt", { threadId, turnId: "nope" }),
      id: 114,
      code: -32600,
      message: /no running turn with id 'nope'/,
    },
    {
      name: "a thread that does not exist",
      line: req(115, "turn/start", { threadId: "missing", input: [] }),
      id: 115,
      code: -32600,
      message: /thread not found/,
    },
    {
      name: "a second initialize",
      line: req(116, "initialize", { clientInfo: { name: "again", version: "1" } }),
      id: 116,
      code: -32600,
      message: /Already initialized/,
    },
    {
      name: "a response to an unknown server request",
      line: '{"id": 999, "result": {"decision": "accept"}}',
    },
    {
      name: "an error for an unknown server request",
      line: '{"id": 998, "error": {"code": 1, "message": "x"}}',
    },
    { name: "an unknown notification", line: '{"method": "unknown/notification", "params": {}}' },
    { name: "a blank line", line: "   " },
    {
      name: "a big (2 MiB) valid message",
      line: req(117, "no/such", { blob: "x".repeat(2 * MIB) }),
      id: 117,
      code: -32601,
    },
    { name: "a big (1 MiB) line of garbage", line: "{".repeat(MIB), id: null, code: -32700 },
    {
      name: "a line over the 16 MiB limit",
      line: `{"id": 120, "blob": "${"y".repeat(17 * MIB)}"}`,
      id: null,
      code: -32600,
      message: /exceeds the limit/,
    },
  ];
}

const isError = (m: Message) => "error" in m && m.method === undefined;

describe("app-server bad input", () => {
  it("answers 30+ malformed messages with the right codes while a turn keeps streaming", async () => {
    const { home, client: c } = await app.start({ model: { replies: [{ ...reply.slow(LONG_TEXT, 40) }] } });
    const threadId = await startThread(c, { cwd: home.cwd });
    const turn = (await c.call("turn/start", { threadId, input: [{ type: "text", text: "talk a while" }] }))
      .turn as Json;
    await c.waitNotification("item/agentMessage/delta");

    const cases = badCases(threadId);
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const from = c.received.length;
    for (const bad of cases) c.sendRaw(bad.line);
    // A valid request after them all: once it is answered, every bad message before it has been handled.
    const sentinel = c.request("config/read", {}, { id: "sentinel" });
    await c.waitResponse(sentinel, 30_000);

    // Requests are handled concurrently, so answers may come in any order: match them by id.
    const errors = c.received.slice(from).filter(isError);
    const answered = cases.filter((b) => b.id !== undefined);
    const key = (id: unknown, code: unknown) => `${String(id)} ${String(code)}`;
    expect(errors.map((e) => key(e.id, (e.error as Json).code)).sort()).toEqual(
      answered.map((b) => key(b.id, b.code)).sort(),
    );
    const withoutId = errors.filter((e) => e.id === null);
    for (const bad of answered) {
      // Errors without a readable id answer synchronously, in the order the lines came.
      const error = bad.id === null ? withoutId.shift() : errors.find((e) => e.id === bad.id);
      if (bad.message) expect(String((error?.error as Json).message), bad.name).toMatch(bad.message);
    }
    const invalid = errors.find((e) => e.id === 106)?.error as Json;
    expect(invalid).toMatchObject({
      code: -32600,
      message: "Invalid request: invalid type: integer `5`, expected a string",
      data: { path: ["threadId"] },
    });

    // The turn was streaming all along and finishes intact.
    const done = await c.waitNotification("turn/completed");
    expect(done.turn).toMatchObject({ id: turn.id, status: "completed" });
    const lastError = c.received.lastIndexOf(errors.at(-1)!);
    expect(c.received.findIndex((m) => m.method === "turn/completed")).toBeGreaterThan(lastError);
    const deltas = c.notifications("item/agentMessage/delta").map((p) => p.delta as string);
    expect(deltas.join("")).toBe(LONG_TEXT);
    expect(c.received.slice(from).some((m) => m.method === "item/agentMessage/delta")).toBe(true);
    expect(c.received.some((m) => m.id === 999 || m.id === 998)).toBe(false);
  });
});
