// The two tools of `codex-ts mcp-server`, their parameters, and the Config a `codex` call runs with.
import { z } from "zod";
import type { Config } from "../../config/load.js";
import { renderTomlValue } from "../../config/toml-edit.js";
import { ApprovalMode, SandboxMode } from "../../protocol/policies.js";
import { ReviewOutput, type ReviewTarget } from "../../protocol/review.js";
import { loadCliConfig, type SharedFlags } from "../shared/cli-config.js";

export const CodexToolParams = {
  prompt: z.string().describe("The user's request: starts a new thread and runs one turn."),
  model: z.string().optional().describe("Model to use, e.g. gpt-5.1-codex."),
  profile: z.string().optional().describe("A profile of config.toml."),
  cwd: z.string().optional().describe("Working directory of the thread (default: the server's)."),
  "approval-policy": ApprovalMode.optional().describe(
    "When to ask before running a command. Without elicitation support in the client: never.",
  ),
  sandbox: SandboxMode.optional().describe("read-only, workspace-write or danger-full-access."),
  config: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('config.toml settings to override, by dotted key (e.g. {"model_reasoning_effort": "high"}).'),
  "base-instructions": z.string().optional().describe("Replaces the built-in base instructions."),
};
export type CodexToolParams = z.infer<z.ZodObject<typeof CodexToolParams>>;

export const ReviewToolParams = {
  threadId: z
    .string()
    .optional()
    .describe("Review inside this thread (from `codex`); default: a new thread in `cwd`."),
  cwd: z.string().optional().describe("Working directory of a new thread (default: the server's)."),
  model: z.string().optional().describe("Model to use for a new thread."),
  uncommitted: z.boolean().optional().describe("Review staged, unstaged and untracked changes (default)."),
  base: z.string().optional().describe("Review the changes against this base branch."),
  commit: z.string().optional().describe("Review the changes this commit introduced."),
  title: z.string().optional().describe("The commit's title, for the summary."),
  instructions: z.string().optional().describe("Custom review instructions instead of a git target."),
};
export type ReviewToolParams = z.infer<z.ZodObject<typeof ReviewToolParams>>;

/** The target a `review` call names: at most one of base, commit, instructions; else uncommitted changes. */
export function reviewTargetOf(params: ReviewToolParams): ReviewTarget {
  const chosen = [params.base, params.commit, params.instructions].filter((v) => v !== undefined);
  if (chosen.length > 1 || (chosen.length === 1 && params.uncommitted)) {
    throw new ToolParamsError("choose one of uncommitted, base, commit or instructions");
  }
  if (params.base !== undefined) return { type: "baseBranch", branch: params.base };
  if (params.commit !== undefined) {
    return { type: "commit", sha: params.commit, ...(params.title ? { title: params.title } : {}) };
  }
  if (params.instructions !== undefined) return { type: "custom", instructions: params.instructions };
  return { type: "uncommittedChanges" };
}

export const ReviewToolOutput = {
  threadId: z.string(),
  /** The findings written out. */
  content: z.string(),
  review: ReviewOutput.nullable(),
};

export const CodexReplyParams = {
  threadId: z.string().describe("The thread id a `codex` call returned."),
  prompt: z.string().describe("The next message of the conversation."),
};

/** What both tools answer in structured content. */
export const CodexToolOutput = {
  threadId: z.string(),
  content: z.string(),
};

export class ToolParamsError extends Error {}

/** `config` entries as `-c key=value` overrides, so they go through the same layer as on the command line. */
function configOverrides(config: Record<string, unknown> | undefined): string[] {
  return Object.entries(config ?? {}).map(([key, value]) => {
    try {
      return `${key}=${renderTomlValue(value)}`;
    } catch (err) {
      throw new ToolParamsError(`config.${key}: ${(err as Error).message}`);
    }
  });
}

/** The server's own flags, then this call's parameters on top. */
export function configForCall(base: SharedFlags, params: CodexToolParams, canAskUser: boolean): Config {
  const flags: SharedFlags = {
    ...base,
    config: [...(base.config ?? []), ...configOverrides(params.config)],
    ...(params.model ? { model: params.model } : {}),
    ...(params.profile ? { profile: params.profile } : {}),
    ...(params.cwd ? { cd: params.cwd } : {}),
    ...(params.sandbox ? { sandbox: params.sandbox } : {}),
    ...(params["approval-policy"] ? { askForApproval: params["approval-policy"] } : {}),
  };
  // Nobody can answer an approval request unless the client supports elicitation (and `-c` must not win).
  if (!canAskUser) {
    flags.askForApproval = "never";
    flags.config = [...(flags.config ?? []), 'approval_policy="never"'];
  }
  return loadCliConfig(flags);
}
