// Recorded threads: list, fork, archive, delete, and resume in the interactive UI.
import type { Command } from "commander";
import { sharedOptions } from "./options.js";
import type { SharedFlags } from "../surfaces/shared/cli-config.js";
import type { ForkFlags, SessionsFlags } from "../surfaces/threads/thread-commands.js";

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
      .description("start a new thread from an earlier one (all of it, or up to a turn) and print its id")
      .argument("[id]", "the thread to fork"),
  )
    .option("--last", "fork the latest thread of this directory")
    .option("--turn <n>", "keep turns 1..n only")
    .action(async (id: string | undefined, flags: ForkFlags) => {
      const { runFork } = await import("../surfaces/threads/thread-commands.js");
      process.exitCode = await runFork(id, flags);
    });

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
      .argument("[id]", "the thread id"),
  )
    .option("--last", "the latest thread of this directory")
    .action(async (id: string | undefined, flags: SharedFlags & { last?: boolean }) => {
      const { runTui } = await import("../surfaces/tui/run-tui.js");
      process.exitCode = await runTui(undefined, flags, flags.last ? { last: true } : id ? { id } : {});
    });
}
