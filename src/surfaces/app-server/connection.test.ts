// A connection with a fake transport: routing, the initialize gate, errors, and server -> client requests.
import { describe, expect, it, vi } from "vitest";
import { askClient } from "./client-requests.js";
import type { Connection } from "./connection.js";
import { createDispatch } from "./dispatch.js";
import type { Dispatch } from "./handler-types.js";
import type { Logger } from "./log.js";
import { ServerRequestError } from "./pending-server-requests.js";
import { AppServer } from "./server.js";
import { scratchDir } from "../../../test/support/scratch.js";

function setup(makeDispatch: (server: AppServer) => Dispatch = createDispatch) {
  const sent: Array<Record<string, unknown>> = [];
  const logged: string[] = [];
  const logger: Logger = {
    info: (m) => logged.push(m),
    warn: (m) => logged.push(m),
    error: (m) => logged.push(m),
    close: () => Promise.resolve(),
  };
  const codexHome = scratchDir("codex-ts-conn-");
  const server = new AppServer({ codexHome, env: {}, flags: {}, logger, refreshTimeoutMs: 50 }, makeDispatch);
  const connection = server.connect({
    send: (text) => sent.push(JSON.parse(text) as Record<string, unknown>),
  });
  // Answers may come after I/O or a lazy import: wait for them to be sent rather than for a while.
  const sentCount = (count: number) =>
    vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(count), { timeout: 10_000, interval: 5 });
  return { server, connection, sent, logged, sentCount };
}

async function initialized(
  makeDispatch?: (server: AppServer) => Dispatch,
): Promise<ReturnType<typeof setup>> {
  const s = setup(makeDispatch);
  s.connection.receive(
    JSON.stringify({ id: 0, method: "initialize", params: { clientInfo: { name: "unit", version: "1" } } }),
  );
  await s.sentCount(1);
  s.sent.length = 0;
  return s;
}

function refresh(connection: Connection, timeoutMs?: number) {
  return askClient(
    connection,
    "account/chatgptAuthTokens/refresh",
    { reason: "unauthorized", previousAccountId: null },
    timeoutMs ? { timeoutMs } : {},
  );
}

describe("Connection", () => {
  it("gates on initialize and answers bad input with JSON-RPC errors", async () => {
    const { connection, sent, sentCount } = setup();
    connection.receive('{"id": 5, "method": "config/read"');
    connection.receive(JSON.stringify({ id: 6, method: "config/read", params: {} }));
    connection.receive(
      JSON.stringify({ id: 7, method: "initialize", params: { clientInfo: { name: "unit" } } }),
    );
    await sentCount(3);
    expect(sent.map((m) => [m.id, (m.error as { code: number }).code])).toEqual([
      [5, -32700],
      [6, -32600],
      [7, -32600],
    ]);
    expect((sent[2]?.error as { message: string; data: unknown }).message).toBe(
      "Invalid request: missing field `version`",
    );
    expect((sent[2]?.error as { data: unknown }).data).toEqual({ path: ["clientInfo", "version"] });
  });

  it("sends a server request and resolves it with the client's validated answer", async () => {
    const { connection, sent } = await initialized();
    const call = refresh(connection);
    expect(sent.at(-1)).toEqual({
      id: call.id,
      method: "account/chatgptAuthTokens/refresh",
      params: { reason: "unauthorized", previousAccountId: null },
    });
    connection.receive(
      JSON.stringify({ id: call.id, result: { accessToken: "new", chatgptAccountId: "a" } }),
    );
    await expect(call.result).resolves.toEqual({ accessToken: "new", chatgptAccountId: "a" });
  });

  it("rejects on an error answer, an invalid answer, a timeout, or a closed connection", async () => {
    const { connection } = await initialized();
    const rpc = refresh(connection);
    connection.receive(JSON.stringify({ id: rpc.id, error: { code: -32000, message: "signed out" } }));
    await expect(rpc.result).rejects.toMatchObject({
      kind: "rpc",
      message: expect.stringContaining("signed out"),
    });
    const invalid = refresh(connection);
    connection.receive(JSON.stringify({ id: invalid.id, result: { accessToken: 5 } }));
    await expect(invalid.result).rejects.toMatchObject({ kind: "invalid" });
    await expect(refresh(connection, 10).result).rejects.toMatchObject({ kind: "timeout" });
    const pending = refresh(connection);
    connection.close();
    await expect(pending.result).rejects.toBeInstanceOf(ServerRequestError);
  });

  it("logs and ignores a response to an unknown server request id", async () => {
    const { connection, sent, logged } = await initialized();
    connection.receive(JSON.stringify({ id: 4242, result: {} }));
    connection.receive(JSON.stringify({ id: 4243, error: { code: 1, message: "x" } }));
    expect(sent).toEqual([]);
    expect(logged.filter((l) => l.includes("unknown server request id"))).toHaveLength(2);
  });

  it("drops notifications the client opted out of", async () => {
    const { connection, sent, sentCount } = setup();
    connection.receive(
      JSON.stringify({
        id: 1,
        method: "initialize",
        params: {
          clientInfo: { name: "u", version: "1" },
          capabilities: { optOutNotificationMethods: ["warning"] },
        },
      }),
    );
    await sentCount(1);
    connection.notify({ method: "warning", params: { message: "hidden" } });
    connection.notify({ method: "account/updated", params: { authMode: null } });
    expect(sent.map((m) => m.method ?? "response")).toEqual([
      "response",
      "remoteControl/status/changed",
      "account/updated",
    ]);
  });

  it("starts handlers in their requests' order though a later module loads first; a module that fails to load is answered", async () => {
    const started: string[] = [];
    let releaseFirst = (): void => undefined;
    const firstModule = new Promise<void>((resolve) => (releaseFirst = resolve));
    const makeDispatch = (server: AppServer): Dispatch => {
      const real = createDispatch(server);
      const answer = (name: string, result: unknown) => () => {
        started.push(name);
        return result;
      };
      // Each method's module as the test decides: the first one slow, the second at once, the third gone.
      const handler = (method: string): Promise<unknown> =>
        method === "thread/loaded/list"
          ? firstModule.then(() => answer("first", { data: [], nextCursor: null }))
          : method === "thread/list"
            ? Promise.resolve(answer("second", { data: [], nextCursor: null, backwardsCursor: null }))
            : method === "config/read"
              ? Promise.reject(new Error("the module could not be imported"))
              : real.handler(method as never);
      return {
        ...real,
        handler: handler as Dispatch["handler"],
        loadedHandler: () => undefined,
        warmUp: () => Promise.resolve(),
      };
    };
    const { connection, sent, sentCount } = await initialized(makeDispatch);
    connection.receive(JSON.stringify({ id: 1, method: "thread/loaded/list", params: {} }));
    connection.receive(JSON.stringify({ id: 2, method: "thread/list", params: {} }));
    connection.receive(JSON.stringify({ id: 3, method: "config/read", params: {} }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The second module is in, but its request waits for the first one's to start.
    expect(started).toEqual([]);
    releaseFirst();
    await sentCount(3);
    expect(started).toEqual(["first", "second"]);
    const byId = new Map(sent.map((m) => [m.id, m]));
    expect(byId.get(1)?.result).toEqual({ data: [], nextCursor: null });
    expect(byId.get(2)?.result).toEqual({ data: [], nextCursor: null, backwardsCursor: null });
    expect((byId.get(3)?.error as { code: number }).code).toBe(-32603);
  });
});
