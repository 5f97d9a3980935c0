// The codex-ts command line. Each command imports its surface lazily so start-up loads only what it runs.
import { Command, Option } from "commander";
import { VERSION } from "./version.js";
import type { SharedFlags } from "./surfaces/shared/cli-config.js";

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function sharedOptions(cmd: Command): Command {
  return cmd
    .option("-c, --config <key=value>", "override a config value (value parsed as TOML)", collect, [])
    .option("-m, --model <model>", "model to use")
    .option("-p, --profile <name>", "config profile to use")
    .addOption(
      new Option("-s, --sandbox <mode>", "sandbox policy for commands").choices([
        "read-only",
        "workspace-write",
        "danger-full-access",
      ]),
    )
    .addOption(
      new Option("-a, --ask-for-approval <policy>", "when to ask before running a command").choices([
        "untrusted",
        "on-failure",
        "on-request",
        "never",
      ]),
    )
    .option("-C, --cd <dir>", "working directory for the session")
    .option("--add-dir <dir>", "another writable root for workspace-write", collect, [])
    .option("--full-auto", "workspace-write sandbox, ask only when the model requests it")
    .option("--dangerously-bypass-approvals-and-sandbox", "no sandbox and no approvals (danger)");
}

export interface ExecFlags extends SharedFlags {
  json?: boolean;
  experimentalJson?: boolean;
  skipGitRepoCheck?: boolean;
  outputLastMessage?: string;
  outputSchema?: string;
  image?: string[];
  color?: string;
  threadSource?: string;
}

const program = new Command()
  .name("codex-ts")
  .description("A coding agent for the terminal: exec, proto, and more, over one engine.")
  .version(VERSION)
  .showHelpAfterError();

sharedOptions(
  program
    .command("exec")
    .description("run one task without interaction and print the result")
    .argument("[prompt]", "the task; '-' or absent reads it from stdin"),
)
  .option("--json", "print events as JSON lines")
  .option("--experimental-json", "alias of --json")
  .option("--skip-git-repo-check", "allow running outside a git repository")
  .option("-o, --output-last-message <file>", "write the last agent message to a file")
  .option("--output-schema <file>", "JSON Schema the final answer must follow")
  .option("-i, --image <file>", "attach an image to the prompt (repeatable)", collect, [])
  .addOption(
    new Option("--color <when>", "colour in human output")
      .choices(["always", "never", "auto"])
      .default("auto"),
  )
  .option("--thread-source <source>", "what started this thread (recorded with it)")
  .action(async (prompt: string | undefined, flags: ExecFlags) => {
    const { runExec } = await import("./surfaces/exec/run-exec.js");
    process.exitCode = await runExec(prompt, flags);
  });

sharedOptions(
  program
    .command("proto")
    .description("speak the queue protocol: Submissions on stdin, Events on stdout (JSONL)"),
).action(async (flags: SharedFlags) => {
  const { runProto } = await import("./surfaces/proto/run-proto.js");
  process.exitCode = await runProto(flags);
});

program
  .command("apply-patch")
  .description("apply a patch in the Codex patch format, read from stdin, to the working directory")
  .action(async () => {
    const { runApplyPatchCommand } = await import("./surfaces/apply-patch/run-apply-patch-command.js");
    process.exitCode = await runApplyPatchCommand();
  });

program.argument("[prompt]", "a first prompt for the interactive session").action(() => {
  process.stderr.write(
    "The interactive terminal UI is not available in this version yet.\n" +
      'Use `codex-ts exec "your task"` to run a task, or `codex-ts proto` for the queue protocol.\n',
  );
  process.exitCode = 2;
});

await program.parseAsync(process.argv);
