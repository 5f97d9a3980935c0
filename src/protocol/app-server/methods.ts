// The one table of client -> server methods: name -> params and result schemas. The server validates with it,
// `app-server generate-json-schema` / `generate-ts` emit it, and the handler table must cover it exactly,
// so a method cannot exist without both shapes and an implementation.
//
// Methods of the real protocol not here yet are answered -32601 (the list is in
// test/e2e/app-server-method-coverage.test.ts). thread/rollback is a codex-ts extension (see
// extensionMethods); docs/app-server.md lists every method and what is missing.
import type { z } from "zod";
import { ThreadReadStateUpdateParams, ThreadReadStateUpdateResponse } from "./v2/thread-read-state.js";
import {
  CancelLoginAccountParams,
  CancelLoginAccountResponse,
  GetAccountParams,
  GetAccountRateLimitsParams,
  GetAccountRateLimitsResponse,
  GetAccountResponse,
  LoginAccountParams,
  LoginAccountResponse,
} from "./v2/account.js";
import { EmptyResult } from "./v2/common.js";
import * as P from "./v2/plugins.js";
import { McpServerOauthLoginParams, McpServerOauthLoginResponse } from "./v2/tools-misc.js";
import {
  ExternalAgentConfigDetectParams,
  ExternalAgentConfigDetectResponse,
  ExternalAgentConfigImportHistoriesReadResponse,
  ExternalAgentConfigImportHistoryRecordParams,
  ExternalAgentConfigImportParams,
  ImportIdResponse,
} from "./v2/external-agent.js";
import { ReviewStartParams, ReviewStartResponse } from "./v2/review.js";
import {
  ConfigBatchWriteParams,
  ConfigReadParams,
  ConfigReadResponse,
  ConfigValueWriteParams,
  ConfigWriteResponse,
} from "./v2/config.js";
import { InitializeParams, InitializeResponse } from "./v2/initialize.js";
import { ModelListParams, ModelListResponse } from "./v2/model.js";
import {
  ThreadStartParams,
  ThreadStartResponse,
  TurnInterruptParams,
  TurnSteerParams,
  TurnSteerResponse,
  TurnInterruptResponse,
  TurnStartParams,
  TurnStartResponse,
} from "./v2/thread.js";
import {
  EmptyResponse,
  ThreadForkParams,
  ThreadCompactStartParams,
  ThreadIdParams,
  ThreadListParams,
  ThreadListResponse,
  ThreadLoadedListParams,
  ThreadLoadedListResponse,
  ThreadLoadResponse,
  ThreadResumeResponse,
  ThreadReadParams,
  ThreadReadResponse,
  ThreadResponse,
  ThreadResumeParams,
  ThreadRevertParams,
  ThreadRevertResponse,
  ThreadRollbackParams,
  ThreadSetNameParams,
  ThreadTurnsListParams,
  ThreadTurnsListResponse,
} from "./v2/thread-history.js";
import {
  FeedbackUploadParams,
  FeedbackUploadResponse,
  FuzzyFileSearchParams,
  FuzzyFileSearchResponse,
  FuzzyFileSearchSessionStartParams,
  FuzzyFileSearchSessionStopParams,
  FuzzyFileSearchSessionUpdateParams,
  McpServerStatusParams,
  McpServerStatusResponse,
} from "./v2/tools-misc.js";
import {
  CommandExecParams,
  CommandExecProcessParams,
  CommandExecResizeParams,
  CommandExecResponse,
  CommandExecWriteParams,
  FsCopyParams,
  FsCreateDirectoryParams,
  FsGetMetadataResponse,
  FsPathParams,
  FsReadDirectoryResponse,
  FsReadFileResponse,
  FsRemoveParams,
  FsUnwatchParams,
  FsWatchParams,
  FsWatchResponse,
  FsWriteFileParams,
} from "./v2/fs.js";
import {
  ThreadGoalClearParams,
  ThreadGoalClearResponse,
  ThreadGoalGetResponse,
  ThreadGoalSetParams,
  ThreadGoalSetResponse,
  ThreadItemsListParams,
  ThreadItemsListResponse,
  ThreadMetadataUpdateParams,
  ThreadUnsubscribeResponse,
  ThreadWithGitResponse,
  ThreadInjectItemsParams,
  ThreadShellCommandParams,
} from "./v2/thread-extra.js";
import {
  ThreadQueueAddParams,
  ThreadQueueAddResponse,
  ThreadQueueDeleteParams,
  ThreadQueueDeleteResponse,
  ThreadQueueListParams,
  ThreadQueueListResponse,
} from "./v2/thread-queue.js";
import {
  AddCreditsNudgeParams,
  ApproveGuardianParams,
  ConfigRequirementsResponse,
  ConsumeResetCreditParams,
  ExperimentalFeatureListParams,
  ExperimentalFeatureListResponse,
  FeatureEnablement,
  FeedbackSaveParams,
  FeedbackSaveResponse,
  GatewayOAuthReadResponse,
  ModelProviderCapabilitiesResponse,
  ModelProviderConfigWriteParams,
  ModelProviderConfigWriteResponse,
  ModelProviderListResponse,
  NeverResult,
  McpResourceReadParams,
  McpResourceReadResponse,
  McpToolCallParams,
  McpToolCallResponse,
  NoParams,
  CollaborationModeListResponse,
  PermissionProfileListParams,
  PermissionProfileListResponse,
  SecuritySetupResponse,
  WindowsSandboxReadinessResponse,
  WindowsSandboxSetupParams,
  WindowsSandboxSetupResponse,
} from "./v2/server-misc.js";
import {
  AttachmentAddParams,
  AttachmentAddResponse,
  AttachmentListParams,
  AttachmentListResponse,
  AttachmentOwnerListParams,
  AttachmentOwnerListResponse,
  AttachmentRemoveParams,
  SectionCreateParams,
  SectionIdParams,
  SectionListParams,
  SectionListResponse,
  SectionMoveParams,
  SectionResponse,
  SectionUpdateParams,
} from "./v2/thread-organize.js";
import {
  AppsInstalledParams,
  AppsInstalledResponse,
  AppsReadParams,
  AppsReadResponse,
  SkillsExtraRootsSetParams,
} from "./v2/skills-apps.js";
import { AppsListParams, AppsListResponse, SkillsListParams, SkillsListResponse } from "./v2/skills-apps.js";
import { HooksListParams, HooksListResponse } from "./v2/hooks.js";

