// `/hooks`: the hooks of this directory with their trust, and `/hooks trust N` / `/hooks trust all` to trust
// them (recorded by hash in $CODEX_HOME/config.toml; a hook that changes later needs trust again).
import type { Config } from "../../../config/load.js";
import { discoverHooks } from "../../../core/hooks/discovery.js";
import type { HookDefinition } from "../../../core/hooks/hook-definition.js";
import { hooksEnabled } from "../../../core/hooks/session-hooks.js";
import { trustHooks } from "../../../core/hooks/trust-state.js";
import type { NewCell } from "../state/cells.js";

const USAGE = "Usage: /hooks, /hooks trust N (its number in the list), or /hooks trust all";

export function hooksCommand(args: string, config: Config, cwd: string): NewCell {
  if (!hooksEnabled(config)) return info("Hooks are off ([features] hooks = false in config.toml).");
  const found = discoverHooks({
    codexHome: config.codexHome,
    cwd,
    layers: config.layers,
    projectTrust: config.projectTrust,
    ...(config.ignoreUserConfig ? { ignoreUserConfig: true } : {}),
  });
  const words = args.split(/\s+/).filter(Boolean);
  if (words.length === 0)
    return hooksCard(found.hooks, [...found.warnings, ...found.errors.map((e) => `${e.path}: ${e.message}`)]);
  if (words[0] !== "trust" || words.length !== 2) return { kind: "notice", level: "error", text: USAGE };
  const chosen = pick(found.hooks, words[1]!);
  if (typeof chosen === "string") return { kind: "notice", level: "error", text: chosen };
  try {
    trustHooks(config.codexHome, chosen);
  } catch (err) {
    return { kind: "notice", level: "error", text: `Could not record the trust: ${(err as Error).message}` };
  }
  return info(
    chosen.length === 0
      ? "Every hook is trusted already."
      : `Trusted ${chosen.map((h) => `${h.event} \`${h.command}\``).join(", ")}. They run from now on.`,
  );
}

function pick(hooks: readonly HookDefinition[], which: string): HookDefinition[] | string {
  if (which === "all") return hooks.filter((h) => h.trustStatus !== "trusted" && h.trustStatus !== "managed");
  const n = Number(which);
  const hook = Number.isInteger(n) ? hooks[n - 1] : undefined;
  return hook ? [hook] : `No hook number ${which}: /hooks lists ${hooks.length}.`;
}

function hooksCard(hooks: readonly HookDefinition[], problems: string[]): NewCell {
  if (hooks.length === 0 && problems.length === 0) {
    return info(
      "No hooks. Add them in $CODEX_HOME/hooks.json (or a trusted project's .codex/hooks.json), or as [hooks] tables in config.toml.",
    );
  }
  const review = hooks.filter((h) => h.trustStatus === "untrusted" || h.trustStatus === "modified").length;
  return {
    kind: "status_card",
    title: `Hooks (${hooks.length})${review ? ` · ${review} need review: /hooks trust N or /hooks trust all` : ""}`,
    rows: [
      ...hooks.map((h, i): [string, string] => [
        `${i + 1}. ${h.event}${h.matcher ? ` (${h.matcher})` : ""}`,
        `${h.command} · ${h.trustStatus}${h.enabled ? "" : ", disabled"} · ${h.source} ${h.sourcePath}`,
      ]),
      ...problems.map((p): [string, string] => ["problem", p]),
    ],
  };
}

function info(text: string): NewCell {
  return { kind: "notice", level: "info", text };
}
