// A command that is really an apply_patch call (`apply_patch <<'EOF' ... EOF` through exec_command, or
// `["apply_patch", PATCH]` through shell) is applied as a patch instead of being run: the same parser, patch
// gate (approvals) and file_change events as the apply_patch tool, and no shell ever sees it.
import { resolve } from "node:path";
import type { ToolContext, ToolResult } from "../../core/tool-api/define-tool.js";
import { IMPLICIT_INVOCATION_MESSAGE, parseApplyPatchInvocation } from "./invocation.js";
import { runApplyPatch } from "./run-apply-patch.js";

/**
 * The tool's result when `argv` is an apply_patch invocation, undefined when it is an ordinary command.
 * `commandCwd` is the directory the command would have run in (the call's workdir, else the session's).
 */
export async function interceptApplyPatch(
  argv: readonly string[],
  commandCwd: string,
  ctx: ToolContext,
): Promise<ToolResult | undefined> {
  const invocation = parseApplyPatchInvocation(argv);
  switch (invocation.kind) {
    case "none":
      return undefined;
    case "implicit":
      return { output: IMPLICIT_INVOCATION_MESSAGE, success: false };
    case "patch": {
      const baseDir = invocation.workdir === undefined ? commandCwd : resolve(commandCwd, invocation.workdir);
      return runApplyPatch(invocation.patch, ctx, { baseDir });
    }
  }
}
