// Which tools a session offers, and in which form, from the model and config.
import type { Config } from "../config/load.js";
import { featureOn, featureSetting } from "../config/features.js";
import { applyPatchCustomTool, applyPatchFunctionTool } from "./apply-patch/tool.js";
import { ToolRegistry } from "../core/tool-api/registry.js";
import type { ToolSet } from "../core/tool-api/tool-set.js";
import { requestUserInputTool } from "./request-user-input.js";
import { shellTool } from "./shell/shell-tool.js";
import { updatePlanTool } from "./update-plan.js";
import { execCommandTool, UnifiedExecManager, writeStdinTool } from "./unified-exec/index.js";
import { MAX_EMPTY_POLL_YIELD_TIME_MS } from "./unified-exec/write-stdin-tool.js";
import { viewImageTool } from "./view-image.js";
import { CONFIG_DEFAULTS } from "../config/config-defaults.js";

export type ApplyPatchForm = "freeform" | "function";

/**
 * The form follows the model family, whatever the provider (a proxy or local server in front of a gpt-5 or
 * codex model still gets freeform calls from it), as the real Codex decides; `apply_patch_tool_type` wins.
 * Either way the handler accepts both forms.
 */
export function applyPatchForm(config: Pick<Config, "model" | "toml">): ApplyPatchForm {
  const configured = config.toml.apply_patch_tool_type;
  if (configured === "freeform" || configured === "function") return configured;
  const model = config.model.replace(/^.*\//, "");
  return /^(gpt-5|codex)/.test(model) ? "freeform" : "function";
}

function definedOnly(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
}

type WebSearchMode = "cached" | "indexed" | "live" | "disabled";

/**
 * `web_search`, else the older switches Codex still reads: `[features] web_search_cached` (over
 * `web_search_request`, alias `web_search`), then `[tools] web_search = true|false`.
 */
function webSearchMode(toml: Config["toml"]): WebSearchMode {
  if (toml.web_search) return toml.web_search;
  if (featureSetting(toml, "web_search_cached") === true) return "cached";
  if (featureSetting(toml, "web_search_request") === true) return "live";
  const tools = toml.tools?.web_search;
  if (tools === true || (tools !== undefined && typeof tools === "object")) return "cached";
  return "disabled";
}

/**
 * The hosted `web_search` tool as the real Codex sends it: `cached` serves cached results only
 * (`external_web_access: false`), `live` may fetch pages, `indexed` may fetch pages and use the search index
 * too (`indexed_web_access: true`, as Codex 0.169 sends it); `disabled` offers none. `[tools.web_search]`
 * narrows it (allowed domains, the user's rough location, the search context size).
 */
export function webSearchSpecs(config: Pick<Config, "toml">): Record<string, unknown>[] {
  const mode = webSearchMode(config.toml);
  if (mode === "disabled") return [];
  const spec: Record<string, unknown> = { type: "web_search", external_web_access: mode !== "cached" };
  if (mode === "indexed") spec.indexed_web_access = true;
  const settings = config.toml.tools?.web_search;
  if (settings && typeof settings === "object") {
    if (settings.allowed_domains) spec.filters = { allowed_domains: settings.allowed_domains };
    if (settings.location) {
      const { country, region, city, timezone } = settings.location;
      spec.user_location = { type: "approximate", ...definedOnly({ country, region, city, timezone }) };
    }
    if (settings.context_size) spec.search_context_size = settings.context_size;
  }
  return [spec];
}

export type ShellToolKind = "exec_command" | "shell" | "none";

/**
 * `exec_command` and `write_stdin` (processes that outlive a call, a terminal when asked) for every model,
 * as the real Codex offers them; `shell_tool = "shell"`, or `[features] unified_exec = false` (older:
 * `experimental_use_unified_exec_tool = false`) where `shell_tool` is unset, gives the one-shot argv `shell`
 * tool instead; `[features] shell_tool = false` offers no command tool at all.
 */
export function shellToolKind(config: Pick<Config, "toml">): ShellToolKind {
  if (!featureOn(config.toml, "shell_tool")) return "none";
  if (config.toml.shell_tool) return config.toml.shell_tool;
  return featureOn(config.toml, "unified_exec") ? "exec_command" : "shell";
}

/** `[tools] <name>.enabled = false` (Codex's form for request_user_input and update_plan). */
function toolTableOff(entry: { enabled?: boolean } | undefined): boolean {
  return entry?.enabled === false;
}

/**
 * The tools every shell kind shares, less those the config turns off: `[features] view_image = false` (older:
 * `[tools] view_image = false`), `[tools.update_plan] enabled = false`,
 * `[tools.experimental_request_user_input] enabled = false`.
 */
function commonTools(config: Pick<Config, "model" | "toml">) {
  const tools = config.toml.tools;
  const applyPatch = applyPatchForm(config) === "freeform" ? applyPatchCustomTool : applyPatchFunctionTool;
  const viewImage = featureSetting(config.toml, "view_image") ?? tools?.view_image ?? true;
  return [
    applyPatch,
    ...(toolTableOff(tools?.update_plan) ? [] : [updatePlanTool]),
    ...(viewImage ? [viewImageTool] : []),
    ...(toolTableOff(tools?.experimental_request_user_input) ? [] : [requestUserInputTool]),
  ];
}

export function buildToolSet(config: Pick<Config, "model" | "provider" | "toml">): ToolSet {
  const common = commonTools(config);
  const hosted = webSearchSpecs(config);
  const kind = shellToolKind(config);
  if (kind !== "exec_command") {
    const tools = kind === "shell" ? [shellTool, ...common] : common;
    return { registry: new ToolRegistry(tools, hosted), close: () => Promise.resolve() };
  }
  const manager = new UnifiedExecManager();
  const execCommand = execCommandTool(manager, {
    allowLoginShell: config.toml.allow_login_shell ?? CONFIG_DEFAULTS.allow_login_shell,
  });
  const writeStdin = writeStdinTool(manager, {
    maxEmptyPollMs: config.toml.background_terminal_max_timeout ?? MAX_EMPTY_POLL_YIELD_TIME_MS,
  });
  return {
    registry: new ToolRegistry([execCommand, writeStdin, ...common], hosted),
    close: () => manager.closeAll(),
  };
}
