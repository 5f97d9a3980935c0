// `codex-ts debug models|prompt-input|app-server`: what codex-ts would tell the model, which models it
// offers, and a small client to watch the app-server protocol.
import type { Command } from "commander";
import { collect, gathered, configOverrideOptions } from "./options.js";

export function registerDebugCommands(program: Command): void {
  const debug = configOverrideOptions(
    program
      .command("debug")
      .description("debugging tools: the model catalog, the first request's input, the app-server"),
  );

  configOverrideOptions(debug.command("models"))
    .description("print the model catalog as JSON (model_catalog_json, the provider's list, or built in)")
    .option("--bundled", "only the catalog built into codex-ts: no model_catalog_json, no provider asked")
    .action(async (own: { bundled?: boolean }, cmd: Command) => {
      const { runDebugModels } = await import("../surfaces/debug/models-command.js");
      process.exitCode = await runDebugModels({
        ...gathered(cmd),
        ...(own.bundled ? { bundled: true } : {}),
      });
    });

  configOverrideOptions(debug.command("prompt-input"))
    .description("print the input a new thread's first model request would carry, as JSON")
    .argument("[prompt]", "a user prompt to put after the thread's opening context")
    .option("-i, --image <file>", "attach an image to the prompt (repeatable)", collect, [])
    .action(async (prompt: string | undefined, own: { image: string[] }, cmd: Command) => {
      const { runDebugPromptInput } = await import("../surfaces/debug/prompt-input-command.js");
      process.exitCode = runDebugPromptInput(prompt, { ...gathered(cmd), image: own.image });
    });

  const appServer = configOverrideOptions(
    debug.command("app-server").description("tooling to watch the app-server protocol"),
  );
  configOverrideOptions(appServer.command("send-message-v2"))
    .description("start the app-server, send MESSAGE as a turn of a new thread, print every message")
    .argument("<user_message>", "the message of the turn")
    .action(async (message: string, _own: unknown, cmd: Command) => {
      const { runSendMessageV2 } = await import("../surfaces/debug/send-message-v2.js");
      process.exitCode = await runSendMessageV2(message, gathered(cmd));
    });
}
