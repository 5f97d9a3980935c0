// The shape of config.toml. Unknown keys are kept (a newer file must not break an older binary).
import { z } from "zod";
import { FeaturesToml } from "./features.js";
import { MemoriesToml } from "./memories.js";
import {
  AskForApproval,
  Personality,
  ReasoningEffort,
  ReasoningSummary,
  SandboxMode,
} from "../protocol/policies.js";

/** `[tools]`: settings of the built-in tools (tools/tool-set.ts). */
export const ToolsToml = z.looseObject({
  /** true/false: web search on (cached) or off where `web_search` is unset; a table narrows the search. */
  web_search: z
    .union([
      z.boolean(),
      z.looseObject({
        context_size: z.enum(["low", "medium", "high"]).optional(),
        allowed_domains: z.array(z.string()).optional(),
        location: z
          .looseObject({
            country: z.string().optional(),
            region: z.string().optional(),
            city: z.string().optional(),
            timezone: z.string().optional(),
          })
          .optional(),
      }),
    ])
    .optional(),
  /** Older Codex's switch for the view_image tool; `[features] view_image` wins. */
  view_image: z.boolean().optional(),
  update_plan: z.looseObject({ enabled: z.boolean().optional() }).optional(),
  experimental_request_user_input: z.looseObject({ enabled: z.boolean().optional() }).optional(),
});

export const ProviderToml = z.looseObject({
  name: z.string().optional(),
  base_url: z.string().optional(),
  env_key: z.string().optional(),
  env_key_instructions: z.string().optional(),
  wire_api: z.enum(["responses", "chat"]).optional(),
  query_params: z.record(z.string(), z.string()).optional(),
  http_headers: z.record(z.string(), z.string()).optional(),
  env_http_headers: z.record(z.string(), z.string()).optional(),
  request_max_retries: z.number().int().min(0).max(100).optional(),
  stream_max_retries: z.number().int().min(0).max(100).optional(),
  stream_idle_timeout_ms: z.number().int().positive().optional(),
  requires_openai_auth: z.boolean().optional(),
  /** The model used with this provider when no config layer names one. */
  default_model: z.string().optional(),
});
export type ProviderToml = z.infer<typeof ProviderToml>;

export const ShellEnvironmentPolicyToml = z.looseObject({
  inherit: z.enum(["all", "core", "none"]).optional(),
  ignore_default_excludes: z.boolean().optional(),
  exclude: z.array(z.string()).optional(),
  set: z.record(z.string(), z.string()).optional(),
  include_only: z.array(z.string()).optional(),
});

/** `[mcp_servers.NAME]`: a stdio server (command) or a streamable HTTP server (url). Checked in src/mcp. */
export const McpServerToml = z.looseObject({
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  bearer_token_env_var: z.string().optional(),
  http_headers: z.record(z.string(), z.string()).optional(),
  enabled: z.boolean().optional(),
  startup_timeout_sec: z.number().positive().optional(),
  tool_timeout_sec: z.number().positive().optional(),
  enabled_tools: z.array(z.string()).optional(),
  disabled_tools: z.array(z.string()).optional(),
  /** Destructive tools of a trusted server run without asking. */
  trusted: z.boolean().optional(),
  /** OAuth sign-in (mcp/oauth/): the resource indicator to ask for, and a client registered beforehand. */
  oauth_resource: z.string().optional(),
  oauth: z
    .looseObject({
      client_id: z.string().optional(),
      client_secret: z.string().optional(),
      callback_url: z.string().optional(),
    })
    .optional(),
});
export type McpServerToml = z.infer<typeof McpServerToml>;

/** `[connectors]`: the connector directory, an MCP server over streamable HTTP reached through the gateway. */
export const ConnectorsToml = z.looseObject({
  url: z.string().optional(),
  enabled: z.boolean().optional(),
  /** Connector ids listed but not offered to the model. */
  disabled: z.array(z.string()).optional(),
  startup_timeout_sec: z.number().positive().optional(),
  tool_timeout_sec: z.number().positive().optional(),
});
export type ConnectorsToml = z.infer<typeof ConnectorsToml>;

