// `/plugins`: the plugins of the configured marketplaces with their install state, as a card; `/plugins add
// NAME@MARKETPLACE` and `/plugins remove NAME@MARKETPLACE` install and uninstall, as `codex-ts plugin` does.
// A plugin's skills are listed again at once; its MCP servers start with the next session (/new).
import { pluginCatalog } from "../../../plugins/catalog.js";
import { PluginError } from "../../../plugins/manifest.js";
import {
  installPlugin,
  marketplaceOrThrow,
  parsePluginSelector,
  uninstallPlugin,
} from "../../../plugins/store.js";
import type { NewCell } from "../state/cells.js";

const notice = (level: "info" | "warning" | "error", text: string): NewCell => ({
  kind: "notice",
  level,
  text,
});

export function pluginsReport(codexHome: string): NewCell {
  const { catalog, errors } = pluginCatalog(codexHome);
  const problems = errors.map((e) => `${e.marketplacePath}: ${e.message}`);
  if (catalog.length === 0) {
    return notice(
      problems.length > 0 ? "warning" : "info",
      problems.length > 0
        ? `No marketplace could be read: ${problems.join("; ")}`
        : "No plugin marketplaces configured. Add one with `codex-ts plugin marketplace add PATH|URL`.",
    );
  }
  const rows: Array<[string, string]> = catalog.flatMap((c) =>
    c.plugins.map((p): [string, string] => {
      const state = p.installed
        ? `installed ${p.installed.version}${p.installed.enabled ? "" : " (disabled)"}`
        : "not installed";
      const about = p.manifest?.interface?.shortDescription ?? p.manifest?.description ?? "";
      return [p.id, about ? `${state} · ${about}` : state];
    }),
  );
  for (const problem of problems) rows.push(["(unreadable)", problem]);
  return {
    kind: "status_card",
    title: `Plugins (${rows.length}) · /plugins add NAME@MARKETPLACE, /plugins remove NAME@MARKETPLACE`,
    rows,
  };
}

/** Runs `/plugins [add|remove SELECTOR]`; returns the cell to show and whether skills should be listed again. */
export async function runPluginsCommand(
  codexHome: string,
  args: string,
): Promise<{ cell: NewCell; changed: boolean }> {
  const [verb = "", selector, ...rest] = args.split(/\s+/).filter((a) => a !== "");
  if (verb === "" || verb === "list") return { cell: pluginsReport(codexHome), changed: false };
  if ((verb !== "add" && verb !== "remove") || selector === undefined || rest.length > 0) {
    return {
      cell: notice(
        "error",
        "Usage: /plugins, /plugins add NAME@MARKETPLACE, /plugins remove NAME@MARKETPLACE",
      ),
      changed: false,
    };
  }
  try {
    const { name, marketplace } = parsePluginSelector(selector);
    if (verb === "remove") {
      uninstallPlugin(codexHome, `${name}@${marketplace}`);
      return {
        cell: notice("info", `Removed plugin \`${name}\` from marketplace \`${marketplace}\`.`),
        changed: true,
      };
    }
    const r = await installPlugin(codexHome, marketplaceOrThrow(codexHome, marketplace, name), name);
    return {
      cell: notice(
        "info",
        `Added plugin \`${r.name}\` ${r.version} from marketplace \`${r.marketplaceName}\`. Its skills are ready; its MCP servers start with the next session (/new).`,
      ),
      changed: true,
    };
  } catch (err) {
    if (err instanceof PluginError) return { cell: notice("error", err.message), changed: false };
    throw err;
  }
}
