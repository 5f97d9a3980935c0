// Server -> client requests (approvals, token refresh): method -> params and the result the client returns.
import { z } from "zod";
import { ChatgptAuthTokensRefreshParams, ChatgptAuthTokensRefreshResponse } from "./account.js";
import { CommandAction } from "./items.js";

const ApprovalDecision = z.enum(["accept", "acceptForSession", "decline", "cancel"]);

/** Policy amendments are accepted on input and treated as a one-time accept (codex-ts keeps no exec policy). */
export const CommandExecutionApprovalDecision = z.union([
  ApprovalDecision,
  z.object({ acceptWithExecpolicyAmendment: z.object({ execpolicy_amendment: z.array(z.string()) }) }),
  z.object({ applyNetworkPolicyAmendment: z.object({ network_policy_amendment: z.unknown() }) }),
]);
export type CommandExecutionApprovalDecision = z.infer<typeof CommandExecutionApprovalDecision>;

export const CommandExecutionRequestApprovalParams = z.object({
  threadId: z.string(),
  turnId: z.string(),
  itemId: z.string(),
  startedAtMs: z.number().int(),
  command: z.string().nullish(),
  cwd: z.string().nullish(),
  reason: z.string().nullish(),
  commandActions: z.array(CommandAction).nullish(),
});
export type CommandExecutionRequestApprovalParams = z.infer<typeof CommandExecutionRequestApprovalParams>;

export const FileChangeRequestApprovalParams = z.object({
  threadId: z.string(),
  turnId: z.string(),
  itemId: z.string(),
  startedAtMs: z.number().int(),
  reason: z.string().nullish(),
  grantRoot: z.string().nullish(),
});
export type FileChangeRequestApprovalParams = z.infer<typeof FileChangeRequestApprovalParams>;

export const serverRequests = {
  "item/commandExecution/requestApproval": {
    params: CommandExecutionRequestApprovalParams,
    result: z.object({ decision: CommandExecutionApprovalDecision }),
  },
  "item/fileChange/requestApproval": {
    params: FileChangeRequestApprovalParams,
    result: z.object({ decision: ApprovalDecision }),
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
