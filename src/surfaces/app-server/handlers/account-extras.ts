// The ChatGPT-backend account methods codex-ts has no backend for. Each answers as Codex 0.169 answers an
// account that lacks the feature: reads that have a "nothing here" value return it, the rest are refused
// with Codex's own message.
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";

const needsCodexAccount = (what: string) => badRequest(`codex account authentication required ${what}`);

export const gatewayOAuthRead: Handler<"account/gatewayOAuth/read"> = (_params, ctx) => {
  const config = ctx.services.loadConfig();
  return {
    providerId: config.modelProviderId,
    providerName: config.provider.name,
    required: false,
    supportsDeviceAuth: false,
    status: null,
    error: null,
  };
};

export const gatewayOAuthLogin: Handler<"account/gatewayOAuth/login"> = () => {
  throw badRequest("The selected provider does not use gateway OAuth");
};

export const gatewayOAuthCancel: Handler<"account/gatewayOAuth/cancel"> = () => ({});

export const securitySetupRead: Handler<"account/securitySetup/read"> = () => ({ notice: null });

export const rateLimitResetCreditConsume: Handler<"account/rateLimitResetCredit/consume"> = () => {
  throw needsCodexAccount("for rate limit reset credits");
};

export const usageRead: Handler<"account/usage/read"> = () => {
  throw needsCodexAccount("to read token usage");
};

export const workspaceMessagesRead: Handler<"account/workspaceMessages/read"> = () => {
  throw needsCodexAccount("to read workspace messages");
};

export const sendAddCreditsNudgeEmail: Handler<"account/sendAddCreditsNudgeEmail"> = () => {
  throw needsCodexAccount("to notify workspace owner");
};
