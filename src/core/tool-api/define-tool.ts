// A tool is a value: its name, what the model is told, a zod schema for its arguments, and a handler that
// gets a narrow context (never the whole config).
import { z } from "zod";
import type { McpReviewRequest } from "../approvals/auto-review.js";
import type { ApprovalAnswer, CommandDecision, PatchDecision } from "../approvals/decisions.js";
import type { PatchTargetInfo } from "../approvals/patch-gate.js";
import type {
  FileChange,
  KnownEventMsg,
  UserInputAnswers,
  UserInputQuestion,
} from "../../protocol/core-protocol.js";
import type { ContentItem, ResponseItem } from "../../protocol/items.js";
import type { AskForApproval, CollaborationModeKind, SandboxPolicy } from "../../protocol/policies.js";
import type { ProcessResult } from "../../sandbox/run-process.js";
import type { ReadDenial } from "../../sandbox/read-denial.js";
import type { ClientIo } from "./client-io.js";

export interface CommandAuthorizationRequest {
  argv: string[];
  cwd: string;
  /** The model asked to run outside the sandbox. */
  escalated?: boolean;
  justification?: string;
  /** Which tool runs it: `exec_command` (unified exec) or, when absent, `shell`. */
  source?: "unified_exec";
}

export interface ToolContext {
  callId: string;
  turnId: string;
  cwd: string;
  sandboxPolicy: SandboxPolicy;
  approvalPolicy: AskForApproval;
  collaborationMode: CollaborationModeKind;
  env: NodeJS.ProcessEnv;
  /** The session's CODEX_HOME: kept read-only for patches when inside a root; holds the patch journal. */
  codexHome?: string;
  /** What the permission profile denies: a file tool refuses to read or write it. */
  readDenial?: ReadDenial;
  /** `tool_output_token_limit`: command tools cut their output to it (unless the call asks for another). */
  outputTokenLimit?: number;
  signal: AbortSignal;
  emit: (msg: KnownEventMsg) => void;
  /** Whether and how a command may run (sandbox plan, or the user's answer). */
  authorizeCommand: (request: CommandAuthorizationRequest) => Promise<CommandDecision>;
  /** Under on-failure, after a sandboxed run failed like a denial: a decision to rerun outside, if any. */
  retryOutsideSandbox: (
    request: CommandAuthorizationRequest,
    ran: CommandDecision,
    result: ProcessResult,
  ) => Promise<CommandDecision | undefined>;
  /** Whether a patch may be applied (asking the user when it writes outside the writable roots). */
  authorizePatch: (request: {
    targets: PatchTargetInfo[];
    changes: Record<string, FileChange>;
    reason?: string;
  }) => Promise<PatchDecision>;
  /** File and terminal access the client offers instead of the local disk (ACP editors). */
  clientIo?: ClientIo;
  /** Asks the user questions; undefined when no user is attached (exec). */
  requestUserInput: (questions: UserInputQuestion[]) => Promise<UserInputAnswers | undefined>;
  /**
   * `approvals_reviewer = "auto_review"`: decides an MCP tool call's approval instead of the user
   * (undefined: the user is asked).
   */
  reviewMcpCall?: (request: McpReviewRequest) => Promise<ApprovalAnswer>;
  /** The PermissionRequest hooks' say on this call before a user is asked (undefined: no say, ask). */
  permissionHook?: () => Promise<"approved" | "denied" | undefined>;
}

export interface ToolResult {
  output: string | ContentItem[];
  success: boolean;
  /** Items recorded after the output (e.g. an image the model asked to see). */
  followUp?: ResponseItem[];
  /** The user chose to abort the task (not just this call). */
  abortTask?: boolean;
  /**
   * Why the call failed, when no event of the tool's own shows it (a bad call, a patch that does not
   * parse): the turn announces it as a failed tool call, so no surface drops it silently.
   */
  failed?: string;
}

interface ToolBase<P> {
  name: string;
  description: string;
  /** True when the tool may change files or state outside the conversation. */
  isMutating: boolean;
  handle(args: P, ctx: ToolContext): Promise<ToolResult>;
}

export interface FunctionTool<P> extends ToolBase<P> {
  kind: "function";
  parameters: z.ZodType<P>;
}

/** A freeform tool: the model sends raw text, constrained by a grammar. */
export interface CustomTool extends ToolBase<string> {
  kind: "custom";
  format: { type: "grammar"; syntax: "lark" | "regex"; definition: string };
}

export type Tool = FunctionTool<never> | CustomTool;

export function defineTool<P>(tool: Omit<FunctionTool<P>, "kind">): FunctionTool<P> {
  return { kind: "function", ...tool };
}

export function defineCustomTool(tool: Omit<CustomTool, "kind">): CustomTool {
  return { kind: "custom", ...tool };
}

/** The tool as the Responses API expects it in `tools`. */
export function toolSpec(tool: FunctionTool<unknown> | CustomTool): Record<string, unknown> {
  if (tool.kind === "custom") {
    return { type: "custom", name: tool.name, description: tool.description, format: tool.format };
  }
  const schema = z.toJSONSchema(tool.parameters, { target: "draft-7", io: "input" }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  // As the real Codex declares its tools: no arguments beyond those listed.
  if (schema.type === "object" && !("additionalProperties" in schema)) schema.additionalProperties = false;
  return {
    type: "function",
    name: tool.name,
    description: tool.description,
    strict: false,
    parameters: schema,
  };
}