/** Any zod schema, full or mini (the handshake's are mini, so it can be answered before the rest loads). */
export interface MethodSpec {
  params: z.core.$ZodType;
  result: z.core.$ZodType;
}

export const methods = {
  initialize: { params: InitializeParams, result: InitializeResponse },
  "thread/start": { params: ThreadStartParams, result: ThreadStartResponse },
  "thread/resume": { params: ThreadResumeParams, result: ThreadResumeResponse },
  "thread/fork": { params: ThreadForkParams, result: ThreadLoadResponse },
  "thread/list": { params: ThreadListParams, result: ThreadListResponse },
  "thread/loaded/list": { params: ThreadLoadedListParams, result: ThreadLoadedListResponse },
  "thread/read": { params: ThreadReadParams, result: ThreadReadResponse },
  "thread/readState/update": { params: ThreadReadStateUpdateParams, result: ThreadReadStateUpdateResponse },
  "thread/turns/list": { params: ThreadTurnsListParams, result: ThreadTurnsListResponse },
  "thread/archive": { params: ThreadIdParams, result: EmptyResponse },
  "thread/unarchive": { params: ThreadIdParams, result: ThreadResponse },
  "thread/name/set": { params: ThreadSetNameParams, result: EmptyResponse },
  /** A codex-ts extension: not in the real protocol of 0.169 (which has thread/revert). */
  "thread/rollback": { params: ThreadRollbackParams, result: ThreadResponse },
  "thread/revert": { params: ThreadRevertParams, result: ThreadRevertResponse },
  "thread/compact/start": { params: ThreadCompactStartParams, result: EmptyResponse },
  "skills/list": { params: SkillsListParams, result: SkillsListResponse },
  "hooks/list": { params: HooksListParams, result: HooksListResponse },
  "app/list": { params: AppsListParams, result: AppsListResponse },
  "turn/start": { params: TurnStartParams, result: TurnStartResponse },
  "turn/interrupt": { params: TurnInterruptParams, result: TurnInterruptResponse },
  "turn/steer": { params: TurnSteerParams, result: TurnSteerResponse },
  "review/start": { params: ReviewStartParams, result: ReviewStartResponse },
  "config/read": { params: ConfigReadParams, result: ConfigReadResponse },
  "config/value/write": { params: ConfigValueWriteParams, result: ConfigWriteResponse },
  "config/batchWrite": { params: ConfigBatchWriteParams, result: ConfigWriteResponse },
  "model/list": { params: ModelListParams, result: ModelListResponse },
  "account/login/start": { params: LoginAccountParams, result: LoginAccountResponse },
  "account/read": { params: GetAccountParams, result: GetAccountResponse },
  "account/logout": { params: NoParams, result: EmptyResult },
  "account/login/cancel": { params: CancelLoginAccountParams, result: CancelLoginAccountResponse },
  "account/rateLimits/read": {
    params: GetAccountRateLimitsParams.nullish(),
    result: GetAccountRateLimitsResponse,
  },
  "mcpServerStatus/list": { params: McpServerStatusParams, result: McpServerStatusResponse },
  fuzzyFileSearch: { params: FuzzyFileSearchParams, result: FuzzyFileSearchResponse },
  "fuzzyFileSearch/sessionStart": { params: FuzzyFileSearchSessionStartParams, result: EmptyResult },
  "fuzzyFileSearch/sessionUpdate": { params: FuzzyFileSearchSessionUpdateParams, result: EmptyResult },
  "fuzzyFileSearch/sessionStop": { params: FuzzyFileSearchSessionStopParams, result: EmptyResult },
  "feedback/upload": { params: FeedbackUploadParams, result: FeedbackUploadResponse },
  "fs/readFile": { params: FsPathParams, result: FsReadFileResponse },
  "fs/writeFile": { params: FsWriteFileParams, result: EmptyResult },
  "fs/createDirectory": { params: FsCreateDirectoryParams, result: EmptyResult },
  "fs/getMetadata": { params: FsPathParams, result: FsGetMetadataResponse },
  "fs/readDirectory": { params: FsPathParams, result: FsReadDirectoryResponse },
  "fs/remove": { params: FsRemoveParams, result: EmptyResult },
  "fs/copy": { params: FsCopyParams, result: EmptyResult },
  "fs/watch": { params: FsWatchParams, result: FsWatchResponse },
  "fs/unwatch": { params: FsUnwatchParams, result: EmptyResult },
  "command/exec": { params: CommandExecParams, result: CommandExecResponse },
  "command/exec/write": { params: CommandExecWriteParams, result: EmptyResult },
  "command/exec/terminate": { params: CommandExecProcessParams, result: EmptyResult },
  "command/exec/resize": { params: CommandExecResizeParams, result: EmptyResult },
  "thread/items/list": { params: ThreadItemsListParams, result: ThreadItemsListResponse },
  "thread/delete": { params: ThreadIdParams, result: EmptyResponse },
  "thread/unsubscribe": { params: ThreadIdParams, result: ThreadUnsubscribeResponse },
  "thread/queue/add": { params: ThreadQueueAddParams, result: ThreadQueueAddResponse },
  "thread/queue/list": { params: ThreadQueueListParams, result: ThreadQueueListResponse },
  "thread/queue/delete": { params: ThreadQueueDeleteParams, result: ThreadQueueDeleteResponse },
  "thread/metadata/update": { params: ThreadMetadataUpdateParams, result: ThreadWithGitResponse },
  "thread/goal/set": { params: ThreadGoalSetParams, result: ThreadGoalSetResponse },
  "thread/goal/get": { params: ThreadIdParams, result: ThreadGoalGetResponse },
  "thread/goal/clear": { params: ThreadGoalClearParams, result: ThreadGoalClearResponse },
  "account/gatewayOAuth/read": { params: NoParams, result: GatewayOAuthReadResponse },
  "account/gatewayOAuth/login": { params: NoParams, result: NeverResult },
  "account/gatewayOAuth/cancel": { params: NoParams, result: EmptyResult },
  "account/securitySetup/read": { params: NoParams, result: SecuritySetupResponse },
  "account/rateLimitResetCredit/consume": { params: ConsumeResetCreditParams, result: NeverResult },
  "account/usage/read": { params: NoParams, result: NeverResult },
  "account/workspaceMessages/read": { params: NoParams, result: NeverResult },
  "account/sendAddCreditsNudgeEmail": { params: AddCreditsNudgeParams, result: NeverResult },
  "modelProvider/list": { params: NoParams, result: ModelProviderListResponse },
  "modelProvider/capabilities/read": { params: NoParams, result: ModelProviderCapabilitiesResponse },
  "modelProvider/config/write": {
    params: ModelProviderConfigWriteParams,
    result: ModelProviderConfigWriteResponse,
  },
  "permissionProfile/list": { params: PermissionProfileListParams, result: PermissionProfileListResponse },
  "collaborationMode/list": { params: NoParams, result: CollaborationModeListResponse },
  "experimentalFeature/list": {
    params: ExperimentalFeatureListParams,
    result: ExperimentalFeatureListResponse,
  },
  "experimentalFeature/enablement/set": { params: FeatureEnablement, result: FeatureEnablement },
  "configRequirements/read": { params: NoParams, result: ConfigRequirementsResponse },
  "windowsSandbox/readiness": { params: NoParams, result: WindowsSandboxReadinessResponse },
  "windowsSandbox/setupStart": { params: WindowsSandboxSetupParams, result: WindowsSandboxSetupResponse },
  "config/mcpServer/reload": { params: NoParams, result: EmptyResult },
  "thread/approveGuardianDeniedAction": { params: ApproveGuardianParams, result: EmptyResult },
  "feedback/save": { params: FeedbackSaveParams, result: FeedbackSaveResponse },
  "mcpServer/tool/call": { params: McpToolCallParams, result: McpToolCallResponse },
  "mcpServer/resource/read": { params: McpResourceReadParams, result: McpResourceReadResponse },
  "thread/attachment/add": { params: AttachmentAddParams, result: AttachmentAddResponse },
  "thread/attachment/list": { params: AttachmentListParams, result: AttachmentListResponse },
  "thread/attachmentOwner/list": { params: AttachmentOwnerListParams, result: AttachmentOwnerListResponse },
  "thread/attachment/remove": { params: AttachmentRemoveParams, result: EmptyResult },
  "threadSection/list": { params: SectionListParams, result: SectionListResponse },
  "threadSection/create": { params: SectionCreateParams, result: SectionResponse },
  "threadSection/update": { params: SectionUpdateParams, result: SectionResponse },
  "threadSection/delete": { params: SectionIdParams, result: EmptyResult },
  "thread/section/move": { params: SectionMoveParams, result: EmptyResult },
  "app/read": { params: AppsReadParams, result: AppsReadResponse },
  "app/installed": { params: AppsInstalledParams, result: AppsInstalledResponse },
  "skills/extraRoots/set": { params: SkillsExtraRootsSetParams, result: EmptyResult },
  "skills/config/write": { params: P.SkillsConfigWriteParams, result: P.SkillsConfigWriteResponse },
  "plugin/list": { params: P.PluginListParams, result: P.PluginListResponse },
  "plugin/installed": { params: P.PluginInstalledParams, result: P.PluginInstalledResponse },
  "plugin/read": { params: P.PluginReadParams, result: P.PluginReadResponse },
  "plugin/install": { params: P.PluginInstallParams, result: P.PluginInstallResponse },
  "plugin/uninstall": { params: P.PluginUninstallParams, result: EmptyResult },
  "plugin/reconcile": { params: P.PluginReconcileParams, result: P.PluginReconcileResponse },
  "plugin/skill/read": { params: P.PluginSkillReadParams, result: P.PluginSkillReadResponse },
  "plugin/share/save": { params: P.PluginShareSaveParams, result: EmptyResult },
  "plugin/share/updateTargets": { params: P.PluginShareUpdateTargetsParams, result: EmptyResult },
  "plugin/share/list": { params: P.PluginShareListParams, result: EmptyResult },
  "plugin/share/checkout": { params: P.PluginShareCheckoutParams, result: EmptyResult },
  "plugin/share/delete": { params: P.PluginShareDeleteParams, result: EmptyResult },
  "marketplace/add": { params: P.MarketplaceAddParams, result: P.MarketplaceAddResponse },
  "marketplace/remove": { params: P.MarketplaceRemoveParams, result: P.MarketplaceRemoveResponse },
  "marketplace/upgrade": { params: P.MarketplaceUpgradeParams, result: P.MarketplaceUpgradeResponse },
  "thread/shellCommand": { params: ThreadShellCommandParams, result: EmptyResult },
  "thread/inject_items": { params: ThreadInjectItemsParams, result: EmptyResult },
  "mcpServer/oauth/login": { params: McpServerOauthLoginParams, result: McpServerOauthLoginResponse },
  "externalAgentConfig/detect": {
    params: ExternalAgentConfigDetectParams,
    result: ExternalAgentConfigDetectResponse,
  },
  "externalAgentConfig/import": { params: ExternalAgentConfigImportParams, result: ImportIdResponse },
  "externalAgentConfig/import/recordHistory": {
    params: ExternalAgentConfigImportHistoryRecordParams,
    result: ImportIdResponse,
  },
  "externalAgentConfig/import/readHistories": {
    params: NoParams,
    result: ExternalAgentConfigImportHistoriesReadResponse,
  },
} satisfies Record<string, MethodSpec>;

/**
 * Methods of the table that the real protocol's published schema does not have (documented in
 * docs/app-server.md): thread/rollback is codex-ts's own; thread/readState/update, the fuzzy search sessions,
 * collaborationMode/list and thread/queue/* are experimental methods of the real server that its schema leaves
 * out.
 */
export const extensionMethods: ReadonlySet<MethodName> = new Set<MethodName>([
  "thread/rollback",
  "thread/readState/update",
  "fuzzyFileSearch/sessionStart",
  "fuzzyFileSearch/sessionUpdate",
  "fuzzyFileSearch/sessionStop",
  "collaborationMode/list",
  "thread/queue/add",
  "thread/queue/list",
  "thread/queue/delete",
]);

export type MethodName = keyof typeof methods;
export type MethodParams<M extends MethodName> = z.infer<(typeof methods)[M]["params"]>;
export type MethodResult<M extends MethodName> = z.infer<(typeof methods)[M]["result"]>;

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(methods, name);
}
