// ACP authentication: the two ways codex-ts signs in. The API-key method stores OPENAI_API_KEY from the
// agent's environment (as `codex-ts login --with-api-key` would); a ChatGPT login needs a browser, so its
// method says which command to run.
import { RequestError, type AuthMethod } from "@agentclientprotocol/sdk";
import { saveApiKey } from "../../auth/auth-store.js";
import { resolveOpenaiAuth } from "../../auth/openai-auth.js";

export const CHATGPT = "chatgpt";
export const API_KEY = "openai-api-key";

export const AUTH_METHODS: AuthMethod[] = [
  {
    id: CHATGPT,
    name: "Log in with ChatGPT",
    description: "Run `codex-ts login` in a terminal (it opens the browser), then try again.",
  },
  {
    id: API_KEY,
    name: "Use OPENAI_API_KEY",
    description:
      "Stores the OPENAI_API_KEY of the agent's environment, like `codex-ts login --with-api-key`.",
  },
];

export function authenticate(methodId: string, codexHome: string, env: NodeJS.ProcessEnv): void {
  if (methodId === API_KEY) {
    const key = env.OPENAI_API_KEY?.trim();
    if (!key) {
      throw RequestError.authRequired(
        undefined,
        "OPENAI_API_KEY is not set in the agent's environment: set it in the editor's agent server settings " +
          "(Zed: agent_servers.<name>.env), or run `codex-ts login --with-api-key` in a terminal",
      );
    }
    saveApiKey(codexHome, key);
    return;
  }
  if (methodId === CHATGPT) {
    if (resolveOpenaiAuth(codexHome, env, { codexApiKeyEnv: false })?.mode === "chatgpt") return;
    throw RequestError.authRequired(
      undefined,
      "not logged in with ChatGPT: run `codex-ts login` in a terminal (or `codex-ts login --device-auth` " +
        "without a browser on this machine), then authenticate again",
    );
  }
  throw RequestError.invalidParams(
    undefined,
    `unknown auth method '${methodId}' (known: ${CHATGPT}, ${API_KEY})`,
  );
}
