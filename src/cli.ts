// The codex-ts command line. Each command imports its surface lazily so start-up loads only what it runs;
// the commands are registered per surface by the modules in cli/.
import { Command } from "commander";
import { VERSION_LINE } from "./version.js";
import type { SharedFlags } from "./surfaces/shared/cli-config.js";
import { registerExecCommands } from "./cli/exec-commands.js";
import { registerFleetCommands } from "./cli/fleet-commands.js";
import { strictConfigOption } from "./cli/exec-run-options.js";
import { collect, sharedOptions } from "./cli/options.js";
import { registerSandboxCommands } from "./cli/sandbox-commands.js";
import { registerServerCommands } from "./cli/server-commands.js";
import { registerSetupCommands } from "./cli/setup-commands.js";
import { registerThreadCommands } from "./cli/thread-commands.js";
import { registerPluginCommands } from "./cli/plugin-commands.js";
import { registerFeaturesCommands } from "./cli/features-commands.js";
import { registerDebugCommands } from "./cli/debug-commands.js";
import { registerCompletionCommand } from "./cli/completion-command.js";
import { exitTwoOnUsageErrors } from "./cli/usage-exit.js";
import { registerAbsentCommands } from "./cli/absent-commands.js";
import { rootStrictConfig } from "./cli/root-strict-config.js";

const program = new Command()
  .name("codex-ts")
  .description("A coding agent for the terminal: exec, proto, and more, over one engine.")
  .version(VERSION_LINE)
  // `codex-ts help [command]`, as `codex help`: with a root action of its own, commander offers none unasked.
  .helpCommand(true)
  .showHelpAfterError()
  .hook("preAction", async (_root, action) => {
    const refusal = rootStrictConfig(program, action);
    if (refusal !== undefined) {
      process.stderr.write(refusal);
      process.exit(1);
    }
    const { recoverPatchesAtStartup } = await import("./surfaces/startup/recover-patches.js");
    await recoverPatchesAtStartup();
  });

registerExecCommands(program);
registerServerCommands(program);
registerThreadCommands(program);
registerSetupCommands(program);
registerFleetCommands(program);
registerPluginCommands(program);
registerFeaturesCommands(program);
registerDebugCommands(program);
registerCompletionCommand(program);
registerAbsentCommands(program);
// Options before a command name are the program's (`codex-ts -m X`). Turned on after the commands above are
// added, as commands inherit it (`exec fork --json` is fork's own option), and before `sandbox`, which passes
// everything after its command's first word through (commander needs the parent's positional options).
program.enablePositionalOptions();
registerSandboxCommands(program);

// With no command: the interactive terminal UI. Its options go before a command name (`codex-ts -m X`), so
// each command keeps its own (`codex-ts exec -m X`).
sharedOptions(program)
  .argument("[prompt]", "a first prompt for the interactive session")
  .option("-i, --image <file>", "attach an image to the first prompt (repeatable)", collect, [])
  .addOption(strictConfigOption())
  .action(async (prompt: string | undefined, flags: SharedFlags & { image?: string[] }) => {
    const { runTui } = await import("./surfaces/tui/run-tui.js");
    process.exitCode = await runTui(prompt, flags);
  });

exitTwoOnUsageErrors(program);
await program.parseAsync(process.argv);
