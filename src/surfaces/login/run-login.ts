// `codex-ts login` (browser, --device-auth, --with-api-key), `codex-ts login status` and `codex-ts logout`,
// as the real CLI has them: the login ends up in $CODEX_HOME/auth.json, where every surface finds it.
// Progress goes to stderr; the device code prompt goes to stdout, as the real CLI prints it.
import { existsSync, readFileSync } from "node:fs";
import { authJsonPath, removeAuthJson, saveApiKey } from "../../auth/auth-store.js";
import {
  loginPort,
  startBrowserLogin,
  type BrowserLogin,
  type LoginOutcome,
} from "../../auth/browser-login.js";
import { loginIssuer } from "../../auth/chatgpt-tokens.js";
import { completeDeviceLogin, requestDeviceCode, type DeviceCode } from "../../auth/device-login.js";
import { loginRefusal } from "../../auth/login-method.js";
import { storedOpenaiAuth } from "../../auth/openai-auth.js";
import { ConfigError, loadConfig, type Config } from "../../config/load.js";
import { osErrorText } from "../os-error.js";

export interface LoginFlags {
  config?: string[];
  withApiKey?: boolean;
  deviceAuth?: boolean;
}

/** Codex 0.169 checks a key when it is first used, and says so. */
const CHECKED_LATER = "Authentication is checked when you send a request.";

function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

function loadLoginConfig(flags: { config?: string[] }): Config {
  return loadConfig({ overrides: flags.config ?? [] });
}

function forcedWorkspaces(config: Config): string[] | undefined {
  const forced = config.toml.forced_chatgpt_workspace_id;
  if (forced === undefined) return undefined;
  return (Array.isArray(forced) ? forced : [forced]).filter((w) => w.trim() !== "");
}

