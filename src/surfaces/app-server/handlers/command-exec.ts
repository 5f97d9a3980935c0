// command/exec, command/exec/write, command/exec/terminate, command/exec/resize (command-exec.ts runs them).
import { ErrorCode } from "../../../protocol/app-server/jsonrpc.js";
import { AppServerError, badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";

export const commandExec: Handler<"command/exec"> = (params, ctx) =>
  ctx.services.commandExecs.run(
    ctx.connection,
    params,
    ctx.services.loadConfig(),
    ctx.server.options.env ?? process.env,
  );

export const commandExecWrite: Handler<"command/exec/write"> = (params, ctx) => {
  const data = params.deltaBase64 ?? undefined;
  if (data === undefined && !params.closeStdin) {
    throw new AppServerError(
      ErrorCode.invalidParams,
      "command/exec/write requires deltaBase64 or closeStdin",
    );
  }
  if (data !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(data))
    throw badRequest("deltaBase64 is not base64");
  ctx.services.commandExecs.write(
    ctx.connection,
    params.processId,
    data === undefined ? undefined : Buffer.from(data, "base64"),
    params.closeStdin ?? false,
  );
  return {};
};

export const commandExecTerminate: Handler<"command/exec/terminate"> = (params, ctx) => {
  ctx.services.commandExecs.terminate(ctx.connection, params.processId);
  return {};
};

export const commandExecResize: Handler<"command/exec/resize"> = (params, ctx) => {
  ctx.services.commandExecs.resize(ctx.connection, params.processId, params.size.cols, params.size.rows);
  return {};
};
