// `--ws-auth` on `codex-ts app-server --listen ws://`: refused upgrades get HTTP 401 with Codex 0.169's
// words, flags that do not go together stop the server (exit 1) with Codex's messages, and a listener
// beyond loopback needs auth. Answers observed on the real Codex.
import { createHash, createHmac } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import WebSocket from "ws";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { AppServerClient } from "../support/app-server-client.js";
import { useAppServer } from "../support/app-server-fixture.js";
import { listeningUrl } from "../support/ws-listener.js";

const app = useAppServer();

/** The HTTP status and body a refused upgrade gets, or "open". */
function tryUpgrade(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once("open", () => {
      ws.close();
      resolve("open");
    });
    ws.once("unexpected-response", (_req, res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (c: string) => (body += c));
      res.on("end", () => resolve(`${res.statusCode} ${body}`));
    });
    ws.once("error", reject);
  });
}

const SECRET = "0123456789abcdef0123456789abcdef-shared";

function jwt(claims: Record<string, unknown>): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const signed = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
  return `${signed}.${createHmac("sha256", SECRET).update(signed).digest("base64url")}`;
}

async function startListener(args: string[]) {
  const { home } = await app.startModel();
  const server = await app.spawn(home, {
    args: ["--listen", "ws://127.0.0.1:0", ...args],
    initialize: false,
  });
  return { home, server, url: await listeningUrl(server) };
}

async function stop(server: AppServerClient): Promise<void> {
  server.child?.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

describe("app-server --ws-auth", () => {
  it("capability-token from a file: no token, a wrong one, then the right one (newline trimmed)", async () => {
    const { home } = await app.startModel();
    const tokenFile = join(home.codexHome, "token");
    writeFileSync(tokenFile, "secret-token-123\n");
    const server = await app.spawn(home, {
      args: ["--listen", "ws://127.0.0.1:0", "--ws-auth", "capability-token", "--ws-token-file", tokenFile],
      initialize: false,
    });
    const url = await listeningUrl(server);
    expect(server.stderr).toContain("note: binds localhost only");
    expect(await tryUpgrade(url)).toBe("401 missing websocket bearer token");
    expect(await tryUpgrade(url, { Authorization: "Bearer nope" })).toBe(
      "401 invalid websocket bearer token",
    );
    const ws = await AppServerClient.connect(url, { headers: { Authorization: "bearer secret-token-123" } });
    expect(await ws.initialize("token_client")).toMatchObject({ codexHome: home.codexHome });
    await ws.close();
    await stop(server);
  });

  it("capability-token as a SHA-256; an Origin header is refused with 403; /readyz answers", async () => {
    const digest = createHash("sha256").update("tok").digest("hex");
    const { server, url } = await startListener([
      "--ws-auth",
      "capability-token",
      "--ws-token-sha256",
      digest,
    ]);
    expect(await tryUpgrade(url, { Authorization: "Bearer tok" })).toBe("open");
    expect(await tryUpgrade(url, { Authorization: "Bearer tok", Origin: "http://evil.example" })).toBe(
      "403 ",
    );
    const ready = await fetch(`${url.replace("ws:", "http:")}/readyz`);
    expect(ready.status).toBe(200);
    await stop(server);
  });

  it("signed-bearer-token: an HS256 JWT with exp, iss and aud checked", async () => {
    const { home } = await app.startModel();
    const secretFile = join(home.codexHome, "secret");
    writeFileSync(secretFile, `${SECRET}\n`);
    const server = await app.spawn(home, {
      args: [
        ...["--listen", "ws://127.0.0.1:0", "--ws-auth", "signed-bearer-token"],
        ...["--ws-shared-secret-file", secretFile, "--ws-issuer", "me", "--ws-audience", "codex"],
      ],
      initialize: false,
    });
    const url = await listeningUrl(server);
    const now = Math.floor(Date.now() / 1000);
    const bearer = (claims: Record<string, unknown>) => ({ Authorization: `Bearer ${jwt(claims)}` });
    expect(await tryUpgrade(url, bearer({ iss: "me", aud: "codex", exp: now + 60 }))).toBe("open");
    expect(await tryUpgrade(url, bearer({ iss: "me", aud: "codex", exp: now - 300 }))).toBe(
      "401 expired websocket jwt",
    );
    expect(await tryUpgrade(url, bearer({ iss: "me", aud: "other", exp: now + 60 }))).toBe(
      "401 websocket jwt audience mismatch",
    );
    expect(await tryUpgrade(url, bearer({ iss: "me", aud: "codex" }))).toBe("401 invalid websocket jwt");
    expect(await tryUpgrade(url)).toBe("401 missing websocket bearer token");
    await stop(server);
  });

  it("flags that do not go together, and a listener beyond loopback without auth, stop the server", async () => {
    const { home } = await app.startModel();
    const short = join(home.codexHome, "short");
    writeFileSync(short, "too short");
    const cases: Array<[string[], number, string]> = [
      [
        ["--ws-auth", "capability-token"],
        1,
        "Error: `--ws-token-file` or `--ws-token-sha256` is required when `--ws-auth capability-token` is set",
      ],
      [
        ["--ws-token-file", short],
        1,
        "Error: websocket auth flags require `--ws-auth capability-token` or `--ws-auth signed-bearer-token`",
      ],
      [
        ["--ws-auth", "capability-token", "--ws-token-file", short, "--ws-token-sha256", "ab"],
        1,
        "Error: `--ws-token-file` and `--ws-token-sha256` are mutually exclusive",
      ],
      [
        ["--ws-auth", "capability-token", "--ws-token-sha256", "abcd"],
        1,
        "Error: --ws-token-sha256 must be a 64-character hex SHA-256 digest",
      ],
      [
        ["--ws-auth", "capability-token", "--ws-token-file", "/nonexistent/t"],
        1,
        "Error: failed to read websocket auth secret /nonexistent/t: No such file or directory (os error 2)",
      ],
      [
        ["--ws-auth", "capability-token", "--ws-token-file", short, "--ws-issuer", "x"],
        1,
        "Error: `--ws-shared-secret-file`, `--ws-issuer`, `--ws-audience`, and `--ws-max-clock-skew-seconds` require `--ws-auth signed-bearer-token`",
      ],
      [
        ["--ws-auth", "signed-bearer-token"],
        1,
        "Error: `--ws-shared-secret-file` is required when `--ws-auth signed-bearer-token` is set",
      ],
      [
        ["--ws-auth", "signed-bearer-token", "--ws-shared-secret-file", short],
        1,
        `Error: signed websocket bearer secret ${short} must be at least 32 bytes`,
      ],
      [
        ["--ws-auth", "signed-bearer-token", "--ws-token-sha256", "ab"],
        1,
        "Error: `--ws-token-file` and `--ws-token-sha256` require `--ws-auth capability-token`, not `signed-bearer-token`",
      ],
      [
        ["--listen", "ws://0.0.0.0:0"],
        1,
        "Error: refusing to start non-loopback websocket listener 0.0.0.0:0 without auth; configure `--ws-auth capability-token` or `--ws-auth signed-bearer-token`",
      ],
      [["--ws-auth", "bogus"], 2, "Allowed choices are capability-token, signed-bearer-token."],
      [["--ws-max-clock-skew-seconds", "x"], 2, "argument 'x' is invalid"],
    ];
    for (const [args, code, message] of cases) {
      const run = await runCli(["app-server", ...args], { env: home.env });
      expect(run.code, args.join(" ")).toBe(code);
      expect(run.stderr, args.join(" ")).toContain(message);
    }
  });
});
