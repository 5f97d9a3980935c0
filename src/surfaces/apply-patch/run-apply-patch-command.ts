// `codex-ts apply-patch`: apply a patch read from stdin to the working directory, as the user's own act.
import { parsePatch } from "../../tools/apply-patch/parse.js";
import { applyPatch } from "../../tools/apply-patch/apply.js";
import { PatchApplyError, PatchParseError } from "../../tools/apply-patch/types.js";
import { parse as parsePath } from "node:path";
import { resolveCodexHome } from "../../config/home.js";
import { journalDirFor } from "../../tools/apply-patch/patch-journal.js";

export async function runApplyPatchCommand(stdin: NodeJS.ReadStream = process.stdin): Promise<number> {
  let text = "";
  stdin.setEncoding("utf8");
  for await (const chunk of stdin) text += String(chunk);
  const cwd = process.cwd();
  try {
    const result = await applyPatch(parsePatch(text), {
      cwd,
      writableRoots: [parsePath(cwd).root],
      journalDir: journalDirFor(resolveCodexHome()),
    });
    process.stdout.write(`${result.summary}\n`);
    return 0;
  } catch (err) {
    if (err instanceof PatchParseError || err instanceof PatchApplyError) {
      process.stderr.write(`apply-patch: ${err.message}\nNo file was changed.\n`);
      return 1;
    }
    throw err;
  }
}
