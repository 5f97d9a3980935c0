// The stored ChatGPT login beyond model requests (docs/auth.md): `model/list` and the connector directory
// refresh it as turns do (before use when stale, once after a 401), `account/read {refreshToken: true}`
// forces a refresh, and both API-key logins write `auth_mode: "apikey"` as the real CLI does.
// The issuer is test/support/fake-issuer.ts; the model is the fake model. A small HTTP gate in front of the
// fake model (or of the connector directory) refuses one token with a 401 and records what each request
// carried, since neither server refuses tokens nor records GET /models.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli, type TestHome } from "../support/cli.js";
import { AppServerClient, closeAppServerTest } from "../support/app-server-client.js";
import { chatgptToken, startFakeIssuer, type FakeIssuer } from "../support/fake-issuer.js";
import { startMcpHttpServer, type HttpTool, type McpHttpServer } from "../support/mcp-http-server.js";

type Json = Record<string, unknown>;

interface Gate {
  /** The gate's origin: use it in place of the target's. */
  origin: string;
  /** Every request's path and Authorization header, refused or passed on. */
  seen: Array<{ path: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

/** Passes every request on to `target`, except those carrying `Bearer <refused>`: those get a 401. */
async function startGate(target: string, refused: string): Promise<Gate> {
  const to = new URL(target);
  const seen: Gate["seen"] = [];
  const server = http.createServer((req, res) => {
    const authorization = req.headers.authorization;
    seen.push({ path: req.url ?? "/", authorization });
    if (authorization === `Bearer ${refused}`) {
      req.resume();
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "token expired", type: "invalid_request_error" } }));
      return;
    }
    const upstream = http.request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let client: AppServerClient | undefined;
const others: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await closeAppServerTest(client, model);
  for (const other of others.splice(0).reverse()) await other.close();
  client = undefined;
  model = undefined;
});

const OLD_TOKEN = chatgptToken("acct-1", 1);
const LONG_AGO = "2020-01-01T00:00:00.000Z";
const now = () => new Date().toISOString();