/** A fleet's Redis: with it, `codex-ts app-server` and `codex-ts web` offer the `x-fleet/` methods. */
export const FleetToml = z.strictObject({
  redis_url: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  queue: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, "must be letters, digits, '_', '.' or '-'")
    .optional(),
});
export type FleetToml = z.infer<typeof FleetToml>;

const ConfigFields = {
  model: z.string().optional(),
  model_provider: z.string().optional(),
  openai_base_url: z.string().optional(),
  approval_policy: AskForApproval.optional(),
  sandbox_mode: SandboxMode.optional(),
  sandbox_workspace_write: z
    .looseObject({
      writable_roots: z.array(z.string()).optional(),
      network_access: z.boolean().optional(),
      /** With network_access = true: only these hosts ("example.com", "*.example.com"), through a proxy. */
      allowed_domains: z.array(z.string()).optional(),
      exclude_tmpdir_env_var: z.boolean().optional(),
      exclude_slash_tmp: z.boolean().optional(),
    })
    .optional(),
  model_reasoning_effort: ReasoningEffort.optional(),
  model_reasoning_summary: ReasoningSummary.optional(),
  /** The effort of a plan-mode turn (over model_reasoning_effort). */
  plan_mode_reasoning_effort: ReasoningEffort.optional(),
  /** The model /review and review/start use (default: the thread's). */
  review_model: z.string().optional(),
  model_context_window: z.number().int().positive().optional(),
  /** A JSON file of model metadata (Codex's models.json shape) replacing the built-in list (config/model-catalog.ts). */
  model_catalog_json: z.string().optional(),
  /** What codex-ts cannot know of a model it has no table for (local models): tools, reasoning, images. */
  model_supports_tools: z.boolean().optional(),
  model_supports_reasoning: z.boolean().optional(),
  model_supports_images: z.boolean().optional(),
  /** Codex's key: whether the request carries `reasoning` (effort and summary); model_supports_reasoning wins. */
  model_supports_reasoning_summaries: z.boolean().optional(),
  /** The provider `--oss` uses: ollama (default) or lmstudio. */
  oss_provider: z.enum(["ollama", "lmstudio"]).optional(),
  model_auto_compact_token_limit: z.number().int().positive().optional(),
  /** What counts against that limit: the whole context, or only what grew past the window's prefix. */
  model_auto_compact_token_limit_scope: z.enum(["total", "body_after_prefix"]).optional(),
  project_doc_max_bytes: z.number().int().min(0).optional(),
  /** Tokens a tool output is cut to before the model reads it (default 10,000). */
  tool_output_token_limit: z.number().int().min(0).optional(),
  /** Names tried in a folder without AGENTS.md (e.g. CLAUDE.md). */
  project_doc_fallback_filenames: z.array(z.string()).optional(),
  /** What marks the project root for AGENTS.md and project config (default [".git"]; []: cwd only). */
  project_root_markers: z.array(z.string()).optional(),
  /** app-server: how long a thread nobody subscribes to stays loaded (0: unloaded at once). */
  thread_unload_delay_secs: z.number().int().min(0).max(86_400).optional(),
  developer_instructions: z.string().optional(),
  /** False: the model is not sent the <environment_context> message. */
  include_environment_context: z.boolean().optional(),
  /** False: the environment context leaves out the current date. */
  include_environment_context_time: z.boolean().optional(),
  /** False: entering or leaving plan mode sends the model no developer instructions. */
  include_collaboration_mode_instructions: z.boolean().optional(),
  /** False: the environment context leaves out the approval policy and sandbox. */
  include_permissions_instructions: z.boolean().optional(),
  /** A file whose text replaces the built-in base instructions (relative: to the config file's folder). */
  model_instructions_file: z.string().optional(),
  /** What a compaction (manual or automatic) asks the model; over `experimental_compact_prompt_file`. */
  compact_prompt: z.string().optional(),
  experimental_compact_prompt_file: z.string().optional(),
  instructions: z.string().optional(),
  shell_environment_policy: ShellEnvironmentPolicyToml.optional(),
  apply_patch_tool_type: z.enum(["freeform", "function"]).optional(),
  /** A program run with a JSON payload as its last argument when a turn completes (core/notify.ts). */
  notify: z.array(z.string()).min(1, "notify needs at least the program to run").optional(),
  /** The thread's communication style in the base instructions, unless the client picks one. */
  personality: Personality.optional(),
  /** Sent as the request's `text.verbosity`. */
  model_verbosity: z.enum(["low", "medium", "high"]).optional(),
  /** Sent as the request's `service_tier` ("fast" as "priority"; "default": none). */
  service_tier: z.string().optional(),
  /**
   * The Responses API's hosted `web_search` tool: cached results only, live access, live access with the
   * search index (Codex 0.169's "indexed"), or not offered.
   */
  web_search: z.enum(["cached", "indexed", "live", "disabled"]).optional(),
  shell_tool: z.enum(["shell", "exec_command"]).optional(),
  /** Codex's feature flags: the ones codex-ts acts on are in config/features.ts. */
  features: FeaturesToml.optional(),
  /** Older spelling of `[features] unified_exec`. */
  experimental_use_unified_exec_tool: z.boolean().optional(),
  tools: ToolsToml.optional(),
  /** false: exec_command runs `bash -c`, never a login shell (`-lc`), and does not offer `login`. */
  allow_login_shell: z.boolean().optional(),
  /** The longest an empty write_stdin poll may wait, in ms (default 300000). */
  background_terminal_max_timeout: z.number().int().min(0).optional(),
  /** The terminal UI does not show the model's reasoning summaries. */
  hide_agent_reasoning: z.boolean().optional(),
  /** The model's raw reasoning (open-weight models send it) is emitted and shown. */
  show_raw_agent_reasoning: z.boolean().optional(),
  /** The mode a session starts in ("default" or "plan"): core/plan-mode/configured-mode.ts explains a bad value. */
  collaboration_mode: z.unknown().optional(),
};

