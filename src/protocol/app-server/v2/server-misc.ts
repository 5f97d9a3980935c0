// Methods answered from local state: the ChatGPT-backend account extras (answered as Codex answers an
// account without them), model providers, permission profiles, experimental features, config
// requirements, the Windows sandbox, MCP config reload and feedback/save.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { ReasoningEffort } from "./common.js";

export const NoParams = lazySchema(() => z.object({}).nullish());

export const GatewayOAuthReadResponse = lazySchema(() =>
  z.object({
    providerId: z.string(),
    providerName: z.string(),
    required: z.boolean(),
    supportsDeviceAuth: z.boolean(),
    status: z.null(),
    error: z.string().nullable(),
  }),
);
export const SecuritySetupResponse = lazySchema(() => z.object({ notice: z.null() }));
export const ConsumeResetCreditParams = lazySchema(() =>
  z.object({
    idempotencyKey: z.string(),
    creditId: z.string().nullish(),
  }),
);
export const AddCreditsNudgeParams = lazySchema(() => z.object({ creditType: z.string() }));
export const ApproveGuardianParams = lazySchema(() => z.object({ threadId: z.string(), event: z.unknown() }));
/** Never produced: codex-ts answers these with the errors Codex gives an account that lacks them. */
export const NeverResult = lazySchema(() => z.never());

const GatewayAuth = lazySchema(() =>
  z.discriminatedUnion("mode", [
    z.object({ mode: z.literal("none") }),
    z.object({ mode: z.literal("environmentVariable"), envKey: z.string() }),
  ]),
);
export const ProviderSettings = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("openai") }),
    z.object({ type: z.literal("customGateway"), auth: GatewayAuth }),
  ]),
);
export const ModelProviderSummary = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    canEdit: z.boolean(),
    baseUrl: z.string().nullable(),
    settings: ProviderSettings,
  }),
);
export const ModelProviderListResponse = lazySchema(() =>
  z.object({
    data: z.array(ModelProviderSummary),
    defaultProviderId: z.string(),
    canChangeDefault: z.boolean(),
  }),
);
export const ModelProviderCapabilitiesResponse = lazySchema(() =>
  z.object({
    imageGeneration: z.boolean(),
    webSearch: z.boolean(),
  }),
);
export const ModelProviderConfigWriteParams = lazySchema(() =>
  z.object({
    settings: z.looseObject({
      type: z.string(),
      providerId: z.string().nullish(),
      name: z.string().optional(),
      baseUrl: z.string().nullish(),
      envKey: z.string().nullish(),
    }),
  }),
);
export const ModelProviderConfigWriteResponse = lazySchema(() =>
  z.object({ provider: ModelProviderSummary }),
);

export const PermissionProfileListParams = lazySchema(() =>
  z.object({
    cursor: z.string().nullish(),
    cwd: z.string().nullish(),
    limit: z.number().int().min(0).nullish(),
  }),
);
export const PermissionProfileListResponse = lazySchema(() =>
  z.object({
    data: z.array(z.object({ id: z.string(), description: z.string().nullable(), allowed: z.boolean() })),
    nextCursor: z.string().nullable(),
  }),
);

export const ExperimentalFeatureListParams = lazySchema(() =>
  z.object({
    cursor: z.string().nullish(),
    limit: z.number().int().min(0).nullish(),
    threadId: z.string().nullish(),
  }),
);
export const ExperimentalFeatureListResponse = lazySchema(() =>
  z.object({
    data: z.array(
      z.object({
        name: z.string(),
        stage: z.enum(["beta", "underDevelopment", "stable", "deprecated", "removed"]),
        displayName: z.string().nullish(),
        description: z.string().nullish(),
        announcement: z.string().nullish(),
        enabled: z.boolean(),
        defaultEnabled: z.boolean(),
      }),
    ),
    nextCursor: z.string().nullable(),
  }),
);
/** collaborationMode/list (experimental): the presets a client can apply with turn/start's collaborationMode. */
export const CollaborationModeListResponse = lazySchema(() =>
  z.object({
    data: z.array(
      z.object({
        name: z.string(),
        mode: z.enum(["plan", "default"]).nullish(),
        model: z.string().nullish(),
        reasoning_effort: ReasoningEffort.nullish(),
      }),
    ),
  }),
);
export const FeatureEnablement = lazySchema(() =>
  z.object({ enablement: z.record(z.string(), z.boolean()) }),
);

export const ConfigRequirementsResponse = lazySchema(() =>
  z.object({
    requirements: z.null(),
    supportsIndependentSpeedModes: z.boolean().nullish(),
  }),
);

export const WindowsSandboxSetupParams = lazySchema(() =>
  z.object({
    mode: z.enum(["elevated", "unelevated"]),
    cwd: z.string().nullish(),
  }),
);
export const WindowsSandboxSetupResponse = lazySchema(() => z.object({ started: z.boolean() }));
export const WindowsSandboxReadinessResponse = lazySchema(() =>
  z.object({
    status: z.enum(["ready", "notConfigured", "updateRequired"]),
  }),
);

export const FeedbackSaveParams = lazySchema(() =>
  z.object({
    classification: z.string(),
    savePath: z.string(),
    reason: z.string().nullish(),
    threadId: z.string().nullish(),
    includeLogs: z.boolean().optional(),
    extraLogFiles: z.array(z.string()).nullish(),
    tags: z.record(z.string(), z.string()).nullish(),
  }),
);
export const FeedbackSaveResponse = lazySchema(() =>
  z.object({
    threadId: z.string(),
    savedPath: z.string(),
    promptHash: z.string().nullish(),
  }),
);

export const McpToolCallParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    server: z.string(),
    tool: z.string(),
    arguments: z.unknown().optional(),
    _meta: z.unknown().optional(),
  }),
);
export const McpToolCallResponse = lazySchema(() =>
  z.object({
    content: z.array(z.unknown()),
    structuredContent: z.unknown().optional(),
    isError: z.boolean().nullish(),
    _meta: z.unknown().optional(),
  }),
);
export const McpResourceReadParams = lazySchema(() =>
  z.object({
    server: z.string(),
    uri: z.string(),
    threadId: z.string().nullish(),
    connectorId: z.string().nullish(),
    originCallId: z.string().nullish(),
    target: z.unknown().optional(),
    _meta: z.record(z.string(), z.unknown()).nullish(),
  }),
);
export const McpResourceReadResponse = lazySchema(() =>
  z.object({
    contents: z.array(
      z.union([
        z.looseObject({ uri: z.string(), text: z.string(), mimeType: z.string().nullish() }),
        z.looseObject({ uri: z.string(), blob: z.string(), mimeType: z.string().nullish() }),
      ]),
    ),
    originCallId: z.string().nullish(),
  }),
);
