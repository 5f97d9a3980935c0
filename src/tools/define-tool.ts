// A tool is a value: its name, what the model is told, a zod schema for its arguments, and a handler that
// gets a narrow context (never the whole config).
import { z } from "zod";
import type { KnownEventMsg } from "../protocol/core-protocol.js";
import type { ContentItem } from "../protocol/items.js";
import type { AskForApproval, ReviewDecision, SandboxPolicy } from "../protocol/policies.js";

export interface ToolContext {
  callId: string;
  cwd: string;
  sandboxPolicy: SandboxPolicy;
  approvalPolicy: AskForApproval;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  emit: (msg: KnownEventMsg) => void;
  /** Asks the user (through the client) whether to run a command; resolves with their decision. */
  requestExecApproval: (request: {
    command: string[];
    cwd: string;
    reason?: string;
  }) => Promise<ReviewDecision>;
}

export interface ToolResult {
  output: string | ContentItem[];
  success: boolean;
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
  return {
    type: "function",
    name: tool.name,
    description: tool.description,
    strict: false,
    parameters: schema,
  };
}
