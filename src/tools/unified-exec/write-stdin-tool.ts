// `write_stdin`: sends input to a process `exec_command` left running, or just polls it for new output.
import { z } from "zod";
import { defineTool, type FunctionTool } from "../define-tool.js";
import { collectForCall, errorMessage } from "./call-session.js";
import { clampYieldTime, type UnifiedExecManager } from "./session-manager.js";

export const DEFAULT_WRITE_YIELD_TIME_MS = 250;

export const WriteStdinParams = z.object({
  session_id: z
    .number()
    .int()
    .describe("The session ID of a running process, from an earlier `Process running with session ID N`."),
  chars: z
    .string()
    .default("")
    .describe(
      'Text to send to the process\'s input; end a line with "\\n". Empty (the default) sends nothing and ' +
        'only reads new output. "\\u0003" interrupts the process (Ctrl-C); "\\u0004" ends its input (Ctrl-D).',
    ),
  yield_time_ms: z
    .number()
    .optional()
    .describe(
      "How long to wait for more output or for the process to exit, in milliseconds (250 to 30000, default 250).",
    ),
  max_output_tokens: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Most output tokens to return (default 10000); longer output loses its middle."),
});
export type WriteStdinArgs = z.infer<typeof WriteStdinParams>;

const DESCRIPTION =
  "Writes characters to the input of a process started by exec_command that is still running, then " +
  "returns the output it produced since the last call, and its exit code once it has exited. Send empty " +
  "chars to wait for and read more output of a long-running command.";

export function writeStdinTool(manager: UnifiedExecManager): FunctionTool<WriteStdinArgs> {
  return defineTool({
    name: "write_stdin",
    description: DESCRIPTION,
    parameters: WriteStdinParams,
    isMutating: true,
    async handle(args, ctx) {
      const startedAt = performance.now();
      try {
        manager.write(args.session_id, args.chars);
        return await collectForCall(manager, args.session_id, ctx, {
          yieldTimeMs: clampYieldTime(args.yield_time_ms, DEFAULT_WRITE_YIELD_TIME_MS),
          maxOutputTokens: args.max_output_tokens,
          startedAt,
        });
      } catch (err) {
        return { output: `write_stdin failed: ${errorMessage(err)}`, success: false };
      }
    },
  });
}
