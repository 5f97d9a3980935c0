// A vitest globalSetup: the run's temp folder is a fresh `<tmpdir>/codex-ts-run-XXXXXX` (TMPDIR for the
// runner, its workers and the processes they start with their environment; TMUX_TMPDIR too, for the
// terminal tests' tmux servers), so what the run leaves behind is told apart from what other runs and
// programs write to the same /tmp at the same time. At the end, what is still in it is a leak: listed, the
// run's exit code made 1 (vitest ignores an error thrown here), and everything removed all the same. A
// scratch folder that was removed but is back (a process still writing after its test file ended) is only
// reported: when such a process last writes is a matter of timing.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { removeLinkedDaemonSockets, SCRATCH_LEDGER_ENV } from "./scratch.js";

const LEDGER = ".scratch-ledger";
/** tmux's socket folder under TMUX_TMPDIR: made here as tmux wants it (0700), its sockets each a leak. */
const TMUX_DIR = `tmux-${process.getuid?.() ?? 0}`;
const VARIABLES = ["TMPDIR", "TMUX_TMPDIR", SCRATCH_LEDGER_ENV] as const;
/**
 * What the browser and its driver make in TMPDIR and remove when the browser closes cleanly: left only when
 * chromium crashes or is killed under load, which is not a leak of this project's. Reported, not failed.
 */
const THIRD_PARTY = [/^\.?org\.chromium\.Chromium\./, /^playwright[-_]/, /^\.com\.google\.Chrome\./];

export function setup(): () => void {
  const previous = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  const root = mkdtempSync(join(tmpdir(), "codex-ts-run-"));
  const ledger = join(root, LEDGER);
  const tmux = join(root, TMUX_DIR);
  mkdirSync(tmux, { mode: 0o700 });
  process.env.TMPDIR = root;
  process.env.TMUX_TMPDIR = root;
  process.env[SCRATCH_LEDGER_ENV] = ledger;
  return () => {
    for (const name of VARIABLES) {
      const value = previous[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    const made = new Set(
      (existsSync(ledger) ? readFileSync(ledger, "utf8") : "").split("\n").map((dir) => basename(dir)),
    );
    const left = [
      ...readdirSync(root).filter((name) => name !== LEDGER && name !== TMUX_DIR),
      ...(existsSync(tmux) ? readdirSync(tmux).map((name) => `${TMUX_DIR}/${name}`) : []),
    ].sort();
    const sockets = removeLinkedDaemonSockets(root);
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    const theirs = left.filter((name) => THIRD_PARTY.some((prefix) => prefix.test(name)));
    const leaked = left.filter((name) => !made.has(name) && !theirs.includes(name));
    const back = left.filter((name) => made.has(name));
    const list = (names: string[]) => names.map((name) => `  ${name}\n`).join("");
    if (back.length > 0) {
      process.stderr.write(
        `\nScratch folders written again after their test file had ended (a process it started was still ` +
          `running); removed:\n${list(back)}`,
      );
    }
    if (theirs.length > 0)
      process.stderr.write(`\nLeft by the browser (it did not close cleanly); removed:\n${list(theirs)}`);
    if (sockets.length > 0)
      process.stderr.write(`\nApp-server sockets left by the tests; removed:\n${list(sockets)}`);
    if (leaked.length === 0) return;
    process.stderr.write(
      `\nThe tests left ${leaked.length} entries in their temp folder ${root} (now removed); make them with ` +
        `scratchDir (test/support/scratch.ts) or remove them:\n${list(leaked)}`,
    );
    process.exitCode = 1;
  };
}