export const ProfileToml = z.looseObject(ConfigFields);

export const ProjectToml = z.looseObject({ trust_level: z.enum(["trusted", "untrusted"]).optional() });

/** `[tui]`: the terminal UI's own settings (the rest of the real Codex's table is accepted and not read). */
export const TuiToml = z.looseObject({
  /** Terminal notifications: all on/off, or only these kinds. */
  notifications: z
    .union([z.boolean(), z.array(z.enum(["agent-turn-complete", "approval-requested"]))])
    .optional(),
  /** OSC 9 (a desktop notification in terminals that show them), BEL, or auto (OSC 9 where known to work). */
  notification_method: z.enum(["auto", "osc9", "bel"]).optional(),
  /** Only while the terminal window is not focused (default), or always. */
  notification_condition: z.enum(["unfocused", "always"]).optional(),
  /** true: unbracketed text with line breaks is typed keys (Enter submits), not held together as a paste. */
  disable_paste_burst: z.boolean().optional(),
});
export type TuiToml = z.infer<typeof TuiToml>;

/**
 * `[agents.NAME]`: a role a subagent can be spawned with (config/agent-roles.ts reads it). Other keys pass
 * without a word, as in Codex 0.169.
 */
export const AgentRoleToml = z.looseObject({
  description: z.string().optional(),
  config_file: z.string().optional(),
  nickname_candidates: z.array(z.string()).optional(),
});

/** `[agents]`: the subagent tree's limits (under `[subagents]`'s own), and the roles. */
export const AgentsToml = z
  .object({
    max_threads: z.number().int().min(1).optional(),
    max_depth: z.number().int().min(1).optional(),
    job_max_runtime_seconds: z.number().int().min(1).optional(),
    interrupt_message: z.boolean().optional(),
  })
  .catchall(AgentRoleToml);

const FileAccess = z.enum(["read", "write", "none", "deny"]);

