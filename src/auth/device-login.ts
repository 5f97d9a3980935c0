// The device-code ChatGPT login, for machines without a browser (the real Codex's `codex login --device-auth`,
// 0.169, observed): ask `{issuer}/api/accounts/deviceauth/usercode` for a one-time code, show it with the
// page where the user enters it (`{issuer}/codex/device`), then poll `.../deviceauth/token` at the interval
// the server gave until it answers with an authorization code (403 and 404 mean "not yet"; anything else
// is a refusal), and exchange that code at `{issuer}/oauth/token` as the browser login does. The tokens go
// to auth.json the same way.
import { setTimeout as delay } from "node:timers/promises";
import {
  CLIENT_ID,
  exchangeAuthorizationCode,
  saveChatgptLogin,
  workspaceRefusal,
} from "./chatgpt-tokens.js";
import { decodeChatgptClaims, type ChatgptClaims } from "./jwt-claims.js";

/** How long a code may wait for the user before the login gives up (the real Codex's 15 minutes). */
export const DEVICE_CODE_MAX_WAIT_MS = 15 * 60 * 1000;
const DEFAULT_INTERVAL_MS = 5000;

export interface DeviceCode {
  /** The page where the user signs in and enters the code. */
  verificationUrl: string;
  userCode: string;
  deviceAuthId: string;
  intervalMs: number;
}

export class DeviceLoginError extends Error {}

const apiBase = (issuer: string) => `${issuer}/api/accounts`;

async function postJson(url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new DeviceLoginError(
      `cannot reach the sign-in server at ${new URL(url).origin}: ${(err as Error).message}`,
    );
  }
}

async function jsonBody(response: Response): Promise<Record<string, unknown>> {
  const parsed: unknown = await response.json().catch(() => undefined);
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

/** The server's reason for a refusal, when its body gives one. */
async function reasonOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const json = JSON.parse(text) as { error?: unknown; error_description?: unknown; message?: unknown };
    const error = typeof json.error === "object" && json.error !== null ? json.error : undefined;
    const parts = [
      typeof json.error === "string" ? json.error : (error as { code?: unknown } | undefined)?.code,
      json.error_description ?? json.message ?? (error as { message?: unknown } | undefined)?.message,
    ].filter((p): p is string => typeof p === "string" && p !== "");
    return parts.length > 0 ? ` (${parts.join(": ")})` : "";
  } catch {
    return "";
  }
}

/** The interval the server asks for: seconds, as a string (the real server's) or a number. */
function intervalMs(raw: unknown): number {
  const seconds =
    typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : DEFAULT_INTERVAL_MS;
}

/** Asks the issuer for a one-time code. */
export async function requestDeviceCode(issuer: string, signal?: AbortSignal): Promise<DeviceCode> {
  const response = await postJson(`${apiBase(issuer)}/deviceauth/usercode`, { client_id: CLIENT_ID }, signal);
  if (response.status === 404) {
    throw new DeviceLoginError(
      "device code login is not enabled for this server. Use the browser login (`codex-ts login`) or check the issuer URL.",
    );
  }
  if (!response.ok) {
    throw new DeviceLoginError(
      `requesting a device code failed: the sign-in server answered HTTP ${response.status}${await reasonOf(response)}`,
    );
  }
  const body = await jsonBody(response);
  const userCode = body.user_code ?? body.usercode;
  if (typeof body.device_auth_id !== "string" || typeof userCode !== "string") {
    throw new DeviceLoginError("the sign-in server answered the device code request without a code");
  }
  return {
    verificationUrl: `${issuer}/codex/device`,
    userCode,
    deviceAuthId: body.device_auth_id,
    intervalMs: intervalMs(body.interval),
  };
}

interface Approval {
  authorizationCode: string;
  codeVerifier: string;
}

/** Polls until the user approves (the answer carries an authorization code), refuses, or time runs out. */
async function waitForApproval(
  issuer: string,
  code: DeviceCode,
  maxWaitMs: number,
  signal?: AbortSignal,
): Promise<Approval> {
  const url = `${apiBase(issuer)}/deviceauth/token`;
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const response = await postJson(
      url,
      { device_auth_id: code.deviceAuthId, user_code: code.userCode },
      signal,
    );
    if (response.ok) {
      const body = await jsonBody(response);
      if (typeof body.authorization_code !== "string" || typeof body.code_verifier !== "string") {
        throw new DeviceLoginError("the sign-in server approved the code without an authorization code");
      }
      return { authorizationCode: body.authorization_code, codeVerifier: body.code_verifier };
    }
    if (response.status !== 403 && response.status !== 404) {
      throw new DeviceLoginError(
        `device code login failed: the sign-in server answered HTTP ${response.status}${await reasonOf(response)}`,
      );
    }
    await response.body?.cancel();
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new DeviceLoginError(
        `device code login timed out: the code was not approved within ${Math.round(maxWaitMs / 60_000)} minutes`,
      );
    }
    await delay(Math.min(code.intervalMs, left), undefined, signal ? { signal } : {});
  }
}

export interface DeviceLoginOptions {
  issuer: string;
  codexHome: string;
  code: DeviceCode;
  /** forced_chatgpt_workspace_id: the only workspaces a login may end in. */
  forcedWorkspaces?: string[] | undefined;
  /** Stops the polling (the promise then rejects with the abort reason). */
  signal?: AbortSignal;
  maxWaitMs?: number;
}

/** Waits for the user to approve `code`, then stores the tokens. Resolves with the account's claims. */
export async function completeDeviceLogin(options: DeviceLoginOptions): Promise<ChatgptClaims> {
  const { issuer, signal } = options;
  const approval = await waitForApproval(
    issuer,
    options.code,
    options.maxWaitMs ?? DEVICE_CODE_MAX_WAIT_MS,
    signal,
  );
  let tokens;
  try {
    tokens = await exchangeAuthorizationCode(
      issuer,
      approval.authorizationCode,
      `${issuer}/deviceauth/callback`,
      approval.codeVerifier,
      signal,
    );
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new DeviceLoginError(`exchanging the device authorization failed: ${(err as Error).message}`);
  }
  const claims = decodeChatgptClaims(tokens.idToken);
  const refusal = workspaceRefusal(options.forcedWorkspaces, claims);
  if (refusal) throw new DeviceLoginError(refusal);
  saveChatgptLogin(options.codexHome, tokens, claims.accountId);
  return claims;
}