/** Runs a command body, turning configuration errors into a message and exit code 1. */
async function guarded(run: () => Promise<number> | number): Promise<number> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ConfigError) {
      say(`Error loading configuration: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

export function runLogin(flags: LoginFlags): Promise<number> {
  return guarded(async () => {
    const config = loadLoginConfig(flags);
    if (flags.withApiKey) return loginWithApiKey(config);
    const refused = loginRefusal(config.toml, "chatgpt");
    if (refused) {
      say(refused);
      return 1;
    }
    if (flags.deviceAuth) return loginWithDeviceCode(config);
    return loginInBrowser(config);
  });
}

function loginWithApiKey(config: Config): number {
  if (process.stdin.isTTY) {
    say(
      "--with-api-key expects the API key on stdin. Try piping it, e.g. `printenv OPENAI_API_KEY | codex-ts login --with-api-key`.",
    );
    return 1;
  }
  say("Reading API key from stdin...");
  const apiKey = readFileSync(0, "utf8").trim();
  if (apiKey === "") {
    say("No API key provided via stdin.");
    return 1;
  }
  // Checked after stdin is read, as the real CLI does: the key piped in is consumed either way.
  const refused = loginRefusal(config.toml, "apiKey");
  if (refused) {
    say(refused);
    return 1;
  }
  saveApiKey(config.codexHome, apiKey);
  say(`API key saved. ${CHECKED_LATER}`);
  return 0;
}

function devicePrompt(code: DeviceCode, color: boolean): string {
  const blue = (text: string) => (color ? `\x1b[94m${text}\x1b[0m` : text);
  const gray = (text: string) => (color ? `\x1b[90m${text}\x1b[0m` : text);
  return [
    "",
    "Follow these steps to sign in with ChatGPT using device code authorization:",
    "",
    "1. Open this link in your browser and sign in to your account",
    `   ${blue(code.verificationUrl)}`,
    "",
    `2. Enter this one-time code ${gray("(expires in 15 minutes)")}`,
    `   ${blue(code.userCode)}`,
    "",
    gray("Device codes are a common phishing target. Never share this code."),
    "",
  ].join("\n");
}

async function loginWithDeviceCode(config: Config): Promise<number> {
  const issuer = loginIssuer(process.env);
  try {
    const code = await requestDeviceCode(issuer);
    process.stdout.write(`${devicePrompt(code, Boolean(process.stdout.isTTY))}\n`);
    await completeDeviceLogin({
      issuer,
      codexHome: config.codexHome,
      code,
      forcedWorkspaces: forcedWorkspaces(config),
    });
  } catch (err) {
    say(`Error logging in with device code: ${(err as Error).message}`);
    return 1;
  }
  say("Successfully logged in");
  return 0;
}

async function loginInBrowser(config: Config): Promise<number> {
  let finished!: (outcome: LoginOutcome) => void;
  const outcome = new Promise<LoginOutcome>((resolve) => (finished = resolve));
  let login: BrowserLogin;
  try {
    login = await startBrowserLogin({
      issuer: loginIssuer(process.env),
      port: loginPort(process.env),
      codexHome: config.codexHome,
      forcedWorkspaces: forcedWorkspaces(config),
      onDone: (result) => finished(result),
    });
  } catch (err) {
    say(`Error logging in: ${(err as Error).message}`);
    return 1;
  }
  // The callback server does not keep the process alive on its own (it is unref'd): this does, until the end.
  const keepAlive = setInterval(() => undefined, 60_000);
  const onSigint = () => login.cancel();
  process.once("SIGINT", onSigint);
  const redirect = new URL(new URL(login.authUrl).searchParams.get("redirect_uri") ?? "http://localhost");
  say(
    `Starting local login server on http://localhost:${redirect.port}.\n` +
      `Open this URL in your browser to sign in (Ctrl+C to cancel):\n\n${login.authUrl}\n`,
  );
  const result = await outcome;
  clearInterval(keepAlive);
  process.removeListener("SIGINT", onSigint);
  if (!result.success) {
    say(`Error logging in: ${result.error}`);
    return 1;
  }
  say("Successfully logged in");
  return 0;
}

/** `sk-proj-***ABCDE`, as the real CLI shows a key. */
export function maskApiKey(key: string): string {
  return key.length <= 13 ? "***" : `${key.slice(0, 8)}***${key.slice(-5)}`;
}

/**
 * What auth.json holds, worded as Codex 0.169 words it (exit 0 for a login, 1 for none). As there, a key in
 * the environment is no login: `codex login status || codex login --with-api-key` still asks for one.
 */
export function runLoginStatus(flags: { config?: string[] }): Promise<number> {
  return guarded(() => {
    const config = loadLoginConfig(flags);
    const path = authJsonPath(config.codexHome);
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (err) {
      // Only a missing file is no login; one that cannot be read is an error, as in Codex.
      if ((err as NodeJS.ErrnoException).code === "ENOENT") say("Not logged in");
      else say(`Error checking login status: ${osErrorText(err)}`);
      return 1;
    }
    let file: unknown;
    try {
      file = JSON.parse(text);
    } catch (err) {
      say(`Error checking login status: failed to deserialize CLI auth from file: ${(err as Error).message}`);
      return 1;
    }
    const auth = typeof file === "object" && file !== null ? storedOpenaiAuth(file) : undefined;
    if (!auth) {
      say("Not logged in");
      return 1;
    }
    if (auth.mode === "chatgpt") {
      say("Logged in using ChatGPT");
      return 0;
    }
    say(`API key configured - ${maskApiKey(auth.apiKey)}\n${CHECKED_LATER}`);
    return 0;
  });
}

export function runLogout(flags: { config?: string[] }): Promise<number> {
  return guarded(() => {
    const config = loadLoginConfig(flags);
    if (!existsSync(authJsonPath(config.codexHome))) {
      say("Not logged in");
      return 0;
    }
    removeAuthJson(config.codexHome);
    say("Successfully logged out");
    return 0;
  });
}
