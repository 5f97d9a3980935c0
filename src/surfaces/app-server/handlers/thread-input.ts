// thread/shellCommand (the user's own command, as a turn of its own) and thread/inject_items (raw items
// appended to what the model sees next).
import { safeParse } from "zod/mini";
import { ResponseItem } from "../../../protocol/items.js";
import { describeIssues } from "../../../protocol/app-server/jsonrpc.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";
import { threadOf } from "./thread-open.js";

export const threadShellCommand: Handler<"thread/shellCommand"> = (params, ctx) => {
  if (params.command.trim() === "") throw badRequest("command must not be empty");
  const thread = threadOf(ctx.services, params.threadId);
  thread.shellCommand(params.command, params.timeoutMs ?? undefined);
  return {};
};

export const threadInjectItems: Handler<"thread/inject_items"> = (params, ctx) => {
  const thread = threadOf(ctx.services, params.threadId);
  const items = params.items.map((raw, i) => {
    const parsed = safeParse(ResponseItem, raw);
    if (!parsed.success) {
      const { text } = describeIssues(parsed.error.issues);
      throw badRequest(`items[${i}] is not a valid response item: ${text}`);
    }
    return parsed.data;
  });
  if (items.length > 0) thread.injectItems(items);
  return {};
};
