// What a ChatGPT token says about its user: email, plan and account (workspace), read from the JWT's claims.
// The signature is not checked: the tokens come from the user's own login and are only used for display and
// for the workspace rule; the backend verifies them.
export interface ChatgptClaims {
  email?: string;
  planType?: string;
  accountId?: string;
  /** The ChatGPT user (`chatgpt_user_id`, else `user_id`). */
  userId?: string;
}

const AUTH_CLAIM = "https://api.openai.com/auth";
const PROFILE_CLAIM = "https://api.openai.com/profile";

function decodePayload(token: string): Record<string, unknown> | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof json === "object" && json !== null ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function stringField(obj: unknown, key: string): string | undefined {
  if (typeof obj !== "object" || obj === null) return undefined;
  const value = (obj as Record<string, unknown>)[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The claims of an id token or access token; empty when the token is not a readable JWT. */
export function decodeChatgptClaims(token: string): ChatgptClaims {
  const payload = decodePayload(token);
  if (!payload) return {};
  const auth = payload[AUTH_CLAIM];
  const claims: ChatgptClaims = {};
  const email = stringField(payload, "email") ?? stringField(payload[PROFILE_CLAIM], "email");
  const planType = stringField(auth, "chatgpt_plan_type");
  const accountId = stringField(auth, "chatgpt_account_id");
  if (email) claims.email = email;
  if (planType) claims.planType = planType;
  if (accountId) claims.accountId = accountId;
  const userId = stringField(auth, "chatgpt_user_id") ?? stringField(auth, "user_id");
  if (userId) claims.userId = userId;
  return claims;
}

/** When a JWT expires (its `exp` claim, in ms since the epoch); undefined when it does not say. */
export function jwtExpiry(token: string): number | undefined {
  const exp = decodePayload(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : undefined;
}
