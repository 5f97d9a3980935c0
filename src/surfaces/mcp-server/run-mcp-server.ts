// `codex-ts mcp-server`: Codex as an MCP server over stdio (the official SDK's server). Three tools: `codex`
// starts a thread and runs a turn, `codex-reply` continues a thread (live in this process, or resumed from
// its rollout), `review` runs a code review (in a new thread or a given one). While a turn runs, its events go to the client as logging notifications, with progress
// notifications when the client asked for them. Only protocol is ever written to stdout.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ConfigError } from "../../config/load.js";
import { CODEX_COMPAT_VERSION, VERSION } from "../../version.js";
import type { SharedFlags } from "../shared/cli-config.js";
import { loadCliConfig } from "../shared/cli-config.js";
import { elicitApproval } from "./elicit-approval.js";
import { loggingData, progressMessage, shouldLog } from "./event-notifications.js";
import { McpThread, ThreadOpenFailed, type TurnObserver } from "./mcp-thread.js";
import {
  CodexReplyParams,
  CodexToolOutput,
  CodexToolParams,
  configForCall,
  reviewTargetOf,
  ReviewToolOutput,
  ReviewToolParams,
  ToolParamsError,
  type CodexToolParams as CodexParams,
} from "./tool-params.js";

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export async function runMcpServer(flags: SharedFlags): Promise<number> {
  const server = new McpServer(
    // The Codex version first, as for `--version`; ours in the title.
    { name: "codex-ts-mcp-server", title: `Codex (codex-ts ${VERSION})`, version: CODEX_COMPAT_VERSION },
    { capabilities: { logging: {} } },
  );
  const threads = new Map<string, McpThread>();
  const canAskUser = () => Boolean(server.server.getClientCapabilities()?.elicitation);

  const observer = (threadId: () => string, extra: Extra): TurnObserver & { sent(): Promise<void> } => {
    let progress = 0;
    const token = extra._meta?.progressToken;
    // In order, and all written before the tool's result: the client drops progress that comes after it.
    let sending: Promise<void> = Promise.resolve();
    const notify = (notification: ServerNotification) => {
      sending = sending.then(() => extra.sendNotification(notification)).catch(() => undefined);
    };
    return {
      sent: () => sending,
      onEvent(event) {
        if (shouldLog(event.msg)) {
          // Through the server, so the level the client set (logging/setLevel) is honoured.
          void server
            .sendLoggingMessage({ level: "info", logger: "codex", data: loggingData(threadId(), event) })
            .catch(() => undefined);
        }
        const message = progressMessage(event.msg);
        if (token !== undefined && message !== undefined) {
          notify({
            method: "notifications/progress",
            params: { progressToken: token, progress: ++progress, message },
          });
        }
      },
      ...(canAskUser()
        ? { askApproval: (request, signal) => elicitApproval(server.server, request, signal) }
        : {}),
    };
  };

  const runTurn = async (thread: McpThread, prompt: string, extra: Extra): Promise<CallToolResult> => {
    const watching = observer(() => thread.threadId, extra);
    const outcome = await thread.runTurn(prompt, watching, extra.signal);
    await watching.sent();
    return {
      content: [{ type: "text", text: outcome.message }],
      structuredContent: { threadId: thread.threadId, content: outcome.message },
      ...(outcome.ok ? {} : { isError: true }),
    };
  };

  server.registerTool(
    "codex",
    {
      title: "Codex",
      description: "Starts a Codex thread and runs one turn; answers the final message and the thread id.",
      inputSchema: CodexToolParams,
      outputSchema: CodexToolOutput,
    },
    async (params: CodexParams, extra) => {
      try {
        const config = configForCall(flags, params, canAskUser());
        const thread = await McpThread.open(config, {
          interactive: false,
          ...(params["base-instructions"] !== undefined
            ? { baseInstructions: params["base-instructions"] }
            : {}),
        });
        threads.set(thread.threadId, thread);
        return await runTurn(thread, params.prompt, extra);
      } catch (err) {
        return failure(err);
      }
    },
  );

  server.registerTool(
    "codex-reply",
    {
      title: "Codex reply",
      description: "Continues a Codex thread with the next prompt; answers the final message.",
      inputSchema: CodexReplyParams,
      outputSchema: CodexToolOutput,
    },
    async ({ threadId, prompt }, extra) => {
      try {
        let thread = threads.get(threadId);
        if (!thread) {
          thread = await resumeThread(flags, threadId, canAskUser());
          threads.set(threadId, thread);
        }
        return await runTurn(thread, prompt, extra);
      } catch (err) {
        return failure(err);
      }
    },
  );

  server.registerTool(
    "review",
    {
      title: "Codex review",
      description:
        "Reviews code: uncommitted changes (default), against a base branch, a commit, or custom instructions. Answers the findings (title, body, priority, confidence, file and line range).",
      inputSchema: ReviewToolParams,
      outputSchema: ReviewToolOutput,
    },
    async (params, extra) => {
      try {
        const target = reviewTargetOf(params);
        let thread = params.threadId ? threads.get(params.threadId) : undefined;
        if (params.threadId && !thread) {
          thread = await resumeThread(flags, params.threadId, canAskUser());
          threads.set(params.threadId, thread);
        }
        if (!thread) {
          const config = configForCall(
            flags,
            {
              prompt: "",
              ...(params.cwd ? { cwd: params.cwd } : {}),
              ...(params.model ? { model: params.model } : {}),
            },
            canAskUser(),
          );
          thread = await McpThread.open(config, { interactive: false });
          threads.set(thread.threadId, thread);
        }
        const current = thread;
        const watching = observer(() => current.threadId, extra);
        const outcome = await current.runReview({ target }, watching, extra.signal);
        await watching.sent();
        return {
          content: [{ type: "text", text: outcome.message }],
          structuredContent: {
            threadId: current.threadId,
            content: outcome.message,
            review: outcome.review ?? null,
          },
          ...(outcome.ok ? {} : { isError: true }),
        };
      } catch (err) {
        return failure(err);
      }
    },
  );

  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  await server.connect(transport);
  await closed;
  await Promise.all([...threads.values()].map((t) => t.close()));
  await server.close().catch(() => undefined);
  return 0;
}

/** A thread not live in this process: found by id among the recorded ones and resumed from its rollout. */
async function resumeThread(flags: SharedFlags, threadId: string, canAskUser: boolean): Promise<McpThread> {
  const config = loadCliConfig({
    ...flags,
    ...(canAskUser
      ? {}
      : { askForApproval: "never", config: [...(flags.config ?? []), 'approval_policy="never"'] }),
  });
  const { locateThread } = await import("../threads/locate.js");
  const { path } = await locateThread(config, { id: threadId, cwd: config.cwd });
  return McpThread.open(config, { interactive: false, resumePath: path });
}

function failure(err: unknown): CallToolResult {
  const known =
    err instanceof ConfigError ||
    err instanceof ToolParamsError ||
    err instanceof ThreadOpenFailed ||
    (err instanceof Error && err.name === "ThreadLookupError");
  if (!known) throw err;
  return { content: [{ type: "text", text: err.message }], isError: true };
}
