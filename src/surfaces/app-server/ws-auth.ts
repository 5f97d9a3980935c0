// `--ws-auth` for `--listen ws://`: who may open a WebSocket, checked on the HTTP upgrade, in Codex 0.169's
// flags and words. `capability-token`: `Authorization: Bearer <token>` whose SHA-256 is the one configured
// (from a file, or given as hex). `signed-bearer-token`: an HS256 JWT signed with a shared secret, with
// `exp` required and `nbf`, `iss` and `aud` checked, within a clock skew (default 30 s).
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import type { UpgradeCheck } from "./websocket-transport.js";
import { osErrorText } from "../os-error.js";

export interface WsAuthFlags {
  wsAuth?: string;
  wsTokenFile?: string;
  wsTokenSha256?: string;
  wsSharedSecretFile?: string;
  wsIssuer?: string;
  wsAudience?: string;
  wsMaxClockSkewSeconds?: number;
}

export const WS_AUTH_MODES = ["capability-token", "signed-bearer-token"] as const;
const DEFAULT_CLOCK_SKEW_SECONDS = 30;
const MIN_SECRET_BYTES = 32;

export class WsAuthError extends Error {}

/** A secret file's bytes, surrounding whitespace (a trailing newline) left out. */
function readSecret(path: string): Buffer {
  let text: string;
  try {
    text = readFileSync(path, "utf8").trim();
  } catch (err) {
    throw new WsAuthError(`failed to read websocket auth secret ${path}: ${osErrorText(err)}`);
  }
  if (text === "") throw new WsAuthError(`websocket auth secret ${path} must not be empty`);
  return Buffer.from(text, "utf8");
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

/** The token after `Bearer ` (the scheme in any case), or undefined. */
function bearer(req: IncomingMessage): string | undefined {
  const m = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return m?.[1];
}

const refuse = (message: string) => ({ status: 401, message });

function capabilityCheck(expected: Buffer): UpgradeCheck {
  return (req) => {
    const token = bearer(req);
    if (token === undefined) return refuse("missing websocket bearer token");
    // Digests compared, so the comparison takes the same time whatever the token's length.
    return timingSafeEqual(sha256(token), expected) ? undefined : refuse("invalid websocket bearer token");
  };
}

function decodeJson(part: string | undefined): Record<string, unknown> | undefined {
  if (part === undefined || !/^[A-Za-z0-9_-]*$/.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export interface JwtRules {
  secret: Buffer;
  issuer?: string;
  audience?: string;
  skewSeconds: number;
}

/** Why an HS256 JWT is refused, in Codex's words; undefined when it passes. */
export function jwtProblem(token: string, rules: JwtRules, nowSeconds: number): string | undefined {
  const invalid = "invalid websocket jwt";
  const [head, body, signature, ...rest] = token.split(".");
  if (head === undefined || body === undefined || signature === undefined || rest.length > 0) return invalid;
  // Node's base64url decoding skips what is not of the alphabet (and takes padding): a token altered that
  // way would still pass. Each segment must be plain base64url.
  if (![head, body, signature].every((part) => BASE64URL.test(part))) return invalid;
  if (decodeJson(head)?.alg !== "HS256") return invalid;
  const expected = createHmac("sha256", rules.secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  const claims = decodeJson(body);
  if (claims === undefined || typeof claims.exp !== "number") return invalid;
  if (nowSeconds > claims.exp + rules.skewSeconds) return "expired websocket jwt";
  if (claims.nbf !== undefined) {
    if (typeof claims.nbf !== "number") return invalid;
    if (nowSeconds + rules.skewSeconds < claims.nbf) return "websocket jwt is not valid yet";
  }
  if (rules.issuer !== undefined && claims.iss !== rules.issuer) return "websocket jwt issuer mismatch";
  if (rules.audience !== undefined) {
    const aud = claims.aud;
    const ok = aud === rules.audience || (Array.isArray(aud) && aud.includes(rules.audience));
    if (!ok) return "websocket jwt audience mismatch";
  }
  return undefined;
}

function signedCheck(rules: JwtRules): UpgradeCheck {
  return (req) => {
    const token = bearer(req);
    if (token === undefined) return refuse("missing websocket bearer token");
    const problem = jwtProblem(token, rules, Math.floor(Date.now() / 1000));
    return problem === undefined ? undefined : refuse(problem);
  };
}

/**
 * The upgrade check the flags ask for (undefined: none), or a WsAuthError for flags that do not go
 * together. Secret files are read now, so a missing one stops the server before it serves.
 */
export function wsAuthCheck(flags: WsAuthFlags): UpgradeCheck | undefined {
  const tokenFlags = flags.wsTokenFile !== undefined || flags.wsTokenSha256 !== undefined;
  const signedFlags =
    flags.wsSharedSecretFile !== undefined ||
    flags.wsIssuer !== undefined ||
    flags.wsAudience !== undefined ||
    flags.wsMaxClockSkewSeconds !== undefined;
  if (flags.wsAuth === undefined) {
    if (tokenFlags || signedFlags) {
      throw new WsAuthError(
        "websocket auth flags require `--ws-auth capability-token` or `--ws-auth signed-bearer-token`",
      );
    }
    return undefined;
  }
  if (flags.wsAuth === "capability-token") {
    if (signedFlags) {
      throw new WsAuthError(
        "`--ws-shared-secret-file`, `--ws-issuer`, `--ws-audience`, and `--ws-max-clock-skew-seconds` require `--ws-auth signed-bearer-token`",
      );
    }
    if (flags.wsTokenFile !== undefined && flags.wsTokenSha256 !== undefined) {
      throw new WsAuthError("`--ws-token-file` and `--ws-token-sha256` are mutually exclusive");
    }
    if (flags.wsTokenSha256 !== undefined) {
      if (!/^[0-9a-fA-F]{64}$/.test(flags.wsTokenSha256)) {
        throw new WsAuthError("--ws-token-sha256 must be a 64-character hex SHA-256 digest");
      }
      return capabilityCheck(Buffer.from(flags.wsTokenSha256, "hex"));
    }
    if (flags.wsTokenFile === undefined) {
      throw new WsAuthError(
        "`--ws-token-file` or `--ws-token-sha256` is required when `--ws-auth capability-token` is set",
      );
    }
    return capabilityCheck(sha256(readSecret(flags.wsTokenFile)));
  }
  if (tokenFlags) {
    throw new WsAuthError(
      "`--ws-token-file` and `--ws-token-sha256` require `--ws-auth capability-token`, not `signed-bearer-token`",
    );
  }
  if (flags.wsSharedSecretFile === undefined) {
    throw new WsAuthError(
      "`--ws-shared-secret-file` is required when `--ws-auth signed-bearer-token` is set",
    );
  }
  const secret = readSecret(flags.wsSharedSecretFile);
  if (secret.length < MIN_SECRET_BYTES) {
    throw new WsAuthError(
      `signed websocket bearer secret ${flags.wsSharedSecretFile} must be at least ${MIN_SECRET_BYTES} bytes`,
    );
  }
  return signedCheck({
    secret,
    skewSeconds: flags.wsMaxClockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS,
    ...(flags.wsIssuer !== undefined ? { issuer: flags.wsIssuer } : {}),
    ...(flags.wsAudience !== undefined ? { audience: flags.wsAudience } : {}),
  });
}
