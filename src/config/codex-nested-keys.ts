// The keys Codex 0.169 reads inside the tables of config.toml, and the tables where any key passes: those
// Codex lets any key into, and those whose full list in Codex is not established here (open), so that a file
// valid for Codex is never refused. Seen by running Codex 0.169 on each table; its published config schema
// and the field tables in its binary gave the names. Top-level keys only Codex reads are
// in codex-keys.ts; codex-ts's own keys come from schema.ts.
import { CODEX_FEATURE_NAMES } from "./codex-feature-names.js";
import { mapOf, table, type KeyNode, type KeyTable } from "./key-tree.js";

const features = table(CODEX_FEATURE_NAMES.join(" "));
// Codex 0.169 warns of `sandbox_private_desktop` (legacy sandboxes always use a private desktop).
const windows = table("allow_mxc sandbox");
const analytics = table("enabled");
// Codex lets any key of `[tools.web_search]` pass; `update_plan` passes too.
const tools = table("web_search update_plan", { experimental_request_user_input: table("enabled") });

/** A table whose full list of keys is not established: the names known, and any other name passes. */
function openTable(names: string, nested: Record<string, KeyNode> = {}): KeyTable {
  return { ...table(names, nested), open: true };
}

// The keymap tables' names were taken from the Codex 0.169 binary and each confirmed by running it.
const keymap = table("", {
  // 12 names in Codex; 10 are established, so the others pass.
  agents: openTable("archive delete fork hide new_worktree rename resume search toggle_grouping toggle_pin"),
  approval: table(
    "approve approve_for_prefix approve_for_session cancel decline deny open_fullscreen open_thread",
  ),
  chat: table(
    "decrease_reasoning_effort edit_queued_message increase_reasoning_effort interrupt_turn " +
      "next_permission_mode open_presets previous_permission_mode prompt_stack_back skip_question " +
      "toggle_voice toggle_voice_mute",
  ),
  composer: table("history_search_next history_search_previous queue submit toggle_shortcuts"),
  editor: table(
    "delete_backward delete_backward_word delete_forward delete_forward_word insert_newline kill_line_end " +
      "kill_line_start kill_whole_line move_down move_left move_line_end move_line_start move_right move_up " +
      "move_word_left move_word_right yank",
  ),
  global: table(
    "change_host clear_terminal close_sidebar_tab copy equalize_pane_widths find_transcript focus_activity " +
      "focus_main_composer focus_pane_left focus_pane_right focus_sidebar_content focus_sidebar_tabs hide_pane " +
      "leader maximize_pane_width minimize_pane_width move_divider_left move_divider_right open_agents " +
      "open_external_editor open_transcript queue resize_panes select_transcript sidebar_down sidebar_up " +
      "submit toggle_fast_mode toggle_pane_zoom toggle_raw_output toggle_shortcuts toggle_side_conversation " +
      "toggle_vim_mode",
  ),
  list: table("accept cancel jump_bottom jump_top move_down move_left move_right move_up page_down page_up"),
  pager: table(
    "close close_transcript find half_page_down half_page_up jump_bottom jump_top page_down page_up scroll_down " +
      "scroll_up",
  ),
  vim_normal: table(
    "append_after_cursor append_line_end cancel_operator change_to_line_end delete_char delete_to_line_end " +
      "enter_insert enter_replace_mode find_backward find_forward insert_line_start jump_bottom jump_top " +
      "move_down move_left move_line_end move_line_start move_right move_up " +
      "move_word_backward move_word_end move_word_forward open_line_above open_line_below paste_after " +
      "redo repeat_last_change replace_char start_change_operator start_delete_operator start_yank_operator " +
      "substitute_char till_backward till_forward undo yank_line",
  ),
  vim_operator: table(
    "cancel delete_line motion_down motion_find_backward motion_find_forward motion_jump_bottom " +
      "motion_jump_top motion_left motion_line_end motion_line_start motion_right motion_till_backward " +
      "motion_till_forward motion_up motion_word_backward motion_word_end motion_word_forward " +
      "select_around_text_object select_inner_text_object yank_line",
  ),
  vim_search: table("backward forward next previous"),
  vim_text_object: table(
    "backtick big_word braces brackets cancel double_quote parentheses single_quote word",
  ),
});

// Codex 0.169 checks `[tui]` itself too (it refuses `tui.bogus`), but its full list of keys is not established
// here, so codex-ts lets any other key of `[tui]` pass rather than refuse one Codex reads; its keymap is checked.
const tui: KeyTable = { fields: { keymap, model_availability_nux: true }, open: true };

const profile = table(
  "approval_policy approvals_reviewer chatgpt_base_url experimental_compact_prompt_file " +
    "experimental_use_unified_exec_tool include_apps_instructions include_collaboration_mode_instructions " +
    "include_environment_context include_permissions_instructions model model_catalog_json " +
    "model_instructions_file model_provider model_reasoning_effort model_reasoning_summary model_verbosity " +
    "js_repl_node_module_dirs js_repl_node_path oss_provider personality plan_mode_reasoning_effort sandbox_mode service_tier web_search",
  { analytics, features, tools, tui: table("session_picker_view"), windows },
);

// 30 names in Codex; those not established pass.
const mcpServer = openTable(
  "args auth bearer_token bearer_token_env_var command cwd default_tools_approval_mode disabled_tools enabled enabled_tools " +
    "env env_http_headers env_vars environment_id http_headers name oauth_resource required scopes " +
    "startup_timeout_ms startup_timeout_sec supports_parallel_tool_calls tool_timeout_sec url",
  { oauth: table("client_id"), tools: mapOf(table("approval_mode")) },
);

// 24 names in Codex; those not established pass.
const provider = openTable(
  "base_url credential_file env_http_headers env_key env_key_instructions experimental_bearer_token " +
    "gateway_oauth http_headers location model_catalog_url name project_id query_params request_max_retries " +
    "requires_openai_auth stream_idle_timeout_ms stream_max_retries supports_standalone_web_search " +
    "supports_websockets websocket_connect_timeout_ms wire_api",
  {
    auth: table("args command cwd refresh_interval_ms timeout_ms"),
    aws: table("auth_refresh credential_export profile region", {
      auth_refresh: true,
      credential_export: true,
    }),
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
    ...table("", {
      _default: table("default_tools_approval_mode destructive_enabled enabled open_world_enabled"),
    }),
    each: true,
  },
  // These tables have more names in Codex than are established here; the others pass.
  audio: openTable("microphone speaker"),
  auto_review: openTable("layers policy"),
  desktop: true,
  experimental_thread_store: true,
  features,
  feedback: table("enabled"),
  ghost_snapshot: table("disable_warnings ignore_large_untracked_dirs ignore_large_untracked_files"),
  history: table("max_bytes persistence"),
  hooks: { fields: { state: mapOf(table("enabled trusted_hash")) }, open: true },
  marketplaces: mapOf(table("last_revision last_updated ref source source_type sparse_paths")),
  mcp_servers: mapOf(mcpServer),
  memories: openTable(
    "consolidation_model dedicated_tools disable_on_external_context extract_model generate_memories " +
      "max_raw_memories_for_consolidation max_rollout_age_days max_rollouts_per_startup max_unused_days " +
      "min_rate_limit_remaining_percent min_rollout_idle_hours use_memories",
  ),
  model_providers: mapOf(provider),
  notice: openTable(
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
    "exclude experimental_use_profile filters ignore_default_excludes include_only inherit set",
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
