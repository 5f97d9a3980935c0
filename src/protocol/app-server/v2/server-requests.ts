// Server -> client requests (approvals, token refresh): method -> params and the result the client returns.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { ChatgptAuthTokensRefreshParams, ChatgptAuthTokensRefreshResponse } from "./account.js";
import { CommandAction } from "./items.js";

const ApprovalDecision = lazySchema(() => z.enum(["accept", "acceptForSession", "decline", "cancel"]));

/** An execpolicy amendment accepts and writes an allow rule; a network amendment is a one-time accept. */
export const CommandExecutionApprovalDecision = lazySchema(() =>
  z.union([
    ApprovalDecision,
    z.object({ acceptWithExecpolicyAmendment: z.object({ execpolicy_amendment: z.array(z.string()) }) }),
    z.object({ applyNetworkPolicyAmendment: z.object({ network_policy_amendment: z.unknown() }) }),
  ]),
);
export type CommandExecutionApprovalDecision = z.infer<typeof CommandExecutionApprovalDecision>;

export const CommandExecutionRequestApprovalParams = lazySchema(() =>
  z.object({
    /** What is under review: a command (codex-ts asks about nothing else). */
    kind: z.enum(["command", "writeStdin", "humanCommand"]).optional(),
    threadId: z.string(),
    turnId: z.string(),
    itemId: z.string(),
    startedAtMs: z.number().int(),
    environmentId: z.string().nullable(),
    command: z.string().nullish(),
    cwd: z.string().nullish(),
    reason: z.string().nullish(),
    commandActions: z.array(CommandAction).nullish(),
    proposedExecpolicyAmendment: z.array(z.string()).nullish(),
    /** The answers the client may offer (Codex sends it, outside its published schema). */
    availableDecisions: z.array(CommandExecutionApprovalDecision).optional(),
  }),
);
export type CommandExecutionRequestApprovalParams = z.infer<typeof CommandExecutionRequestApprovalParams>;

export const FileChangeRequestApprovalParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    turnId: z.string(),
    itemId: z.string(),
    startedAtMs: z.number().int(),
    reason: z.string().nullish(),
    grantRoot: z.string().nullish(),
  }),
);
export type FileChangeRequestApprovalParams = z.infer<typeof FileChangeRequestApprovalParams>;

/** The engine's request_user_input questions; an option is answered with its label. */
export const ToolRequestUserInputParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    turnId: z.string(),
    itemId: z.string(),
    isBlocking: z.boolean(),
    /** Deprecated in Codex; null (codex-ts never resolves a question by itself). */
    autoResolutionMs: z.number().int().nullable(),
    questions: z.array(
      z.object({
        id: z.string(),
        header: z.string(),
        question: z.string(),
        isOther: z.boolean().optional(),
        isSecret: z.boolean().optional(),
        options: z.array(z.object({ label: z.string(), description: z.string() })).nullish(),
      }),
    ),
  }),
);
export type ToolRequestUserInputParams = z.infer<typeof ToolRequestUserInputParams>;

export const ToolRequestUserInputResponse = lazySchema(() =>
  z.object({
    answers: z.record(z.string(), z.object({ answers: z.array(z.string()) })),
  }),
);
export type ToolRequestUserInputResponse = z.infer<typeof ToolRequestUserInputResponse>;

export const serverRequests = {
  "item/commandExecution/requestApproval": {
    params: CommandExecutionRequestApprovalParams,
    result: z.object({ decision: CommandExecutionApprovalDecision }),
  },
  "item/fileChange/requestApproval": {
    params: FileChangeRequestApprovalParams,
    result: z.object({ decision: ApprovalDecision }),
  },
  "item/tool/requestUserInput": {
    params: ToolRequestUserInputParams,
    result: ToolRequestUserInputResponse,
  },
  "account/chatgptAuthTokens/refresh": {
    params: ChatgptAuthTokensRefreshParams,
    result: ChatgptAuthTokensRefreshResponse,
  },
} satisfies Record<string, { params: z.ZodType; result: z.ZodType }>;

export type ServerRequestMethod = keyof typeof serverRequests;
export type ServerRequestParams<M extends ServerRequestMethod> = z.infer<
  (typeof serverRequests)[M]["params"]
>;
export type ServerRequestResult<M extends ServerRequestMethod> = z.infer<
  (typeof serverRequests)[M]["result"]
>;
