// Recorded threads: list, fork, archive, delete, and resume in the interactive UI.
import type { Command } from "commander";
import { collect, configOverrideOptions, profileName, sharedOptions, withRootFlags } from "./options.js";
import { strictConfigOption } from "./exec-run-options.js";
import type { SharedFlags } from "../surfaces/shared/cli-config.js";
import type { ForkFlags, SessionsFlags } from "../surfaces/threads/thread-commands.js";
import type { ResumeTarget } from "../surfaces/tui/run-tui.js";
import type { QueueFlags } from "../surfaces/threads/queue-command.js";

export function registerThreadCommands(program: Command): void {
  program
    .command("sessions")
    .description("list recorded threads, most recently active first")
    .option("-n, --limit <n>", "how many to show", "20")
    .option("--all", "threads of every directory, not just this one")
    .option("--archived", "archived threads")
    .option("--search <text>", "only threads whose first message contains this text")
    .option("--cursor <cursor>", "the next page, as printed at the end of a page")
    .option("--json", "print the page as JSON")
    .action(async (flags: SessionsFlags) => {
      const { runSessions } = await import("../surfaces/threads/thread-commands.js");
      process.exitCode = await runSessions(flags);
    });

  sharedOptions(
    program
      .command("fork")
      .description(
        "continue a new fork of an earlier thread in the interactive UI (no id: choose from a list); " +
          "without a terminal, print the fork's id",
      )
      .argument("[SESSION_ID]", "the thread to fork (UUID or name); with --last, the prompt")
      .argument("[PROMPT]", "a first prompt for the fork"),
  )
    .option("--last", "fork the latest interactive thread of this directory, without the picker")
    .option("--all", "threads of every directory (the picker and --last)")
    .option("-i, --image <file>", "attach an image to the first prompt (repeatable)", collect, [])
    .option("--turn <n>", "keep turns 1..n only")
    .addOption(strictConfigOption())
    .action(
      async (
        id: string | undefined,
        prompt: string | undefined,
        own: ResumeFlags & ForkFlags,
        cmd: Command,
      ) => {
        const flags = withRootFlags(program, own);
        const args = resumeArguments(id, prompt, flags);
        if (typeof args === "string") cmd.error(`error: ${args.replace("resumes", "forks")}`);
        const turn = flags.turn === undefined ? undefined : Number(flags.turn);
        if (turn !== undefined && (!Number.isInteger(turn) || turn < 0))
          cmd.error(`error: --turn must be a whole number, not '${flags.turn}'`);
        if (process.stdin.isTTY && process.stdout.isTTY) {
          const { runTui } = await import("../surfaces/tui/run-tui.js");
          const target = { ...args.target, fork: true, ...(turn !== undefined ? { upToTurn: turn } : {}) };
          process.exitCode = await runTui(args.prompt, flags, target);
          return;
        }
        const { runFork } = await import("../surfaces/threads/thread-commands.js");
        process.exitCode = await runFork(args.target.id, { ...flags, prompt: args.prompt });
      },
    );

  for (const [name, unarchive] of [
    ["archive", false],
    ["unarchive", true],
  ] as const) {
    program
      .command(name)
      .description(
        unarchive ? "move an archived thread back to sessions/" : "move a thread to archived_sessions/",
      )
      .argument("<session>", "the thread id (UUID) or thread name")
      .action(async (session: string) => {
        const { runArchive } = await import("../surfaces/threads/thread-commands.js");
        process.exitCode = await runArchive(session, unarchive);
      });
  }

  registerQueueCommand(program);

  program
    .command("delete")
    .description("permanently delete a saved thread (and its subagent threads) by id or name")
    .argument("<session>", "the thread id (UUID) or name; a UUID is taken as an id")
    .option("--force", "delete without asking (SESSION must be a UUID)")
    .action(async (session: string, flags: { force?: boolean }) => {
      const { runDelete } = await import("../surfaces/threads/delete-command.js");
      process.exitCode = await runDelete(session, flags);
    });

  sharedOptions(
    program
      .command("resume")
      .description("continue an earlier thread in the interactive UI (no id: choose from a list)")
      .argument("[SESSION_ID]", "the thread id (UUID) or name; with --last, the prompt")
      .argument("[PROMPT]", "a first prompt for the resumed thread"),
  )
    .option("--last", "the latest interactive thread of this directory, without the picker")
    .option("--all", "threads of every directory (the picker and --last)")
    .option("--include-non-interactive", "exec threads too (the picker and --last)")
    .option("-i, --image <file>", "attach an image to the first prompt (repeatable)", collect, [])
    .addOption(strictConfigOption())
    .action(async (id: string | undefined, prompt: string | undefined, own: ResumeFlags, cmd: Command) => {
      const flags = withRootFlags(program, own);
      const args = resumeArguments(id, prompt, flags);
      if (typeof args === "string") cmd.error(`error: ${args}`);
      const { runTui } = await import("../surfaces/tui/run-tui.js");
      process.exitCode = await runTui(args.prompt, flags, args.target);
    });
}

type ResumeFlags = SharedFlags & {
  last?: boolean;
  all?: boolean;
  includeNonInteractive?: boolean;
  image?: string[];
};

/**
 * What `resume [SESSION_ID] [PROMPT]` asks for. With --last there is no id to give: a lone argument is the
 * prompt. A string is a usage error.
 */
export function resumeArguments(
  id: string | undefined,
  prompt: string | undefined,
  flags: ResumeFlags,
): { target: ResumeTarget; prompt: string | undefined } | string {
  const widen = {
    ...(flags.all ? { all: true } : {}),
    ...(flags.includeNonInteractive ? { includeNonInteractive: true } : {}),
  };
  if (flags.last) {
    if (prompt !== undefined) return "--last resumes the latest thread: give a PROMPT, not a SESSION_ID";
    return { target: { last: true, ...widen }, prompt: id };
  }
  return { target: id !== undefined ? { id, ...widen } : widen, prompt };
}

/** `queue`: a message for an existing thread, which takes it as its next turn (surfaces/threads/queue-command.ts). */
function registerQueueCommand(program: Command): void {
  configOverrideOptions(
    program
      .command("queue")
      .description("queue a message for an existing thread: its next turn once it is loaded and idle")
      .requiredOption("--thread <THREAD>", "the thread's id (UUID) or exact name")
      .requiredOption("--message <TEXT>", "the message to queue"),
  )
    .option(
      "--resume",
      "then load the thread on the daemon or --remote server, so it runs now (a failure warns)",
    )
    .option(
      "--remote <ADDR>",
      "the app-server to queue on: ws://host:port, wss://host:port, unix:// or unix://PATH",
    )
    .option("--remote-auth-token-env <ENV_VAR>", "the variable holding a bearer token for --remote")
    .option("-p, --profile <name>", "layer $CODEX_HOME/<name>.config.toml on the user config", profileName)
    .addOption(strictConfigOption())
    .option("-C, --cd <DIR>", "the working directory of the server run here (not with --remote)")
    .action(async (own: QueueFlags, cmd: Command) => {
      const flags = withRootFlags(program, own);
      if (flags.message === "")
        cmd.error("error: a value is required for '--message <TEXT>' but none was supplied");
      const { queueUsageProblem, runQueue } = await import("../surfaces/threads/queue-command.js");
      const problem = queueUsageProblem(flags);
      if (problem !== undefined) cmd.error(`error: ${problem}`);
      process.exitCode = await runQueue(flags);
    });
}
