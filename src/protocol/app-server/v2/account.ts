// Accounts: API-key and ChatGPT-token logins, account/read, logout, and the token refresh the server asks for.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";

export const PlanType = lazySchema(() =>
  z.enum(["free", "go", "plus", "pro", "team", "business", "enterprise", "edu", "unknown"]),
);
export type PlanType = z.infer<typeof PlanType>;

export const AuthMode = lazySchema(() => z.enum(["apikey", "chatgpt", "chatgptAuthTokens"]));
export type AuthMode = z.infer<typeof AuthMode>;

export const LoginAccountParams = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("apiKey"), apiKey: z.string().min(1) }),
    z.object({ type: z.literal("chatgpt") }).loose(),
    /** The device-code login (no browser on this machine). */
    z.object({ type: z.literal("chatgptDeviceCode") }),
    z.object({
      type: z.literal("chatgptAuthTokens"),
      accessToken: z.string().min(1),
      /** The account (workspace) the token belongs to; read from the token's claims when absent. */
      chatgptAccountId: z.string().optional(),
      chatgptPlanType: z.string().nullish(),
      /** Seed-era field: an id token whose claims give email and plan. */
      idToken: z.string().optional(),
    }),
  ]),
);
export type LoginAccountParams = z.infer<typeof LoginAccountParams>;

export const LoginAccountResponse = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("apiKey") }),
    /** The browser flow: open authUrl; account/login/completed follows with this loginId. */
    z.object({ type: z.literal("chatgpt"), loginId: z.string(), authUrl: z.string() }),
    /** The device-code flow: open verificationUrl, enter userCode; account/login/completed follows. */
    z.object({
      type: z.literal("chatgptDeviceCode"),
      loginId: z.string(),
      verificationUrl: z.string(),
      userCode: z.string(),
    }),
    z.object({ type: z.literal("chatgptAuthTokens") }),
  ]),
);

export const Account = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("apiKey") }),
    z.object({
      type: z.literal("chatgpt"),
      email: z.string().nullable(),
      planType: PlanType,
      workspaceName: z.string().nullish(),
    }),
  ]),
);
export type Account = z.infer<typeof Account>;

export const GetAccountParams = lazySchema(() => z.object({ refreshToken: z.boolean().optional() }));

export const GetAccountResponse = lazySchema(() =>
  z.object({
    account: Account.nullable(),
    /** The ChatGPT user of the login, when its token says. */
    userId: z.string().nullable(),
    requiresOpenaiAuth: z.boolean(),
    /** Codex's workspace routing of ChatGPT requests: codex-ts has none. */
    workspaceRouting: z.unknown().nullable(),
  }),
);
export type GetAccountResponse = z.infer<typeof GetAccountResponse>;

export const AccountUpdatedNotification = lazySchema(() =>
  z.object({
    authMode: AuthMode.nullish(),
    planType: PlanType.nullish(),
  }),
);

export const AccountLoginCompletedNotification = lazySchema(() =>
  z.object({
    success: z.boolean(),
    loginId: z.string().nullish(),
    error: z.string().nullish(),
    /** Codex's desktop onboarding entry point; codex-ts has none. */
    onboardingEntrypoint: z.string().nullable(),
  }),
);

export const ChatgptAuthTokensRefreshParams = lazySchema(() =>
  z.object({
    reason: z.literal("unauthorized"),
    previousAccountId: z.string().nullish(),
  }),
);

export const ChatgptAuthTokensRefreshResponse = lazySchema(() =>
  z.object({
    accessToken: z.string().min(1),
    chatgptAccountId: z.string(),
    chatgptPlanType: z.string().nullish(),
    idToken: z.string().optional(),
  }),
);
export type ChatgptAuthTokensRefreshResponse = z.infer<typeof ChatgptAuthTokensRefreshResponse>;

export const CancelLoginAccountParams = lazySchema(() => z.object({ loginId: z.string() }));
export const CancelLoginAccountResponse = lazySchema(() =>
  z.object({ status: z.enum(["canceled", "notFound"]) }),
);

export const RateLimitWindow = lazySchema(() =>
  z.object({
    usedPercent: z.number().int(),
    windowDurationMins: z.number().int().nullish(),
    resetsAt: z.number().int().nullish(),
  }),
);

/** One bucket of usage limits; codex-ts knows only what the model's response headers say. */
export const RateLimitSnapshot = lazySchema(() =>
  z.object({
    limitId: z.string().nullish(),
    limitName: z.string().nullish(),
    primary: RateLimitWindow.nullish(),
    secondary: RateLimitWindow.nullish(),
    credits: z.null().optional(),
    planType: PlanType.nullish(),
    // Backend-only details (a quota alias's model, spend controls): codex-ts sends them null, as Codex does
    // for an account without them.
    normalModelSlug: z.string().nullish(),
    individualLimit: z.null().optional(),
    spendControlReached: z.boolean().nullish(),
    rateLimitReachedType: z.null().optional(),
  }),
);
export type RateLimitSnapshot = z.infer<typeof RateLimitSnapshot>;

/** Sent as null or absent by clients of the real protocol (the router reads that as {}). */
export const GetAccountRateLimitsParams = lazySchema(() =>
  z.object({
    excludeResetCreditDetails: z.boolean().optional(),
    supportsLunaReserve: z.boolean().optional(),
  }),
);

export const GetAccountRateLimitsResponse = lazySchema(() =>
  z.object({
    rateLimits: RateLimitSnapshot,
    rateLimitsByLimitId: z.record(z.string(), RateLimitSnapshot).nullish(),
  }),
);

export const AccountRateLimitsUpdatedNotification = lazySchema(() =>
  z.object({ rateLimits: RateLimitSnapshot }),
);
