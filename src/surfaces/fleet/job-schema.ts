// What a fleet task is: the job payload every worker validates before touching anything. It carries no
// credentials (each worker signs in with its own login) and only the config keys that cannot redirect the
// worker's credentials elsewhere (no providers, base URLs, MCP servers or environment).
import { z } from "zod";
import { ApprovalMode, ReasoningEffort, SandboxMode } from "../../protocol/policies.js";

/** Config keys a task may set for its run. Anything else could leak the worker's login or run its tools. */
export const TASK_CONFIG_KEYS = [
  "model",
  "model_reasoning_effort",
  "model_reasoning_summary",
  "shell_tool",
  "developer_instructions",
  "hide_agent_reasoning",
] as const;

const ConfigValue = z.union([z.string(), z.number(), z.boolean()]);

export const TaskSpec = z.strictObject({
  /** A repository path the worker can reach (shared filesystem) or a git URL it can clone. */
  repo: z.string().min(1),
  prompt: z.string().min(1),
  /** The commit, branch or tag the task branch starts from (default HEAD). */
  baseRef: z.string().min(1).default("HEAD"),
  model: z.string().min(1).optional(),
  reasoningEffort: ReasoningEffort.optional(),
  /** config.toml keys for this task: only those of TASK_CONFIG_KEYS. */
  config: z
    .record(z.string(), ConfigValue)
    .superRefine((config, ctx) => {
      for (const key of Object.keys(config)) {
        if (!(TASK_CONFIG_KEYS as readonly string[]).includes(key)) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `not a key a task may set (allowed: ${TASK_CONFIG_KEYS.join(", ")})`,
          });
        }
      }
    })
    .optional(),
  sandbox: SandboxMode.default("workspace-write"),
  /** `never` by default: nobody watches a fleet task. `on-request` parks the task on each request. */
  approvalPolicy: ApprovalMode.default("never"),
  /** Wall-clock budget of the whole task; past it the turn is interrupted and the task fails. */
  timeoutMs: z.int().positive().optional(),
  /** Total tokens (input + output) the task may use; past it the turn is interrupted and the task fails. */
  maxTokens: z.int().positive().optional(),
  /** Commit the changes on the task branch at the end. */
  commit: z.boolean().default(false),
});
export type TaskSpec = z.infer<typeof TaskSpec>;
export type TaskInput = z.input<typeof TaskSpec>;

export class TaskSpecError extends Error {
  override name = "TaskSpecError";
}

/** The task, or a TaskSpecError naming each bad field (for a submitter, or a poison job on a worker). */
export function parseTaskSpec(value: unknown): TaskSpec {
  const parsed = TaskSpec.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(job)"}: ${i.message}`);
  throw new TaskSpecError(`invalid task: ${problems.join("; ")}`);
}
