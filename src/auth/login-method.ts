// `forced_login_method = "chatgpt" | "api"`: an administrator's choice of the one way to sign in. Every login
// entry point (`codex-ts login`, the app-server's account/login/start) asks here first; the words are the
// real Codex's, so scripts and clients that match on them keep working.

export type LoginKind = "apiKey" | "chatgpt" | "chatgptAuthTokens";

/** Why this kind of login is refused under the config's forced_login_method, or undefined when allowed. */
export function loginRefusal(
  toml: { forced_login_method?: "chatgpt" | "api" | undefined },
  kind: LoginKind,
): string | undefined {
  const forced = toml.forced_login_method;
  if (forced === "chatgpt" && kind === "apiKey")
    return "API key login is disabled. Use ChatGPT login instead.";
  if (forced === "api" && kind === "chatgpt") return "ChatGPT login is disabled. Use API key login instead.";
  if (forced === "api" && kind === "chatgptAuthTokens")
    return "External ChatGPT auth is disabled. Use API key login instead.";
  return undefined;
}
