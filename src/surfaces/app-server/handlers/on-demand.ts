// Every handler module but thread-history's and the file search's (file-search.ts), as one module: imported together the first time one of their
// methods is called (or once the server has been idle, idle-preload.ts). One group, not one import per
// module, so that the bundle's chunks stay those the other commands share (`exec` loads no extra files).
export { threadStart, turnInterrupt, turnStart, turnSteer } from "./threads.js";
export { threadFork, threadResume, threadRevert, threadRollback } from "./thread-load.js";
export { threadItemsList, threadTurnsList } from "./thread-items.js";
export {
  appInstalled,
  appList,
  appRead,
  skillsConfigWrite,
  skillsExtraRootsSet,
  skillsList,
  threadCompactStart,
} from "./skills-apps.js";
export { hooksList } from "./hooks.js";
export { reviewStart } from "./review.js";
export { configBatchWrite, configRead, configValueWrite } from "./config.js";
export { modelList } from "./models.js";
export { accountRead, loginCancel, loginStart, logout, rateLimitsRead } from "./account.js";
export { mcpServerStatusList } from "./mcp-status.js";
export { feedbackSave, feedbackUpload } from "./feedback.js";
export {
  fsCopy,
  fsCreateDirectory,
  fsGetMetadata,
  fsReadDirectory,
  fsReadFile,
  fsRemove,
  fsUnwatch,
  fsWatch,
  fsWriteFile,
} from "./fs.js";
export { commandExec, commandExecResize, commandExecTerminate, commandExecWrite } from "./command-exec.js";
export {
  threadDelete,
  threadGoalClear,
  threadGoalGet,
  threadGoalSet,
  threadMetadataUpdate,
  threadUnsubscribe,
} from "./thread-manage.js";
export {
  gatewayOAuthCancel,
  gatewayOAuthLogin,
  gatewayOAuthRead,
  rateLimitResetCreditConsume,
  securitySetupRead,
  sendAddCreditsNudgeEmail,
  usageRead,
  workspaceMessagesRead,
} from "./account-extras.js";
export {
  approveGuardianDeniedAction,
  collaborationModeList,
  configRequirementsRead,
  experimentalFeatureEnablementSet,
  experimentalFeatureList,
  mcpServerReload,
  modelProviderCapabilitiesRead,
  modelProviderConfigWrite,
  modelProviderList,
  permissionProfileList,
  windowsSandboxReadiness,
  windowsSandboxSetupStart,
} from "./server-misc.js";
export { mcpResourceRead, mcpToolCall } from "./mcp-calls.js";
export {
  attachmentAdd,
  attachmentList,
  attachmentOwnerList,
  attachmentRemove,
  sectionCreate,
  sectionDelete,
  sectionList,
  sectionMove,
  sectionUpdate,
} from "./thread-organize.js";
export {
  marketplaceAdd,
  marketplaceRemove,
  marketplaceUpgrade,
  pluginInstall,
  pluginInstalled,
  pluginList,
  pluginRead,
  pluginReconcile,
  pluginShareCheckout,
  pluginShareDelete,
  pluginShareList,
  pluginShareSave,
  pluginShareUpdateTargets,
  pluginSkillRead,
  pluginUninstall,
} from "./plugins.js";
export { threadInjectItems, threadShellCommand } from "./thread-input.js";
export { threadQueueAdd, threadQueueDelete, threadQueueList } from "./thread-queue.js";
export { mcpServerOauthLogin } from "./mcp-oauth.js";
export {
  externalAgentDetect,
  externalAgentImport,
  externalAgentReadHistories,
  externalAgentRecordHistory,
} from "./external-agent.js";
