// The handler table: one implementation per method of the method table (initialize, the handshake, is
// answered by the router before this loads), checked by the compiler. Each handler module is imported the
// first time one of its methods is called, so the first requests (an IDE's thread list) load only their
// own code, not the engine, tools and MCP code the others need.
import type { LazyHandlerTable } from "../handler-types.js";

/** A handler taken from its module once that is imported. */
const from =
  <T, K extends keyof T>(load: () => Promise<T>, name: K): (() => Promise<T[K]>) =>
  () =>
    load().then((m) => m[name]);

const threads = () => import("./threads.js");
const threadLoad = () => import("./thread-load.js");
const threadHistory = () => import("./thread-history.js");
const threadItems = () => import("./thread-items.js");
const skillsApps = () => import("./skills-apps.js");
const hooks = () => import("./hooks.js");
const review = () => import("./review.js");
const config = () => import("./config.js");
const models = () => import("./models.js");
const account = () => import("./account.js");
const mcpStatus = () => import("./mcp-status.js");
const files = () => import("./files.js");
const fuzzySessions = () => import("./fuzzy-sessions.js");
const feedback = () => import("./feedback.js");
const fs = () => import("./fs.js");
const commandExec = () => import("./command-exec.js");
const threadManage = () => import("./thread-manage.js");
const accountExtras = () => import("./account-extras.js");
const serverMisc = () => import("./server-misc.js");
const mcpCalls = () => import("./mcp-calls.js");
const threadOrganize = () => import("./thread-organize.js");
const plugins = () => import("./plugins.js");
const threadInput = () => import("./thread-input.js");
const mcpOauth = () => import("./mcp-oauth.js");
const externalAgent = () => import("./external-agent.js");

