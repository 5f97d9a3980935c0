// The handler table: one implementation per method of the method table (initialize, the handshake, is
// answered by the router before this loads), checked by the compiler.
import type { HandlerTable } from "../router.js";
import { accountRead, loginStart, logout } from "./account.js";
import { configBatchWrite, configRead, configValueWrite } from "./config.js";
import { modelList } from "./models.js";
import { threadStart, turnInterrupt, turnStart } from "./threads.js";

export const handlers = {
  "thread/start": threadStart,
  "turn/start": turnStart,
  "turn/interrupt": turnInterrupt,
  "config/read": configRead,
  "config/value/write": configValueWrite,
  "config/batchWrite": configBatchWrite,
  "model/list": modelList,
  "account/login/start": loginStart,
  "account/read": accountRead,
  "account/logout": logout,
} satisfies HandlerTable;
