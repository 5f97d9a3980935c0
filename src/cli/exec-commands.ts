// `exec` (and `exec resume`, `exec fork`) and `review`: one task without interaction, printed as exec prints it.
import type { Command } from "commander";
import { Option } from "commander";
import { collect, sharedOptions, withRootFlags } from "./options.js";
import { execRunOptions, strictConfigOption } from "./exec-run-options.js";
import type { ExecFlags } from "../surfaces/exec/exec-flags.js";

interface ReviewFlags extends ExecFlags {
  uncommitted?: boolean;
  base?: string;
  commit?: string;
  title?: string;
}

/** `codex-ts review` and `codex-ts exec review`: one review, printed like exec. */
function reviewCommand(program: Command, parent: Command, name: string): Command {
  return sharedOptions(
    parent
      .command(name)
      .description(
        "review code: uncommitted changes, against a base branch, a commit, or custom instructions",
      )
      .argument("[prompt]", "custom review instructions; '-' reads them from stdin"),
  )
    .option("--uncommitted", "review staged, unstaged and untracked changes")
    .option("--base <branch>", "review the changes against this base branch")
    .option("--commit <sha>", "review the changes a commit introduced")
    .option("--title <title>", "the commit's title, shown in the review summary")
    .option("--json", "print events as JSON lines")
    .option("--skip-git-repo-check", "allow running outside a git repository")
    .option("-o, --output-last-message <file>", "write the review to a file")
    .action(async (prompt: string | undefined, own: ReviewFlags, cmd: Command) => {
      const { runExec } = await import("../surfaces/exec/run-exec.js");
      // `exec -c k=v review`: the parent's flags hold, with -c and --add-dir from both places.
      const parent = cmd.parent?.opts<ReviewFlags>() ?? {};
      const flags: ReviewFlags = withRootFlags(program, {
        ...parent,
        ...own,
        config: [...(parent.config ?? []), ...(own.config ?? [])],
        addDir: [...(parent.addDir ?? []), ...(own.addDir ?? [])],
      });
      if (flags.cyberAccessProgram !== undefined) {
        process.stderr.write("Error: --cyber-access-program is not supported with `codex-ts exec review`\n");
        process.exitCode = 1;
        return;
      }
      const chosen = [flags.uncommitted, flags.base, flags.commit, prompt].filter((v) => v).length;
      if (chosen > 1) {
        process.stderr.write("Error: choose one of --uncommitted, --base, --commit or a prompt\n");
        process.exitCode = 2;
        return;
      }
      const target = flags.base
        ? { type: "baseBranch" as const, branch: flags.base }
        : flags.commit
          ? { type: "commit" as const, sha: flags.commit, ...(flags.title ? { title: flags.title } : {}) }
          : prompt
            ? { type: "custom" as const }
            : { type: "uncommittedChanges" as const };
      process.exitCode = await runExec(prompt, flags, undefined, target);
    });
}

export function registerExecCommands(program: Command): void {
  const execCommand = sharedOptions(
    program
      .command("exec")
      .description("run one task without interaction and print the result")
      .argument(
        "[prompt]",
        "the task; '-' or absent reads it from stdin; piped stdin after a prompt is appended as a <stdin> block",
      ),
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
      const { runExec } = await import("../surfaces/exec/run-exec.js");
      process.exitCode = await runExec(prompt, withRootFlags(program, flags));
    });

  execRunOptions(execCommand.command("resume"))
    .description("continue an earlier thread with a new prompt")
    .argument("[id]", "the thread id (or, with --last, the prompt)")
    .argument("[prompt]", "the prompt; '-' or absent reads it from stdin")
    .option("--last", "the latest thread of this directory")
    .option("-i, --image <file>", "attach an image to the prompt (repeatable)", collect, [])
    .action(
      async (
        id: string | undefined,
        prompt: string | undefined,
        own: ExecFlags & { last?: boolean },
        cmd: Command,
      ) => {
        const { runExec } = await import("../surfaces/exec/run-exec.js");
        const parent: ExecFlags = cmd.parent?.opts<ExecFlags>() ?? {};
        const { last, ...ownFlags } = own;
        // Before `resume` (where the SDK puts them) or after it: the run options hold either way.
        const flags: ExecFlags = withRootFlags(program, {
          ...parent,
          ...ownFlags,
          image: [...(parent.image ?? []), ...(own.image ?? [])],
        });
        const target = last ? { last: true } : { ...(id ? { id } : {}) };
        process.exitCode = await runExec(last ? id : prompt, flags, target);
      },
    );

  execRunOptions(execCommand.command("fork"))
    .description("fork an earlier thread into a new one, then send the prompt, if any")
    .argument("<session>", "the thread id (UUID) or thread name to fork")
    .argument("[prompt]", "the prompt to send after forking; '-' reads it from stdin")
    .option("-i, --image <file>", "attach an image to the prompt (repeatable)", collect, [])
    .action(async (session: string, prompt: string | undefined, own: ExecFlags, cmd: Command) => {
      const { runExec } = await import("../surfaces/exec/run-exec.js");
      const parent: ExecFlags = cmd.parent?.opts<ExecFlags>() ?? {};
      // As for `resume`: the run options hold before or after `fork`.
      const flags: ExecFlags = withRootFlags(program, {
        ...parent,
        ...own,
        image: [...(parent.image ?? []), ...(own.image ?? [])],
      });
      process.exitCode = await runExec(prompt, flags, { id: session, fork: true });
    });

  // Codex has these global to `exec`: they hold before or after `resume` / `review` (the SDK puts them before).
  execRunOptions(execCommand);
  execRunOptions(reviewCommand(program, execCommand, "review"));
  reviewCommand(program, program, "review").addOption(strictConfigOption());
}
