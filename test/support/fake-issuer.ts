// A fake ChatGPT sign-in server (the OAuth issuer) on 127.0.0.1, speaking what the real Codex was seen to
// send (docs/auth.md): the token endpoint (`/oauth/token`: authorization_code and refresh_token grants)
// and the device-code endpoints (`/api/accounts/deviceauth/usercode`, `/api/accounts/deviceauth/token`).
// Every request is recorded. It closes itself after `lifetimeMs`, so a test that forgets it cannot hang.
import http from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, unknown>;

export interface IssuerRequest {
  path: string;
  contentType: string;
  /** The body, parsed as JSON or as a form. */
  body: Json;
}

export interface IssuerAnswer {
  status: number;
  body: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface FakeIssuerOptions {
  /** The account (workspace) the tokens are for. */
  accountId?: string;
  /** How each refresh is answered (default: new tokens, numbered). */
  refresh?: (request: IssuerRequest, index: number) => IssuerAnswer;
  /** Device code: how many polls are told "not yet" (403) before the approval (default 2). */
  pendingPolls?: number;
  /** Device code: the answer after the pending polls (default: an authorization code). */
  deviceOutcome?: IssuerAnswer;
  /** Device code: the interval the server asks for, in seconds (the real one sends a string). */
  interval?: string | number;
  /** Device code: the name of the code's field (`user_code`; `usercode` is accepted too). */
  userCodeField?: "user_code" | "usercode";
  lifetimeMs?: number;
}

export function jwt(claims: Json): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${part({ alg: "none" })}.${part(claims)}.sig`;
}

/** A ChatGPT token (id or access) numbered `n`, for `accountId`. */
export function chatgptToken(accountId: string, n: number, extra: Json = {}): string {
  return jwt({
    n,
    email: "dev@example.com",
    "https://api.openai.com/auth": { chatgpt_plan_type: "plus", chatgpt_account_id: accountId },
    ...extra,
  });
}

export interface FakeIssuer {
  url: string;
  requests: IssuerRequest[];
  /** The refresh_token grants received. */
  refreshes: () => IssuerRequest[];
  /** The polls of the device-code token endpoint received. */
  polls: () => IssuerRequest[];
  /** The tokens the n-th successful refresh (1-based) gives. */
  refreshed: (n: number) => { access_token: string; id_token: string; refresh_token: string };
  close: () => Promise<void>;
}

function parseBody(raw: string, contentType: string): Json {
  if (contentType.includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === "object" && parsed !== null ? (parsed as Json) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

export async function startFakeIssuer(options: FakeIssuerOptions = {}): Promise<FakeIssuer> {
  const accountId = options.accountId ?? "acct-1";
  const requests: IssuerRequest[] = [];
  let refreshCount = 0;
  let successfulRefreshes = 0;
  let pollCount = 0;
  const refreshed = (n: number) => ({
    access_token: chatgptToken(accountId, 100 + n),
    id_token: chatgptToken(accountId, 100 + n),
    refresh_token: `rt-refreshed-${n}`,
  });

  const answer = (res: http.ServerResponse, reply: IssuerAnswer) => {
    const send = () => {
      res.writeHead(reply.status, { "content-type": "application/json", connection: "close" });
      res.end(JSON.stringify(reply.body));
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const contentType = req.headers["content-type"] ?? "";
      const recorded = { path: req.url ?? "/", contentType, body: parseBody(raw, contentType) };
      requests.push(recorded);
      if (req.method !== "POST") return answer(res, { status: 404, body: {} });
      if (recorded.path === "/oauth/token" && recorded.body.grant_type === "refresh_token") {
        const reply = options.refresh?.(recorded, refreshCount++) ?? { status: 200, body: null };
        if (reply.status === 200 && reply.body === null) {
          successfulRefreshes++;
          return answer(res, { ...reply, body: refreshed(successfulRefreshes) });
        }
        if (reply.status === 200) successfulRefreshes++;
        return answer(res, reply);
      }
      if (recorded.path === "/oauth/token" && recorded.body.grant_type === "authorization_code") {
        return answer(res, {
          status: 200,
          body: {
            id_token: chatgptToken(accountId, 1),
            access_token: chatgptToken(accountId, 1),
            refresh_token: "rt-1",
          },
        });
      }
      if (recorded.path === "/api/accounts/deviceauth/usercode") {
        return answer(res, {
          status: 200,
          body: {
            device_auth_id: "dev-auth-1",
            [options.userCodeField ?? "user_code"]: "WXYZ-1234",
            interval: options.interval ?? "1",
          },
        });
      }
      if (recorded.path === "/api/accounts/deviceauth/token") {
        pollCount++;
        if (pollCount <= (options.pendingPolls ?? 2)) {
          return answer(res, { status: 403, body: { error: { code: "deviceauth_authorization_pending" } } });
        }
        return answer(
          res,
          options.deviceOutcome ?? {
            status: 200,
            body: {
              authorization_code: "device-code-1",
              code_challenge: "ch",
              code_verifier: "device-verifier",
            },
          },
        );
      }
      answer(res, { status: 404, body: { error: "not_found" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      clearTimeout(lifetime);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const lifetime = setTimeout(() => void close(), options.lifetimeMs ?? 60_000);
  lifetime.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    refreshes: () =>
      requests.filter((r) => r.path === "/oauth/token" && r.body.grant_type === "refresh_token"),
    polls: () => requests.filter((r) => r.path === "/api/accounts/deviceauth/token"),
    refreshed,
    close,
  };
}
