// The one table of client -> server methods: name -> params and result schemas. The server validates with it,
// `app-server generate-json-schema` / `generate-ts` emit it, and the handler table must cover it exactly,
// so a method cannot exist without both shapes and an implementation.
//
// Not here yet (answered -32601 until they land with thread persistence): thread/list, thread/resume,
// thread/fork, thread/read, thread/turns/list, thread/archive, thread/unarchive, thread/rollback,
// thread/revert, thread/name/set, thread/compact/start, skills/list, feedback/upload, fuzzyFileSearch.
import type { z } from "zod";
import {
  GetAccountParams,
  GetAccountResponse,
  LoginAccountParams,
  LoginAccountResponse,
} from "./v2/account.js";
import { EmptyParams, EmptyResult } from "./v2/common.js";
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
  TurnInterruptResponse,
  TurnStartParams,
  TurnStartResponse,
} from "./v2/thread.js";

export interface MethodSpec {
  params: z.ZodType;
  result: z.ZodType;
}

export const methods = {
  initialize: { params: InitializeParams, result: InitializeResponse },
  "thread/start": { params: ThreadStartParams, result: ThreadStartResponse },
  "turn/start": { params: TurnStartParams, result: TurnStartResponse },
  "turn/interrupt": { params: TurnInterruptParams, result: TurnInterruptResponse },
  "config/read": { params: ConfigReadParams, result: ConfigReadResponse },
  "config/value/write": { params: ConfigValueWriteParams, result: ConfigWriteResponse },
  "config/batchWrite": { params: ConfigBatchWriteParams, result: ConfigWriteResponse },
  "model/list": { params: ModelListParams, result: ModelListResponse },
  "account/login/start": { params: LoginAccountParams, result: LoginAccountResponse },
  "account/read": { params: GetAccountParams, result: GetAccountResponse },
  "account/logout": { params: EmptyParams, result: EmptyResult },
} satisfies Record<string, MethodSpec>;

export type MethodName = keyof typeof methods;
export type MethodParams<M extends MethodName> = z.infer<(typeof methods)[M]["params"]>;
export type MethodResult<M extends MethodName> = z.infer<(typeof methods)[M]["result"]>;

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(methods, name);
}
