// `codex-ts exec`: one task, no interaction. JSONL events with --json, else progress on stderr and the
// final message on stdout. Exit code 0 on success, 1 on a failed turn.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ExecFlags } from "../../cli.js";
import { ConfigError } from "../../config/load.js";
import { Codex } from "../../core/codex.js";
import { findRepoRoot } from "../../core/agents-md.js";
import type { UserInputItem } from "../../protocol/user-input.js";
import { loadCliConfig } from "../shared/cli-config.js";
import { ExecEventMapper } from "./event-mapper.js";
import { HumanOutput } from "./human-output.js";
import { PromptError, readPrompt } from "./prompt-input.js";

function fail(message: string): number {
  process.stderr.write(`Error: ${message}\n`);
  return 1;
}

function readOutputSchema(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new PromptError(`cannot read --output-schema ${path}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new PromptError(`--output-schema ${path} is not valid JSON: ${(err as Error).message}`);
  }
}

export async function runExec(promptArg: string | undefined, flags: ExecFlags): Promise<number> {
  let config;
  let prompt: string;
  let outputSchema: unknown;
  try {
    // Nobody is there to answer an approval request: exec never asks unless told to.
    config = loadCliConfig(flags, { approval_policy: "never" });
    if (!flags.skipGitRepoCheck && findRepoRoot(config.cwd) === undefined) {
      return fail(
        `${config.cwd} is not inside a git repository. Run codex-ts exec in a repository, or pass --skip-git-repo-check.`,
      );
    }
    if (flags.outputSchema) outputSchema = readOutputSchema(flags.outputSchema);
    prompt = await readPrompt(promptArg);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof PromptError) return fail(err.message);
    throw err;
  }

  const json = Boolean(flags.json || flags.experimentalJson);
  const items: UserInputItem[] = [{ type: "text", text: prompt }];
  for (const image of (flags.image ?? []).flatMap((i) => i.split(","))) {
    if (image.trim() !== "") items.push({ type: "local_image", path: resolve(image.trim()) });
  }

  const codex = new Codex({ config, interactive: false });
  const mapper = new ExecEventMapper();
  const human = json
    ? undefined
    : new HumanOutput(
        process.stderr,
        flags.color === "always" || (flags.color !== "never" && process.stderr.isTTY),
      );
  const onSigint = () => codex.submit({ type: "interrupt" });
  process.on("SIGINT", onSigint);

  codex.submit({ type: "configure_session" });
  codex.submit({
    type: "user_turn",
    items,
    ...(outputSchema !== undefined ? { final_output_json_schema: outputSchema } : {}),
  });
  try {
    for await (const event of codex) {
      if (json) {
        for (const line of mapper.map(event)) process.stdout.write(`${JSON.stringify(line)}\n`);
      } else {
        mapper.map(event);
        human?.handle(event);
      }
      const type = event.msg.type;
      if (type === "task_complete" || type === "turn_aborted" || type === "error") break;
    }
  } finally {
    process.off("SIGINT", onSigint);
    await codex.close();
  }

  if (flags.outputLastMessage) {
    writeFileSync(flags.outputLastMessage, mapper.lastAgentMessage ?? "");
  }
  if (!json && mapper.lastAgentMessage !== undefined && mapper.failure === undefined) {
    process.stdout.write(`${mapper.lastAgentMessage}\n`);
  }
  if (mapper.failure !== undefined) {
    if (json) process.stderr.write(`Error: ${mapper.failure}\n`);
    return 1;
  }
  return 0;
}
