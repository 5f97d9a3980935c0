// The keys Codex 0.169 reads inside the tables of config.toml, and the tables where it lets any key pass
// (it warns of, and under --strict-config refuses, an unknown key only in the others). Seen by running
// Codex 0.169 on each table; its published config schema gave the names. Top-level keys only Codex reads are
// in codex-keys.ts; codex-ts's own keys come from schema.ts.
import { CODEX_FEATURE_NAMES } from "./codex-feature-names.js";
import { mapOf, table, type KeyNode, type KeyTable } from "./key-tree.js";

const features = table(CODEX_FEATURE_NAMES.join(" "));
// Codex 0.169 warns of `sandbox_private_desktop` (legacy sandboxes always use a private desktop).
const windows = table("sandbox");
const analytics = table("enabled");
// Codex lets any key of `[tools.web_search]` pass; `update_plan` passes too.
const tools = table("web_search update_plan", { experimental_request_user_input: table("enabled") });

const keymap = table("", {
  approval: table(
    "approve approve_for_prefix approve_for_session cancel decline deny open_fullscreen open_thread",
  ),
  chat: table("decrease_reasoning_effort edit_queued_message increase_reasoning_effort interrupt_turn"),
  composer: table("history_search_next history_search_previous queue submit toggle_shortcuts"),
  editor: table(
    "delete_backward delete_backward_word delete_forward delete_forward_word insert_newline kill_line_end " +
      "kill_line_start kill_whole_line move_down move_left move_line_end move_line_start move_right move_up " +
      "move_word_left move_word_right yank",
  ),
  global: table(
    "clear_terminal copy open_external_editor open_transcript queue submit toggle_fast_mode " +
      "toggle_raw_output toggle_shortcuts toggle_vim_mode",
  ),
  list: table("accept cancel jump_bottom jump_top move_down move_left move_right move_up page_down page_up"),
  pager: table(
    "close close_transcript half_page_down half_page_up jump_bottom jump_top page_down page_up scroll_down " +
      "scroll_up",
  ),
  vim_normal: table(
    "append_after_cursor append_line_end cancel_operator change_to_line_end delete_char delete_to_line_end " +
      "enter_insert insert_line_start move_down move_left move_line_end move_line_start move_right move_up " +
      "move_word_backward move_word_end move_word_forward open_line_above open_line_below paste_after " +
      "start_change_operator start_delete_operator start_yank_operator substitute_char yank_line",
  ),
  vim_operator: table(
    "cancel delete_line motion_down motion_left motion_line_end motion_line_start motion_right motion_up " +
      "motion_word_backward motion_word_end motion_word_forward select_around_text_object " +
      "select_inner_text_object yank_line",
  ),
  vim_text_object: table(
    "backtick big_word braces brackets cancel double_quote parentheses single_quote word",
  ),
});

// `[tui]` itself lets any key pass in Codex 0.169; its keymap does not.
const tui: KeyTable = { fields: { keymap, model_availability_nux: true }, open: true };

const profile = table(
  "approval_policy approvals_reviewer chatgpt_base_url experimental_compact_prompt_file " +
    "experimental_use_unified_exec_tool include_apps_instructions include_collaboration_mode_instructions " +
    "include_environment_context include_permissions_instructions model model_catalog_json " +
    "model_instructions_file model_provider model_reasoning_effort model_reasoning_summary model_verbosity " +
    "oss_provider personality plan_mode_reasoning_effort sandbox_mode service_tier web_search",
  { analytics, features, tools, tui: table("session_picker_view"), windows },
);

const mcpServer = table(
  "args bearer_token_env_var command cwd default_tools_approval_mode disabled_tools enabled enabled_tools " +
    "env env_http_headers env_vars environment_id http_headers name oauth_resource required scopes " +
    "startup_timeout_ms startup_timeout_sec supports_parallel_tool_calls tool_timeout_sec url",
  { oauth: table("client_id"), tools: mapOf(table("approval_mode")) },
);

const provider = table(
  "base_url env_http_headers env_key env_key_instructions experimental_bearer_token http_headers name " +
    "query_params request_max_retries requires_openai_auth stream_idle_timeout_ms stream_max_retries " +
    "supports_websockets websocket_connect_timeout_ms wire_api",
  {
    auth: table("args command cwd refresh_interval_ms timeout_ms"),
    aws: table("profile region"),
  },
);

const tls = table("ca-certificate client-certificate client-private-key");
const exporter = table("", {
  "otlp-http": table("endpoint headers protocol", { tls }),
  "otlp-grpc": table("endpoint headers", { tls }),
});

const discoverable = table("id type");

/** Codex 0.169's tables, by top-level key; `true`: Codex lets any key of it pass. */
export const CODEX_NESTED_KEYS: Record<string, KeyNode> = {
  agents: { ...table("max_threads max_depth job_max_runtime_seconds interrupt_message"), each: true },
  analytics,
  apps: {
    ...table("", { _default: table("destructive_enabled enabled open_world_enabled") }),
    each: true,
  },
  audio: table("microphone speaker"),
  auto_review: table("policy"),
  desktop: true,
  experimental_thread_store: true,
  features,
  feedback: table("enabled"),
  ghost_snapshot: table("disable_warnings ignore_large_untracked_dirs ignore_large_untracked_files"),
  history: table("max_bytes persistence"),
  hooks: { fields: { state: mapOf(table("enabled trusted_hash")) }, open: true },
  marketplaces: mapOf(table("last_revision last_updated ref source source_type sparse_paths")),
  mcp_servers: mapOf(mcpServer),
  memories: table(
    "consolidation_model dedicated_tools disable_on_external_context extract_model generate_memories " +
      "max_raw_memories_for_consolidation max_rollout_age_days max_rollouts_per_startup max_unused_days " +
      "min_rate_limit_remaining_percent min_rollout_idle_hours use_memories",
  ),
  model_providers: mapOf(provider),
  notice: table(
    "fast_default_opt_out hide_full_access_warning hide_gpt-5.1-codex-max_migration_prompt " +
      "hide_gpt5_1_migration_prompt hide_rate_limit_model_nudge hide_world_writable_warning model_migrations",
    {
      external_config_migration_prompts: table(
        "home home_last_prompted_at project_last_prompted_at projects",
      ),
    },
  ),
  otel: table("environment log_user_prompt span_attributes tracestate", {
    exporter,
    metrics_exporter: exporter,
    trace_exporter: exporter,
  }),
  permissions: true,
  plugins: true,
  profiles: mapOf(profile),
  projects: mapOf(table("trust_level")),
  realtime: table("transport type version voice"),
  sandbox_workspace_write: table("exclude_slash_tmp exclude_tmpdir_env_var network_access writable_roots"),
  shell_environment_policy: table(
    "exclude experimental_use_profile ignore_default_excludes include_only inherit set",
  ),
  skills: table("include_instructions", {
    bundled: table("enabled"),
    config: table("enabled name path"),
  }),
  tool_suggest: table("", { disabled_tools: discoverable, discoverables: discoverable }),
  tools,
  tui,
  windows,
};
