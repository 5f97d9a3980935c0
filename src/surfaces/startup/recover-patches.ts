// At every start: finish or roll back a patch that a killed codex-ts left half-applied, and say so.
import { resolveCodexHome } from "../../config/home.js";
import { recoverInterruptedPatches } from "../../tools/apply-patch/patch-journal.js";

export async function recoverPatchesAtStartup(
  env: NodeJS.ProcessEnv = process.env,
  write: (line: string) => void = (line) => process.stderr.write(line),
): Promise<void> {
  try {
    for (const report of await recoverInterruptedPatches(resolveCodexHome(env))) {
      write(`codex-ts: ${report.message}\n`);
    }
  } catch (error) {
    // A recovery problem must not keep the user's command from running; it is reported, not fatal.
    write(`codex-ts: could not recover an interrupted patch: ${(error as Error).message}\n`);
  }
}