/** A ChatGPT login in auth.json, as `codex-ts login` leaves it, refreshed at `lastRefresh`. */
function writeLogin(home: TestHome, lastRefresh: string): string {
  const file = join(home.codexHome, "auth.json");
  const login = {
    auth_mode: "chatgpt",
    OPENAI_API_KEY: null,
    tokens: { id_token: OLD_TOKEN, access_token: OLD_TOKEN, refresh_token: "rt-1", account_id: "acct-1" },
    last_refresh: lastRefresh,
  };
  writeFileSync(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  return file;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Json;

/** The fake model behind a gate that refuses the old token; an app-server on a ChatGPT login. */
async function startWithGatedModel(
  lastRefresh: string,
  issuerOptions?: Parameters<typeof startFakeIssuer>[0],
) {
  model = await startFakeModel();
  const issuer: FakeIssuer = await startFakeIssuer(issuerOptions);
  others.push(issuer);
  const gate = await startGate(model.url, OLD_TOKEN);
  others.push(gate);
  const home = makeHome(`${gate.origin}/v1`);
  const file = writeLogin(home, lastRefresh);
  const c = (client = AppServerClient.spawn([], {
    env: { ...home.env, OPENAI_API_KEY: undefined, CODEX_TS_LOGIN_ISSUER: issuer.url },
    cwd: home.cwd,
  }));
  await c.initialize("ide");
  return { c, issuer, gate, home, file };
}

const modelIds = (list: Json) => (list.data as Array<{ id: string }>).map((m) => m.id);
const modelsRequests = (gate: Gate) =>
  gate.seen.filter((r) => r.path.endsWith("/models")).map((r) => r.authorization);

describe("model/list with a stored ChatGPT login", () => {
  it("refreshes a stale login first and asks the provider with the new token", async () => {
    const { c, issuer, gate, file } = await startWithGatedModel(LONG_AGO);
    // The fake model lists only gpt-5.1-codex; the built-in list would have more.
    expect(modelIds(await c.call("model/list", {}))).toEqual(["gpt-5.1-codex"]);
    const fresh = issuer.refreshed(1);
    expect(modelsRequests(gate)).toEqual([`Bearer ${fresh.access_token}`]);
    expect(issuer.refreshes().map((r) => r.body.refresh_reason)).toEqual(["scheduled"]);
    expect(readJson(file)).toMatchObject({ tokens: { ...fresh, account_id: "acct-1" } });
  });

  it("after a 401, refreshes once and asks again with the new token", async () => {
    const { c, issuer, gate } = await startWithGatedModel(now());
    expect(modelIds(await c.call("model/list", {}))).toEqual(["gpt-5.1-codex"]);
    expect(modelsRequests(gate)).toEqual([
      `Bearer ${OLD_TOKEN}`,
      `Bearer ${issuer.refreshed(1).access_token}`,
    ]);
    expect(issuer.refreshes().map((r) => r.body.refresh_reason)).toEqual(["unauthorized_recovery"]);
  });

  it("when the refresh token is refused: the built-in list, and auth.json as it was", async () => {
    const { c, issuer, gate, file } = await startWithGatedModel(now(), {
      refresh: () => ({ status: 400, body: { error: "invalid_grant" } }),
    });
    const before = readFileSync(file, "utf8");
    const ids = modelIds(await c.call("model/list", {}));
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).toContain("gpt-5.1-codex-mini");
    expect(modelsRequests(gate)).toEqual([`Bearer ${OLD_TOKEN}`]);
    expect(issuer.refreshes()).toHaveLength(1);
    expect(readFileSync(file, "utf8")).toBe(before);
  });
});

describe("account/read {refreshToken: true}", () => {
  it("refreshes the stored login now, even when it is not stale", async () => {
    const { c, issuer, file } = await startWithGatedModel(now());
    expect(await c.call("account/read", { refreshToken: true })).toEqual({
      account: { type: "chatgpt", email: "dev@example.com", planType: "plus" },
      userId: null,
      requiresOpenaiAuth: true,
      workspaceRouting: null,
    });
    const fresh = issuer.refreshed(1);
    expect(issuer.refreshes().map((r) => r.body)).toEqual([
      {
        client_id: "app_EMoamEEZ73f0CkXaXp7hrann",
        grant_type: "refresh_token",
        refresh_reason: "scheduled",
        refresh_token: "rt-1",
      },
    ]);
    expect(readJson(file)).toMatchObject({
      auth_mode: "chatgpt",
      tokens: { ...fresh, account_id: "acct-1" },
    });
    // Without the flag nothing is refreshed.
    await c.call("account/read", {});
    await c.call("account/read", { refreshToken: false });
    expect(issuer.refreshes()).toHaveLength(1);
  });

  it("a refused refresh is a JSON-RPC error saying why; auth.json is untouched", async () => {
    const { c, issuer, file } = await startWithGatedModel(now(), {
      refresh: () => ({ status: 401, body: { error: { code: "refresh_token_expired" } } }),
    });
    const before = readFileSync(file, "utf8");
    const response = await c.waitResponse(c.request("account/read", { refreshToken: true }));
    expect(response.error).toEqual({
      code: -32603,
      message:
        "Your ChatGPT access token could not be refreshed because your refresh token has expired. " +
        "Run `codex-ts login` to sign in again.",
    });
    expect(issuer.refreshes()).toHaveLength(1);
    expect(readFileSync(file, "utf8")).toBe(before);
    // The account is still there for a plain read.
    expect((await c.call("account/read", {})).account).toMatchObject({ type: "chatgpt" });
  });

  it("an API-key login has nothing to refresh", async () => {
    model = await startFakeModel();
    const issuer = await startFakeIssuer();
    others.push(issuer);
    const home = makeHome(model.url);
    writeFileSync(
      join(home.codexHome, "auth.json"),
      JSON.stringify({ auth_mode: "apikey", OPENAI_API_KEY: "sk-1" }),
    );
    const c = (client = AppServerClient.spawn([], {
      env: { ...home.env, OPENAI_API_KEY: undefined, CODEX_TS_LOGIN_ISSUER: issuer.url },
      cwd: home.cwd,
    }));
    await c.initialize();
    expect(await c.call("account/read", { refreshToken: true })).toEqual({
      account: { type: "apiKey" },
      userId: null,
      requiresOpenaiAuth: true,
      workspaceRouting: null,
    });
    expect(issuer.requests).toHaveLength(0);
  });
});

describe("API-key logins write auth_mode apikey, as the real CLI does", () => {
  it("codex-ts login --with-api-key", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const env = { ...home.env, OPENAI_API_KEY: undefined };
    const run = await runCli(["login", "--with-api-key"], {
      env,
      cwd: home.cwd,
      stdin: "sk-proj-1234567890ABCDE\n",
    });
    expect(run.code).toBe(0);
    const text = readFileSync(join(home.codexHome, "auth.json"), "utf8");
    expect(JSON.parse(text)).toEqual({ auth_mode: "apikey", OPENAI_API_KEY: "sk-proj-1234567890ABCDE" });
    const status = await runCli(["login", "status"], { env, cwd: home.cwd });
    expect(status.stderr.trim()).toBe(
      "API key configured - sk-proj-***ABCDE\nAuthentication is checked when you send a request.",
    );
  });

  it("app-server account/login/start {type: apiKey}", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const c = (client = AppServerClient.spawn([], {
      env: { ...home.env, OPENAI_API_KEY: undefined },
      cwd: home.cwd,
    }));
    await c.initialize();
    expect(await c.call("account/login/start", { type: "apiKey", apiKey: "sk-stored" })).toEqual({
      type: "apiKey",
    });
    await c.waitNotification("account/updated", (p) => p.authMode === "apikey");
    expect(readJson(join(home.codexHome, "auth.json"))).toEqual({
      auth_mode: "apikey",
      OPENAI_API_KEY: "sk-stored",
    });
    expect((await c.call("account/read", {})).account).toEqual({ type: "apiKey" });
  });
});

