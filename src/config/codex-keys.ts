// Top-level keys of the real Codex's config.toml that codex-ts reads no further, with the kind of value each
// takes. A file shared with the real Codex loads without a word, yet a value of the wrong kind (`plugins =
// "yes"`) is still an error, as it is there. Keys codex-ts itself reads are checked by schema.ts instead.
import { z } from "zod";

const table = z.record(z.string(), z.unknown());

export const CODEX_ONLY_KEYS: Record<string, z.ZodType> = {
  analytics: table,
  apps: table,
  apps_mcp_product_sku: z.string(),
  audio: table,
  chatgpt_base_url: z.string(),
  check_for_update_on_startup: z.boolean(),
  debug: table,
  desktop: table,
  experimental_realtime_start_instructions: z.string(),
  experimental_realtime_ws_backend_prompt: z.string(),
  experimental_realtime_ws_base_url: z.string(),
  experimental_realtime_ws_model: z.string(),
  experimental_realtime_ws_startup_context: z.string(),
  experimental_thread_config_endpoint: z.string(),
  experimental_thread_store: table,
  feedback: table,
  file_opener: z.enum(["vscode", "vscode-insiders", "windsurf", "cursor", "none"]),
  ghost_snapshot: table,
  include_apps_instructions: z.boolean(),
  marketplaces: table,
  notice: table,
  otel: table,
  plugins: table,
  realtime: table,
  skills: table,
  suppress_unstable_features_warning: z.boolean(),
  tool_suggest: table,
  windows: table,
};
