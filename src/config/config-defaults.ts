// The values codex-ts takes for config keys no layer sets, in one table: the code that reads a key falls
// back to its entry here, and config/read reports them, as Codex reports its own defaults.
import { DEFAULT_ROOT_MARKERS } from "./repo-folders.js";

export const CONFIG_DEFAULTS = {
  allow_login_shell: true,
  include_environment_context: true,
  include_permissions_instructions: true,
  include_collaboration_mode_instructions: true,
  project_root_markers: DEFAULT_ROOT_MARKERS,
  project_doc_max_bytes: 32 * 1024,
  /** The longest empty write_stdin poll, in ms. */
  background_terminal_max_timeout: 300_000,
  history: { persistence: "save-all", max_bytes: null },
} as const;