describe("the connector directory with a stored ChatGPT login", () => {
  const DIRECTORY: HttpTool[] = [
    {
      name: "notes_create",
      description: "Creates a note.",
      inputSchema: { type: "object", properties: { title: { type: "string" } } },
      _meta: { connector_id: "notes", connector_name: "Notes", connector_description: "Keeps your notes" },
      run: () => "created",
    },
  ];

  /** The directory behind a gate that refuses the old token; an app-server on a ChatGPT login. */
  async function startWithGatedDirectory(
    lastRefresh: string,
    modelOptions: Parameters<typeof startFakeModel>[0] = {},
  ) {
    model = await startFakeModel(modelOptions);
    const issuer = await startFakeIssuer();
    others.push(issuer);
    const directory: McpHttpServer = await startMcpHttpServer(DIRECTORY);
    others.push(directory);
    const gate = await startGate(directory.url, OLD_TOKEN);
    others.push(gate);
    const home = makeHome(model.url, `\n[connectors]\nurl = "${gate.origin}/mcp"\n`);
    writeLogin(home, lastRefresh);
    const c = (client = AppServerClient.spawn([], {
      env: { ...home.env, OPENAI_API_KEY: undefined, CODEX_TS_LOGIN_ISSUER: issuer.url },
      cwd: home.cwd,
    }));
    await c.initialize("ide");
    return { c, issuer, gate, directory, home };
  }

  const NOTES = {
    id: "notes",
    name: "Notes",
    description: "Keeps your notes",
    isAccessible: true,
    isEnabled: true,
    pluginDisplayNames: [],
  };

  it("app/list refreshes a stale login first; every request carries the new token", async () => {
    const { c, issuer, gate, directory } = await startWithGatedDirectory(LONG_AGO);
    expect(await c.call("app/list", {})).toEqual({ data: [NOTES], nextCursor: null });
    const fresh = `Bearer ${issuer.refreshed(1).access_token}`;
    expect(new Set(gate.seen.map((r) => r.authorization))).toEqual(new Set([fresh]));
    expect(new Set(directory.authorizations)).toEqual(new Set([fresh]));
    expect(issuer.refreshes().map((r) => r.body.refresh_reason)).toEqual(["scheduled"]);
  });

  it("app/list after a 401: one refresh, the request sent again, and the rest with the new token", async () => {
    const { c, issuer, gate } = await startWithGatedDirectory(now());
    expect(await c.call("app/list", {})).toEqual({ data: [NOTES], nextCursor: null });
    const fresh = `Bearer ${issuer.refreshed(1).access_token}`;
    const sent = gate.seen.map((r) => r.authorization);
    expect(sent[0]).toBe(`Bearer ${OLD_TOKEN}`);
    expect(new Set(sent.slice(1))).toEqual(new Set([fresh]));
    expect(issuer.refreshes().map((r) => r.body.refresh_reason)).toEqual(["unauthorized_recovery"]);
    // A second listing: no refresh needed.
    await c.call("app/list", {});
    expect(issuer.refreshes()).toHaveLength(1);
  });

  it("a session's gateway: refused at connection, refreshes once, offers and runs the connector's actions", async () => {
    const { c, issuer, gate, directory, home } = await startWithGatedDirectory(now(), {
      replies: [
        reply.functionCall("codex_apps__notes_create", { title: "groceries" }),
        reply.message("done"),
      ],
    });
    const { thread } = (await c.call("thread/start", { cwd: home.cwd })) as { thread: Json };
    await c.call("turn/start", {
      threadId: thread.id,
      input: [
        { type: "text", text: "make a note" },
        { type: "mention", name: "Notes", path: "app://notes" },
      ],
    });
    const { turn } = (await c.waitNotification("turn/completed")) as { turn: Json };
    expect(turn).toMatchObject({ status: "completed", error: null });
    expect(directory.calls).toEqual([{ name: "notes_create", arguments: { title: "groceries" } }]);
    const offered = ((model?.requests[0]?.body.tools ?? []) as Array<{ name: string }>).map((t) => t.name);
    expect(offered).toContain("codex_apps__notes_create");
    expect(gate.seen[0]?.authorization).toBe(`Bearer ${OLD_TOKEN}`);
    const fresh = `Bearer ${issuer.refreshed(1).access_token}`;
    expect(new Set(gate.seen.slice(1).map((r) => r.authorization))).toEqual(new Set([fresh]));
    expect(issuer.refreshes()).toHaveLength(1);
  });
});
