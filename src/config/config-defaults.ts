// The values codex-ts takes for config keys no layer sets, in one table: the code that reads a key falls
// back to its entry here, and config/read reports them, as Codex reports its own defaults.
import { FEATURE_DEFAULTS } from "./features.js";
import { DEFAULT_ROOT_MARKERS } from "./repo-folders.js";

export const CONFIG_DEFAULTS = {
  allow_login_shell: true,
  include_environment_context: true,
  /** The `<current_date>` line of `<environment_context>`. */
  include_environment_context_time: true,
  include_permissions_instructions: true,
  include_collaboration_mode_instructions: true,
  hide_agent_reasoning: false,
  project_root_markers: DEFAULT_ROOT_MARKERS,
  project_doc_max_bytes: 32 * 1024,
  /** The longest empty write_stdin poll, in ms. */
  background_terminal_max_timeout: 300_000,
  history: { persistence: "save-all", max_bytes: null },
  /** Logins live in $CODEX_HOME/auth.json (see credentials-store.ts). */
  cli_auth_credentials_store: "file",
  /** MCP OAuth tokens: the keyring where there is one, else the file; codex-ts has no keyring. */
  mcp_oauth_credentials_store: "auto",
  /** The `[features]` flags codex-ts acts on. */
  features: FEATURE_DEFAULTS,
} as const;

/** What a `[model_providers.ID]` table means by the keys it leaves out (config/read lists them too). */
export const PROVIDER_DEFAULTS = {
  wire_api: "responses",
  requires_openai_auth: false,
  // codex-ts speaks to every provider over HTTP, and has no standalone web search: what Codex does when
  // these are false.
  supports_websockets: false,
  supports_standalone_web_search: false,
} as const;
