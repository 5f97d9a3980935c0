// At every start: finish or roll back a patch that a killed codex-ts left half-applied, and say so.
// Nearly every start has nothing to recover, so the check is one readdir; the journal code (and zod) loads
// only when a journal is there.
import { resolveCodexHome } from "../../config/home.js";
import { hasPendingJournals } from "../../tools/apply-patch/journal-dir.js";

export async function recoverPatchesAtStartup(
  env: NodeJS.ProcessEnv = process.env,
  write: (line: string) => void = (line) => process.stderr.write(line),
): Promise<void> {
  const codexHome = resolveCodexHome(env);
  if (!hasPendingJournals(codexHome)) return;
  try {
    const { recoverInterruptedPatches } = await import("../../tools/apply-patch/patch-journal.js");
    for (const report of await recoverInterruptedPatches(codexHome)) {
      write(`codex-ts: ${report.message}\n`);
    }
  } catch (error) {
    // A recovery problem must not keep the user's command from running; it is reported, not fatal.
    write(`codex-ts: could not recover an interrupted patch: ${(error as Error).message}\n`);
  }
}
