// The handler table: one implementation per method of the method table (initialize, the handshake, is
// answered by the router before this loads), checked by the compiler.
import type { HandlerTable } from "../router.js";
import { accountRead, loginCancel, loginStart, logout, rateLimitsRead } from "./account.js";
import { configBatchWrite, configRead, configValueWrite } from "./config.js";
import { mcpResourceRead, mcpToolCall } from "./mcp-calls.js";
import { feedbackSave, feedbackUpload } from "./feedback.js";
import {
  gatewayOAuthCancel,
  gatewayOAuthLogin,
  gatewayOAuthRead,
  rateLimitResetCreditConsume,
  securitySetupRead,
  sendAddCreditsNudgeEmail,
  usageRead,
  workspaceMessagesRead,
} from "./account-extras.js";
import {
  approveGuardianDeniedAction,
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
import { fuzzyFileSearch } from "./files.js";
import {
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
import { threadItemsList, threadTurnsList } from "./thread-items.js";
import {
  threadDelete,
  threadGoalClear,
  threadGoalGet,
  threadGoalSet,
  threadMetadataUpdate,
  threadUnsubscribe,
} from "./thread-manage.js";
import { commandExec, commandExecResize, commandExecTerminate, commandExecWrite } from "./command-exec.js";
import { mcpServerStatusList } from "./mcp-status.js";
import { modelList } from "./models.js";
import {
  threadArchive,
  threadList,
  threadLoadedList,
  threadNameSet,
  threadRead,
  threadUnarchive,
} from "./thread-history.js";
import { appList, skillsList, threadCompactStart } from "./skills-apps.js";
import { threadFork, threadResume, threadRevert, threadRollback } from "./thread-load.js";
import { threadStart, turnInterrupt, turnSteer, turnStart } from "./threads.js";

export const handlers = {
  "thread/start": threadStart,
  "thread/resume": threadResume,
  "thread/fork": threadFork,
  "thread/list": threadList,
  "thread/loaded/list": threadLoadedList,
  "thread/read": threadRead,
  "thread/turns/list": threadTurnsList,
  "thread/archive": threadArchive,
  "thread/unarchive": threadUnarchive,
  "thread/name/set": threadNameSet,
  "thread/rollback": threadRollback,
  "thread/revert": threadRevert,
  "thread/compact/start": threadCompactStart,
  "skills/list": skillsList,
  "app/list": appList,
  "turn/start": turnStart,
  "turn/interrupt": turnInterrupt,
  "turn/steer": turnSteer,
  "config/read": configRead,
  "config/value/write": configValueWrite,
  "config/batchWrite": configBatchWrite,
  "model/list": modelList,
  "account/login/start": loginStart,
  "account/read": accountRead,
  "account/logout": logout,
  "account/rateLimits/read": rateLimitsRead,
  "account/login/cancel": loginCancel,
  "mcpServerStatus/list": mcpServerStatusList,
  fuzzyFileSearch,
  "feedback/upload": feedbackUpload,
  "fs/readFile": fsReadFile,
  "fs/writeFile": fsWriteFile,
  "fs/createDirectory": fsCreateDirectory,
  "fs/getMetadata": fsGetMetadata,
  "fs/readDirectory": fsReadDirectory,
  "fs/remove": fsRemove,
  "fs/copy": fsCopy,
  "fs/watch": fsWatch,
  "fs/unwatch": fsUnwatch,
  "command/exec": commandExec,
  "command/exec/write": commandExecWrite,
  "command/exec/terminate": commandExecTerminate,
  "command/exec/resize": commandExecResize,
  "thread/items/list": threadItemsList,
  "thread/delete": threadDelete,
  "thread/unsubscribe": threadUnsubscribe,
  "thread/metadata/update": threadMetadataUpdate,
  "thread/goal/set": threadGoalSet,
  "thread/goal/get": threadGoalGet,
  "thread/goal/clear": threadGoalClear,
  "account/gatewayOAuth/read": gatewayOAuthRead,
  "account/gatewayOAuth/login": gatewayOAuthLogin,
  "account/gatewayOAuth/cancel": gatewayOAuthCancel,
  "account/securitySetup/read": securitySetupRead,
  "account/rateLimitResetCredit/consume": rateLimitResetCreditConsume,
  "account/usage/read": usageRead,
  "account/workspaceMessages/read": workspaceMessagesRead,
  "account/sendAddCreditsNudgeEmail": sendAddCreditsNudgeEmail,
  "modelProvider/list": modelProviderList,
  "modelProvider/capabilities/read": modelProviderCapabilitiesRead,
  "modelProvider/config/write": modelProviderConfigWrite,
  "permissionProfile/list": permissionProfileList,
  "experimentalFeature/list": experimentalFeatureList,
  "experimentalFeature/enablement/set": experimentalFeatureEnablementSet,
  "configRequirements/read": configRequirementsRead,
  "windowsSandbox/readiness": windowsSandboxReadiness,
  "windowsSandbox/setupStart": windowsSandboxSetupStart,
  "config/mcpServer/reload": mcpServerReload,
  "thread/approveGuardianDeniedAction": approveGuardianDeniedAction,
  "feedback/save": feedbackSave,
  "mcpServer/tool/call": mcpToolCall,
  "mcpServer/resource/read": mcpResourceRead,
} satisfies HandlerTable;
