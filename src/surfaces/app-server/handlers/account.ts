// account/login/start, account/login/cancel, account/read, account/logout, account/rateLimits/read.
import { loginRefusal } from "../../../auth/login-method.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";

export const loginStart: Handler<"account/login/start"> = (params, ctx) => {
  const { accounts } = ctx.services;
  const toml = ctx.services.loadConfig(undefined, {}, { projectConfig: false }).toml;
  const refused = loginRefusal(toml, params.type === "chatgptDeviceCode" ? "chatgpt" : params.type);
  if (refused) throw badRequest(refused);
  switch (params.type) {
    case "apiKey":
      accounts.loginApiKey(params.apiKey);
      ctx.respond({ type: "apiKey" });
      accounts.announceLogin();
      return { type: "apiKey" };
    case "chatgptAuthTokens":
      accounts.loginTokens(params, ctx.connection);
      ctx.respond({ type: "chatgptAuthTokens" });
      accounts.announceLogin();
      return { type: "chatgptAuthTokens" };
    case "chatgpt":
      return accounts.loginChatgpt();
    case "chatgptDeviceCode":
      return accounts.loginChatgptDeviceCode();
  }
};

export const accountRead: Handler<"account/read"> = async (params, { services }) => {
  if (params.refreshToken) await services.accounts.refreshStoredTokens();
  return services.accounts.read(
    services.loadConfig(undefined, {}, { projectConfig: false }).provider.requiresOpenaiAuth,
  );
};

export const logout: Handler<"account/logout"> = (_params, ctx) => {
  ctx.services.accounts.logout();
  ctx.respond({});
  ctx.services.accounts.announceLogout();
  return {};
};

export const rateLimitsRead: Handler<"account/rateLimits/read"> = (_params, { services }) =>
  services.rateLimits.read();

export const loginCancel: Handler<"account/login/cancel"> = (params, { services }) =>
  services.accounts.cancelLogin(params.loginId);
