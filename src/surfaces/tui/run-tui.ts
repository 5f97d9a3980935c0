// `codex-ts [prompt]`: the interactive terminal UI. Checks for a terminal and loads the config before it loads
// React and Ink, so a mistake is reported fast.
import { resolve } from "node:path";
import type { SharedFlags } from "../shared/cli-config.js";
import type { StartOptions } from "./render-app.js";
import { loadCliConfigOrReport } from "../shared/cli-config.js";

/**
 * `codex-ts resume`: a thread by id, the latest one, or (neither) a picker. The latest and the picker's are
 * this directory's interactive threads unless `all` (every directory) or `includeNonInteractive` (exec's too).
 */
export interface ResumeTarget {
  id?: string;
  last?: boolean;
  all?: boolean;
  includeNonInteractive?: boolean;
  /** `codex-ts fork`: continue in a new fork of the thread (up to `upToTurn`), not in the thread itself. */
  fork?: boolean;
  upToTurn?: number;
}

/** `-i FILE` (repeatable, or comma-separated as exec takes them): images for the first prompt. */
export function imagePaths(images: readonly string[] | undefined): string[] {
  return (images ?? [])
    .flatMap((i) => i.split(","))
    .map((i) => i.trim())
    .filter((i) => i !== "")
    .map((i) => resolve(i));
}

export const NOT_A_TERMINAL_MESSAGE =
  "codex-ts: the interactive UI needs a terminal, but stdin or stdout is not a TTY.\n" +
  'To run a task from a script or a pipe, use `codex-ts exec "your task"` (or `codex-ts exec -` to read it from stdin).\n';

export async function runTui(
  prompt: string | undefined,
  flags: SharedFlags & { image?: string[] },
  resume?: ResumeTarget,
): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write(NOT_A_TERMINAL_MESSAGE);
    return 1;
  }
  const config = loadCliConfigOrReport(flags);
  if (!config) return 1;
  let start: StartOptions = {};
  const images = imagePaths(flags.image);
  if (images.length > 0) start.firstImages = images;
  const scope = {
    ...(resume?.all ? {} : { cwd: config.cwd }),
    includeNonInteractive: resume?.includeNonInteractive === true,
  };
  if (resume?.id !== undefined || resume?.last) {
    const { locateThread, ThreadLookupError } = await import("../threads/locate.js");
    try {
      const target = resume.id !== undefined ? { id: resume.id, byName: true } : { last: true };
      const found = await locateThread(config, { ...target, cwd: config.cwd, scope });
      start = resume.fork
        ? {
            ...start,
            forkFrom: {
              path: found.path,
              ...(resume.upToTurn !== undefined ? { up_to_turn: resume.upToTurn } : {}),
            },
          }
        : { ...start, resumePath: found.path };
    } catch (err) {
      if (!(err instanceof ThreadLookupError)) throw err;
      process.stderr.write(`Error: ${err.message}\n`);
      return 1;
    }
  } else if (resume) {
    start = {
      ...start,
      pickThreadAtStart: true,
      ...(resume.fork
        ? { pickerForks: resume.upToTurn !== undefined ? { up_to_turn: resume.upToTurn } : {} }
        : {}),
      pickerWidening: { allCwds: resume.all === true, includeNonInteractive: scope.includeNonInteractive },
    };
  }
  const { renderApp } = await whileLoadingTheUi(() => import("./render-app.js"));
  return renderApp(config, prompt, start);
}

/** What the UI libraries should see while they load; undefined removes the variable. */
const LOADING_ENV: Record<string, string | undefined> = {
  NODE_ENV: "production",
  CI: undefined,
  CONTINUOUS_INTEGRATION: undefined,
};

/**
 * The UI libraries read the environment once, as they load: React picks its production build when
 * NODE_ENV is "production", and Ink stops redrawing when CI or CONTINUOUS_INTEGRATION is set. There is a
 * terminal here and this is not a development build, so the variables are set that way while they load,
 * then put back as they were for the commands the model runs. (Keys are computed so that a build-time
 * `define` of process.env.NODE_ENV does not rewrite these reads and writes.)
 */
async function whileLoadingTheUi<T>(load: () => Promise<T>): Promise<T> {
  const env = process.env;
  const saved = Object.keys(LOADING_ENV).map((key) => [key, env[key]] as const);
  for (const [key, value] of Object.entries(LOADING_ENV)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  try {
    return await load();
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
  }
}
