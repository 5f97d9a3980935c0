// Plugins and their marketplaces: add, list, upgrade and remove (docs/plugins.md).
import type { Command } from "commander";
import { collect } from "./options.js";

export function registerPluginCommands(program: Command): void {
  const pluginCommand = program
    .command("plugin")
    .description("install, list, upgrade and remove plugins from marketplaces (see docs/plugins.md)");
  const pluginCli = () => import("../surfaces/plugin-cli/run-plugin-command.js");

  pluginCommand
    .command("add")
    .description("install a plugin from a configured marketplace")
    .argument("<plugin>", "PLUGIN@MARKETPLACE, or PLUGIN with --marketplace")
    .option("-m, --marketplace <name>", "the marketplace, when PLUGIN has no @MARKETPLACE")
    .option("--json", "print the result as JSON")
    .action(async (plugin: string, flags: { marketplace?: string; json?: boolean }) => {
      process.exitCode = await (await pluginCli()).runPluginAdd(plugin, flags);
    });

  pluginCommand
    .command("list")
    .description("list the plugins of the configured marketplaces and their install state")
    .option("-m, --marketplace <name>", "only this marketplace")
    .option("--json", "print them as JSON")
    .option("--available", "include plugins not installed in the JSON output")
    .action(async (flags: { marketplace?: string; json?: boolean; available?: boolean }) => {
      process.exitCode = await (await pluginCli()).runPluginList(flags);
    });

  pluginCommand
    .command("remove")
    .description("uninstall a plugin and remove its cached copy")
    .argument("<plugin>", "PLUGIN@MARKETPLACE, or PLUGIN with --marketplace")
    .option("-m, --marketplace <name>", "the marketplace, when PLUGIN has no @MARKETPLACE")
    .option("--json", "print the result as JSON")
    .action(async (plugin: string, flags: { marketplace?: string; json?: boolean }) => {
      process.exitCode = await (await pluginCli()).runPluginRemove(plugin, flags);
    });

  pluginCommand
    .command("upgrade")
    .description("reinstall installed plugins (all, or one) from their marketplaces, refreshing git ones")
    .argument("[plugin]", "PLUGIN@MARKETPLACE, or PLUGIN with --marketplace")
    .option("-m, --marketplace <name>", "the marketplace, when PLUGIN has no @MARKETPLACE")
    .option("--json", "print the result as JSON")
    .action(async (plugin: string | undefined, flags: { marketplace?: string; json?: boolean }) => {
      process.exitCode = await (await pluginCli()).runPluginUpgrade(plugin, flags);
    });

  const marketplaceCommand = pluginCommand
    .command("marketplace")
    .description("add, list, upgrade or remove plugin marketplaces");

  marketplaceCommand
    .command("add")
    .description("add a local or git marketplace")
    .argument("<source>", "a local folder, owner/repo[@ref], or a git URL")
    .option("--ref <ref>", "git ref to check out")
    .option("--sparse <path>", "sparse checkout path (repeatable)", collect, [])
    .option("--json", "print the result as JSON")
    .action(async (source: string, flags: { ref?: string; sparse?: string[]; json?: boolean }) => {
      process.exitCode = await (await pluginCli()).runMarketplaceAdd(source, flags);
    });

  marketplaceCommand
    .command("list")
    .description("list the configured marketplaces and their roots")
    .option("--json", "print them as JSON")
    .action(async (flags: { json?: boolean }) => {
      process.exitCode = await (await pluginCli()).runMarketplaceList(flags);
    });

  marketplaceCommand
    .command("upgrade")
    .description("refresh git marketplaces (all, or one)")
    .argument("[name]", "the marketplace's name")
    .option("--json", "print the result as JSON")
    .action(async (name: string | undefined, flags: { json?: boolean }) => {
      process.exitCode = await (await pluginCli()).runMarketplaceUpgrade(name, flags);
    });

  marketplaceCommand
    .command("remove")
    .description("remove a configured marketplace")
    .argument("<name>", "the marketplace's name")
    .option("--json", "print the result as JSON")
    .action(async (name: string, flags: { json?: boolean }) => {
      process.exitCode = await (await pluginCli()).runMarketplaceRemove(name, flags);
    });
}
