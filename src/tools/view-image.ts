// view_image: attaches a local image to the conversation so the model can look at it.
import { resolve } from "node:path";
import { z } from "zod";
import { localImageDataUrl, UserInputError } from "../core/user-input.js";
import { defineTool } from "../core/tool-api/define-tool.js";
import { deniedByResolved, deniedMessage } from "../sandbox/read-denial.js";

export const viewImageTool = defineTool({
  name: "view_image",
  description: "Attaches a local image (png, jpeg, gif, webp) to the conversation so you can see it.",
  parameters: z.object({
    path: z.string().describe("Path of the image file, absolute or relative to the working directory."),
  }),
  isMutating: false,
  handle(args, ctx) {
    const rule = deniedByResolved(resolve(ctx.cwd, args.path), ctx.readDenial);
    if (rule !== undefined) {
      return Promise.resolve({ output: deniedMessage(args.path, rule), success: false });
    }
    try {
      const url = localImageDataUrl(args.path, ctx.cwd);
      ctx.emit({ type: "view_image_tool_call", call_id: ctx.callId, path: resolve(ctx.cwd, args.path) });
      return Promise.resolve({
        output: `attached image ${args.path}`,
        success: true,
        followUp: [{ type: "message", role: "user", content: [{ type: "input_image", image_url: url }] }],
      });
    } catch (err) {
      if (err instanceof UserInputError) return Promise.resolve({ output: err.message, success: false });
      throw err;
    }
  },
});
