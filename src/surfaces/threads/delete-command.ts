// `codex-ts delete <SESSION>`: deletes a saved thread for good, after asking on the terminal (or at once
// with --force and an id). Wording, streams and exit codes follow the real Codex 0.169.
import { createInterface } from "node:readline/promises";
import { ConfigError, loadConfig } from "../../config/load.js";
import { deleteThread, ThreadDeleteError } from "../../rollout/delete-thread.js";
import type { ThreadIndex } from "../../rollout/index.js";
import { isUuid } from "../../rollout/paths.js";
import { ThreadStore } from "../../rollout/store.js";
import { readThreadNames } from "../../rollout/thread-names.js";
import { sessionLabel, threadsNamed, withIndex } from "./locate.js";

class DeleteError extends Error {}

export interface DeleteFlags {
  force?: boolean;
}

interface Target {
  id: string;
  name?: string;
}

/** A UUID names the thread itself (whether or not it has a name); anything else is a thread's name. */
async function resolve(codexHome: string, index: ThreadIndex, session: string): Promise<Target | undefined> {
  if (isUuid(session)) {
    const id = session.toLowerCase();
    if (!(await new ThreadStore(codexHome, index).findPathById(id))) return undefined;
    const name = readThreadNames(codexHome).get(id);
    return name !== undefined ? { id, name } : { id };
  }
  // Any thread ever given that name, as `archive` and `exec fork` find one (locate.ts).
  const matches = (await threadsNamed(codexHome, index, session, { interactive: true })).map((t) => t.id);
  if (matches.length > 1)
    throw new DeleteError(
      `more than one session is named '${session}' (${matches.join(", ")}); delete one by its id`,
    );
  const id = matches[0];
  return id === undefined ? undefined : { id, name: session };
}

async function confirm(target: Target): Promise<boolean> {
  const label = target.name !== undefined ? `'${target.name}' (${target.id})` : target.id;
  process.stderr.write(
    `Permanently delete session ${label}?\nThis cannot be undone. Subagent threads will also be deleted.\n`,
  );
  // Not a readline terminal: the tty echoes the answer, and the prompt stays plain text as in Codex.
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  try {
    const answer = await rl.question("Continue? [y/N]: ");
    return ["y", "yes"].includes(answer.trim().toLowerCase());
  } finally {
    rl.close();
  }
}

export async function runDelete(session: string, flags: DeleteFlags): Promise<number> {
  try {
    if (flags.force && !isUuid(session))
      throw new DeleteError("--force requires a session UUID; names must be confirmed interactively");
    const { codexHome, sqliteHome } = loadConfig({ projectConfig: false });
    return await withIndex({ codexHome, sqliteHome }, async (index) => {
      const target = await resolve(codexHome, index, session);
      if (!target) {
        // With --force the id is taken as given; the real Codex words that failure this way.
        throw new DeleteError(
          flags.force
            ? "failed to delete session"
            : `No active or archived session found matching '${session}'.`,
        );
      }
      if (!flags.force) {
        if (!process.stdin.isTTY || !process.stderr.isTTY)
          throw new DeleteError(
            "cannot confirm session deletion without an interactive terminal; rerun with --force and a session UUID",
          );
        if (!(await confirm(target))) {
          process.stdout.write("Delete cancelled.\n");
          return 0;
        }
      }
      await deleteThread(codexHome, index, target.id);
      process.stdout.write(`Deleted session ${sessionLabel(target)}.\n`);
      return 0;
    });
  } catch (err) {
    if (err instanceof DeleteError || err instanceof ThreadDeleteError || err instanceof ConfigError) {
      process.stderr.write(`Error: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
