// `write_stdin`: sends input to a process `exec_command` left running, or just polls it for new output.
// The schema follows the real Codex's, as for exec_command.
import { z } from "zod";
import { defineTool, type FunctionTool } from "../../core/tool-api/define-tool.js";
import { collectForCall, errorMessage } from "./call-session.js";
import {
  clampYieldTime,
  MAX_YIELD_TIME_MS,
  MIN_YIELD_TIME_MS,
  type UnifiedExecManager,
} from "./session-manager.js";
import { CONFIG_DEFAULTS } from "../../config/config-defaults.js";

export const DEFAULT_WRITE_YIELD_TIME_MS = 250;
/** An empty poll waits at least this long (unless the process ends): polling in a tight loop wastes turns. */
export const MIN_EMPTY_POLL_YIELD_TIME_MS = 5_000;
/** The longest empty poll by default; `background_terminal_max_timeout` sets another. */
export const MAX_EMPTY_POLL_YIELD_TIME_MS: number = CONFIG_DEFAULTS.background_terminal_max_timeout;

const params = (maxEmptyPollMs: number) =>
  z.object({
    chars: z
      .string()
      .optional()
      .describe("Bytes to write to stdin. Defaults to empty, which polls without writing."),
    max_output_tokens: z
      .number()
      .optional()
      .describe("Output token budget. Defaults to 10000 tokens; longer output loses its middle."),
    session_id: z.number().describe("Identifier of the running unified exec session."),
    yield_time_ms: z
      .number()
      .optional()
      .describe(
        "Wait before yielding output. Non-empty writes default to 250 ms and cap at 30000 ms; empty polls " +
          `wait ${Math.min(MIN_EMPTY_POLL_YIELD_TIME_MS, maxEmptyPollMs)}-${maxEmptyPollMs} ms.`,
      ),
  });
export const WriteStdinParams = params(MAX_EMPTY_POLL_YIELD_TIME_MS);
export type WriteStdinArgs = z.infer<typeof WriteStdinParams>;

const DESCRIPTION =
  "Writes characters to an existing unified exec session and returns recent output. " +
  '"\\u0003" interrupts the process (Ctrl-C); "\\u0004" ends its input (Ctrl-D).';

/**
 * How long a call waits: the real Codex's clamps, with a longer floor for an empty poll, whose ceiling is
 * `maxEmptyPollMs` (a ceiling under the floor lowers the floor too).
 */
export function writeYieldTime(
  chars: string,
  requested: number | undefined,
  maxEmptyPollMs = MAX_EMPTY_POLL_YIELD_TIME_MS,
): { wait: number; max: number } {
  if (chars !== "") {
    return { wait: clampYieldTime(requested, DEFAULT_WRITE_YIELD_TIME_MS), max: MAX_YIELD_TIME_MS };
  }
  const max = Math.max(MIN_YIELD_TIME_MS, maxEmptyPollMs);
  const atLeast = Math.max(MIN_YIELD_TIME_MS, requested ?? DEFAULT_WRITE_YIELD_TIME_MS);
  return {
    wait: clampYieldTime(atLeast, atLeast, Math.min(MIN_EMPTY_POLL_YIELD_TIME_MS, max), max),
    max,
  };
}

export function writeStdinTool(
  manager: UnifiedExecManager,
  options: { maxEmptyPollMs?: number } = {},
): FunctionTool<WriteStdinArgs> {
  const maxEmptyPoll = options.maxEmptyPollMs ?? MAX_EMPTY_POLL_YIELD_TIME_MS;
  return defineTool({
    name: "write_stdin",
    description: DESCRIPTION,
    parameters: params(Math.max(MIN_YIELD_TIME_MS, maxEmptyPoll)),
    isMutating: true,
    async handle(args, ctx) {
      const startedAt = performance.now();
      const chars = args.chars ?? "";
      const { wait, max } = writeYieldTime(chars, args.yield_time_ms, maxEmptyPoll);
      try {
        manager.write(args.session_id, chars);
        const { result } = await collectForCall(manager, args.session_id, ctx, {
          yieldTimeMs: wait,
          maxYieldTimeMs: max,
          maxOutputTokens: args.max_output_tokens ?? ctx.outputTokenLimit,
          startedAt,
        });
        return result;
      } catch (err) {
        return { output: `write_stdin failed: ${errorMessage(err)}`, success: false };
      }
    },
  });
}
