// The apply_patch tool in its two shapes: freeform with a grammar (Responses API custom tools) and a
// plain function taking `{input}` for providers without custom tools. Both run the same handler.
import { z } from "zod";
import { defineCustomTool, defineTool } from "../../core/tool-api/define-tool.js";
import { APPLY_PATCH_LARK_GRAMMAR } from "./grammar.js";
import { runApplyPatch } from "./run-apply-patch.js";

const FORMAT_HELP = `A patch is a stripped-down, file-oriented diff:

*** Begin Patch
*** Add File: <path>            (every following line starts with +)
*** Delete File: <path>
*** Update File: <path>
*** Move to: <new path>         (optional, right after Update File)
@@ <line naming the enclosing class or function>   (optional; repeat to narrow down; bare @@ is fine)
 <context line, starts with a space>
-<removed line>
+<added line>
*** End of File                 (optional: the chunk ends at the end of the file)
*** End Patch

Show about 3 lines of context above and below each change. Paths are relative to the working directory.`;

export const applyPatchCustomTool = defineCustomTool({
  name: "apply_patch",
  description: `Use the \`apply_patch\` tool to edit files. This is a FREEFORM tool: do not wrap the patch in JSON.\n\n${FORMAT_HELP}`,
  isMutating: true,
  format: { type: "grammar", syntax: "lark", definition: APPLY_PATCH_LARK_GRAMMAR },
  handle: (input, ctx) => runApplyPatch(input, ctx),
});

const ApplyPatchParams = z.object({
  input: z.string().describe("The entire patch, from '*** Begin Patch' to '*** End Patch'."),
});

export const applyPatchFunctionTool = defineTool({
  name: "apply_patch",
  description: `Use the \`apply_patch\` tool to edit files.\n\n${FORMAT_HELP}`,
  parameters: ApplyPatchParams,
  isMutating: true,
  handle: (args, ctx) => runApplyPatch(args.input, ctx),
});