export const handlers = {
  "thread/start": from(threads, "threadStart"),
  "thread/resume": from(threadLoad, "threadResume"),
  "thread/fork": from(threadLoad, "threadFork"),
  "thread/list": from(threadHistory, "threadList"),
  "thread/loaded/list": from(threadHistory, "threadLoadedList"),
  "thread/read": from(threadHistory, "threadRead"),
  "thread/readState/update": from(threadHistory, "threadReadStateUpdate"),
  "thread/turns/list": from(threadItems, "threadTurnsList"),
  "thread/archive": from(threadHistory, "threadArchive"),
  "thread/unarchive": from(threadHistory, "threadUnarchive"),
  "thread/name/set": from(threadHistory, "threadNameSet"),
  "thread/rollback": from(threadLoad, "threadRollback"),
  "thread/revert": from(threadLoad, "threadRevert"),
  "thread/compact/start": from(skillsApps, "threadCompactStart"),
  "skills/list": from(skillsApps, "skillsList"),
  "hooks/list": from(hooks, "hooksList"),
  "app/list": from(skillsApps, "appList"),
  "turn/start": from(threads, "turnStart"),
  "review/start": from(review, "reviewStart"),
  "turn/interrupt": from(threads, "turnInterrupt"),
  "turn/steer": from(threads, "turnSteer"),
  "config/read": from(config, "configRead"),
  "config/value/write": from(config, "configValueWrite"),
  "config/batchWrite": from(config, "configBatchWrite"),
  "model/list": from(models, "modelList"),
  "account/login/start": from(account, "loginStart"),
  "account/read": from(account, "accountRead"),
  "account/logout": from(account, "logout"),
  "account/rateLimits/read": from(account, "rateLimitsRead"),
  "account/login/cancel": from(account, "loginCancel"),
  "mcpServerStatus/list": from(mcpStatus, "mcpServerStatusList"),
  fuzzyFileSearch: from(files, "fuzzyFileSearch"),
  "fuzzyFileSearch/sessionStart": from(fuzzySessions, "fuzzySessionStart"),
  "fuzzyFileSearch/sessionUpdate": from(fuzzySessions, "fuzzySessionUpdate"),
  "fuzzyFileSearch/sessionStop": from(fuzzySessions, "fuzzySessionStop"),
  "feedback/upload": from(feedback, "feedbackUpload"),
  "fs/readFile": from(fs, "fsReadFile"),
  "fs/writeFile": from(fs, "fsWriteFile"),
  "fs/createDirectory": from(fs, "fsCreateDirectory"),
  "fs/getMetadata": from(fs, "fsGetMetadata"),
  "fs/readDirectory": from(fs, "fsReadDirectory"),
  "fs/remove": from(fs, "fsRemove"),
  "fs/copy": from(fs, "fsCopy"),
  "fs/watch": from(fs, "fsWatch"),
  "fs/unwatch": from(fs, "fsUnwatch"),
  "command/exec": from(commandExec, "commandExec"),
  "command/exec/write": from(commandExec, "commandExecWrite"),
  "command/exec/terminate": from(commandExec, "commandExecTerminate"),
  "command/exec/resize": from(commandExec, "commandExecResize"),
  "thread/items/list": from(threadItems, "threadItemsList"),
  "thread/delete": from(threadManage, "threadDelete"),
  "thread/unsubscribe": from(threadManage, "threadUnsubscribe"),
  "thread/metadata/update": from(threadManage, "threadMetadataUpdate"),
  "thread/goal/set": from(threadManage, "threadGoalSet"),
  "thread/goal/get": from(threadManage, "threadGoalGet"),
  "thread/goal/clear": from(threadManage, "threadGoalClear"),
  "account/gatewayOAuth/read": from(accountExtras, "gatewayOAuthRead"),
  "account/gatewayOAuth/login": from(accountExtras, "gatewayOAuthLogin"),
  "account/gatewayOAuth/cancel": from(accountExtras, "gatewayOAuthCancel"),
  "account/securitySetup/read": from(accountExtras, "securitySetupRead"),
  "account/rateLimitResetCredit/consume": from(accountExtras, "rateLimitResetCreditConsume"),
  "account/usage/read": from(accountExtras, "usageRead"),
  "account/workspaceMessages/read": from(accountExtras, "workspaceMessagesRead"),
  "account/sendAddCreditsNudgeEmail": from(accountExtras, "sendAddCreditsNudgeEmail"),
  "modelProvider/list": from(serverMisc, "modelProviderList"),
  "modelProvider/capabilities/read": from(serverMisc, "modelProviderCapabilitiesRead"),
  "modelProvider/config/write": from(serverMisc, "modelProviderConfigWrite"),
  "permissionProfile/list": from(serverMisc, "permissionProfileList"),
  "collaborationMode/list": from(serverMisc, "collaborationModeList"),
  "experimentalFeature/list": from(serverMisc, "experimentalFeatureList"),
  "experimentalFeature/enablement/set": from(serverMisc, "experimentalFeatureEnablementSet"),
  "configRequirements/read": from(serverMisc, "configRequirementsRead"),
  "windowsSandbox/readiness": from(serverMisc, "windowsSandboxReadiness"),
  "windowsSandbox/setupStart": from(serverMisc, "windowsSandboxSetupStart"),
  "config/mcpServer/reload": from(serverMisc, "mcpServerReload"),
  "thread/approveGuardianDeniedAction": from(serverMisc, "approveGuardianDeniedAction"),
  "feedback/save": from(feedback, "feedbackSave"),
  "mcpServer/tool/call": from(mcpCalls, "mcpToolCall"),
  "mcpServer/resource/read": from(mcpCalls, "mcpResourceRead"),
  "thread/attachment/add": from(threadOrganize, "attachmentAdd"),
  "thread/attachment/list": from(threadOrganize, "attachmentList"),
  "thread/attachmentOwner/list": from(threadOrganize, "attachmentOwnerList"),
  "thread/attachment/remove": from(threadOrganize, "attachmentRemove"),
  "threadSection/list": from(threadOrganize, "sectionList"),
  "threadSection/create": from(threadOrganize, "sectionCreate"),
  "threadSection/update": from(threadOrganize, "sectionUpdate"),
  "threadSection/delete": from(threadOrganize, "sectionDelete"),
  "thread/section/move": from(threadOrganize, "sectionMove"),
  "app/read": from(skillsApps, "appRead"),
  "app/installed": from(skillsApps, "appInstalled"),
  "skills/extraRoots/set": from(skillsApps, "skillsExtraRootsSet"),
  "skills/config/write": from(skillsApps, "skillsConfigWrite"),
  "plugin/list": from(plugins, "pluginList"),
  "plugin/installed": from(plugins, "pluginInstalled"),
  "plugin/read": from(plugins, "pluginRead"),
  "plugin/install": from(plugins, "pluginInstall"),
  "plugin/uninstall": from(plugins, "pluginUninstall"),
  "plugin/reconcile": from(plugins, "pluginReconcile"),
  "plugin/skill/read": from(plugins, "pluginSkillRead"),
  "plugin/share/save": from(plugins, "pluginShareSave"),
  "plugin/share/updateTargets": from(plugins, "pluginShareUpdateTargets"),
  "plugin/share/list": from(plugins, "pluginShareList"),
  "plugin/share/checkout": from(plugins, "pluginShareCheckout"),
  "plugin/share/delete": from(plugins, "pluginShareDelete"),
  "marketplace/add": from(plugins, "marketplaceAdd"),
  "marketplace/remove": from(plugins, "marketplaceRemove"),
  "marketplace/upgrade": from(plugins, "marketplaceUpgrade"),
  "thread/shellCommand": from(threadInput, "threadShellCommand"),
  "thread/inject_items": from(threadInput, "threadInjectItems"),
  "mcpServer/oauth/login": from(mcpOauth, "mcpServerOauthLogin"),
  "externalAgentConfig/detect": from(externalAgent, "externalAgentDetect"),
  "externalAgentConfig/import": from(externalAgent, "externalAgentImport"),
  "externalAgentConfig/import/recordHistory": from(externalAgent, "externalAgentRecordHistory"),
  "externalAgentConfig/import/readHistories": from(externalAgent, "externalAgentReadHistories"),
} satisfies LazyHandlerTable;