/** `[permissions.NAME]`: a permission profile (config/permission-profiles.ts makes a sandbox policy of it). */
export const PermissionProfileToml = z.strictObject({
  description: z.string().optional(),
  extends: z.string().optional(),
  workspace_roots: z.record(z.string(), z.boolean()).optional(),
  filesystem: z
    .record(z.string(), z.union([FileAccess, z.record(z.string(), FileAccess), z.number().int().min(1)]))
    .optional(),
  network: z
    .looseObject({
      enabled: z.boolean().optional(),
      domains: z.record(z.string(), z.enum(["allow", "deny"])).optional(),
    })
    .optional(),
});
export type PermissionProfileToml = z.infer<typeof PermissionProfileToml>;

export const ConfigToml = z.looseObject({
  ...ConfigFields,
  /** Trust per folder: `[projects."/abs/path"] trust_level = "trusted"` applies its .codex/config.toml. */
  projects: z.record(z.string(), ProjectToml).optional(),
  /** ChatGPT logins (and refreshed tokens) must belong to this workspace (or one of these). */
  forced_chatgpt_workspace_id: z.union([z.string(), z.array(z.string())]).optional(),
  /** The only way to sign in: `codex-ts login` and account/login/start refuse the other (auth/login-method.ts). */
  forced_login_method: z.enum(["chatgpt", "api"]).optional(),
  /** Where logins are kept: file and auto mean auth.json; the others are refused (config/credentials-store.ts). */
  cli_auth_credentials_store: z.enum(["file", "keyring", "auto", "ephemeral"]).optional(),
  model_providers: z.record(z.string(), ProviderToml).optional(),
  profile: z.string().optional(),
  profiles: z.record(z.string(), ProfileToml).optional(),
  mcp_servers: z.record(z.string(), McpServerToml).optional(),
  connectors: ConnectorsToml.optional(),
  /** Inline lifecycle hooks (`[[hooks.PreToolUse]]`) and their trust (`[hooks.state."<key>"]`), core/hooks/. */
  hooks: z.record(z.string(), z.unknown()).optional(),
  tui: TuiToml.optional(),
  /** Older Codex's place for `[tui] disable_paste_burst`; the `[tui]` one wins. */
  disable_paste_burst: z.boolean().optional(),
  fleet: FleetToml.optional(),
  /** MCP OAuth sign-ins: the callback listener's port and the redirect URI sent (mcp/oauth/login.ts). */
  mcp_oauth_callback_port: z.number().int().min(0).max(65535).optional(),
  mcp_oauth_callback_url: z.string().optional(),
  /** Where MCP OAuth tokens are kept: file and auto mean mcp-oauth.json; keyring is refused (credentials-store.ts). */
  mcp_oauth_credentials_store: z.enum(["auto", "file", "keyring"]).optional(),
  /** `[history]`: the prompts kept in $CODEX_HOME/history.jsonl for recall (core/message-history.ts). */
  history: z
    .looseObject({
      persistence: z.enum(["save-all", "none"]).optional(),
      max_bytes: z.number().int().min(0).optional(),
    })
    .optional(),
  /** The folder of the thread index (threads.sqlite) and of the app-server's log (config/state-dirs.ts). */
  sqlite_home: z.string().min(1).optional(),
  log_dir: z.string().min(1).optional(),
  agents: AgentsToml.optional(),
  /** Who answers approval requests: the user, or a model call (core/approvals/auto-review.ts). */
  approvals_reviewer: z.enum(["user", "auto_review", "guardian_subagent"]).optional(),
  /** `[auto_review] policy`: the user's rules, added to the reviewer's prompt. */
  auto_review: z.looseObject({ policy: z.string().optional() }).optional(),
  /** The permission profile a thread's sandbox follows when no layer sets `sandbox_mode`. */
  default_permissions: z.string().optional(),
  permissions: z.record(z.string(), PermissionProfileToml).optional(),
  /** `[memories]`: what past threads leave for new ones (config/memories.ts, core/memories/). */
  memories: MemoriesToml.optional(),
  /** `[subagents]` (enabled, max_depth, max_agents): checked by core/subagents/limits.ts, which explains a bad value. */
  subagents: z.unknown().optional(),
});
export type ConfigToml = z.infer<typeof ConfigToml>;
