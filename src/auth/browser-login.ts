// The browser ChatGPT login: a one-shot callback server on 127.0.0.1 (a free port), an OAuth authorize URL
// with PKCE, and, when the browser comes back with a code, the exchange at the issuer's token endpoint. The
// tokens go to $CODEX_HOME/auth.json (owner-only), as the real Codex keeps them.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  CLIENT_ID,
  exchangeAuthorizationCode,
  saveChatgptLogin,
  workspaceRefusal,
} from "./chatgpt-tokens.js";
import { decodeChatgptClaims, type ChatgptClaims } from "./jwt-claims.js";

export { CLIENT_ID, DEFAULT_ISSUER } from "./chatgpt-tokens.js";

export interface BrowserLoginOptions {
  issuer: string;
  codexHome: string;
  /** forced_chatgpt_workspace_id: the only workspaces a login may end in. */
  forcedWorkspaces?: string[] | undefined;
  /** Where the callback server listens (default LOGIN_PORT; 0: any free port). */
  port?: number;
  /** Called once: after tokens are stored, on a failure, or on cancel. */
  onDone: (outcome: LoginOutcome) => void;
}

export type LoginOutcome = { success: true; claims: ChatgptClaims } | { success: false; error: string };

export interface BrowserLogin {
  loginId: string;
  authUrl: string;
  cancel: () => void;
}

/** The port of the redirect URI registered for Codex's ChatGPT client: logins must come back to it. */
export const LOGIN_PORT = 1455;
/** Overrides the port (0: any free port), for tests and for machines where 1455 is taken for good. */
export const LOGIN_PORT_ENV = "CODEX_TS_LOGIN_PORT";

/** The port from the environment, else LOGIN_PORT. */
export function loginPort(env: NodeJS.ProcessEnv): number {
  const raw = env[LOGIN_PORT_ENV];
  if (raw === undefined || raw === "") return LOGIN_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${LOGIN_PORT_ENV}=${raw} is not a port number`);
  }
  return port;
}

/** A login just cancelled may still hold the port for a moment: a few short retries before giving up. */
const BUSY_RETRIES = 5;
const BUSY_RETRY_MS = 100;

async function listen(server: http.Server, port: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
      return;
    } catch (err) {
      const busy = (err as NodeJS.ErrnoException).code === "EADDRINUSE";
      if (!busy) throw err;
      if (attempt >= BUSY_RETRIES) {
        throw new Error(
          `port ${port} on 127.0.0.1 is in use, and the ChatGPT login must come back to it: close what ` +
            `listens there (another login?) and try again, or log in with a device code`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  }
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");

function page(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", connection: "close" });
  res.end(`<!doctype html><title>Codex login</title><p>${text}</p>`);
}

/** Starts the callback server; resolves once it listens, with the URL the user must open. */
export async function startBrowserLogin(options: BrowserLoginOptions): Promise<BrowserLogin> {
  const verifier = base64url(randomBytes(64));
  const challenge = base64url(createHash("sha256").update(verifier).digest());
  const state = base64url(randomBytes(32));
  const forced = options.forcedWorkspaces?.filter((w) => w !== "") ?? [];
  let done = false;
  const server = http.createServer();
  const finish = (outcome: Parameters<BrowserLoginOptions["onDone"]>[0]) => {
    if (done) return;
    done = true;
    server.close();
    server.closeAllConnections();
    options.onDone(outcome);
  };
  await listen(server, options.port ?? LOGIN_PORT);
  server.unref(); // a login nobody finishes must not keep the process alive
  const port = (server.address() as AddressInfo).port;
  const redirectUri = `http://localhost:${port}/auth/callback`;

  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", redirectUri);
    if (url.pathname !== "/auth/callback") return page(res, 404, "Not found.");
    if (url.searchParams.get("state") !== state) return page(res, 400, "State mismatch: login refused.");
    const error = url.searchParams.get("error");
    const code = url.searchParams.get("code");
    if (error || !code) {
      page(res, 400, "Login failed.");
      return finish({ success: false, error: `the sign-in failed: ${error ?? "no authorization code"}` });
    }
    exchangeAuthorizationCode(options.issuer, code, redirectUri, verifier).then(
      (tokens) => {
        const claims = decodeChatgptClaims(tokens.idToken);
        const refusal = workspaceRefusal(forced, claims);
        if (refusal) {
          page(res, 403, "This workspace is not allowed here.");
          return finish({ success: false, error: refusal });
        }
        saveChatgptLogin(options.codexHome, tokens, claims.accountId);
        page(res, 200, "Signed in to Codex. You may close this window.");
        finish({ success: true, claims });
      },
      (err: Error) => {
        page(res, 502, "Login failed.");
        finish({ success: false, error: `exchanging the authorization code failed: ${err.message}` });
      },
    );
  });

  const params = new URLSearchParams({
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    scope: "openid profile email offline_access",
    code_challenge: challenge,
    code_challenge_method: "S256",
    id_token_add_organizations: "true",
    codex_cli_simplified_flow: "true",
    state,
  });
  if (forced.length === 1 && forced[0]) params.set("allowed_workspace_id", forced[0]);
  return {
    loginId: randomUUID(),
    authUrl: `${options.issuer}/oauth/authorize?${params.toString()}`,
    cancel: () => finish({ success: false, error: "login canceled" }),
  };
}
