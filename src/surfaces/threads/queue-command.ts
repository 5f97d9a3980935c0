// `codex-ts queue --thread ID|NAME --message TEXT [--resume] [--remote ADDR]`: queues a message for a thread,
// as Codex 0.169 does, through an app-server: the one at --remote, else the daemon on the control socket,
// else one run in this process for the command. The server keeps the message (thread/queue/add); the thread
// takes it as its next user turn once it is loaded and idle (app-server/queued-turns.ts). With --resume the
// server is asked to load the thread, so that it runs now; that failing is a warning, not a failure.
import { existsSync } from "node:fs";
import { ConfigError, type Config } from "../../config/load.js";
import { uuidv7 } from "../../core/ids.js";
import { isUuid } from "../../rollout/paths.js";
import { CODEX_COMPAT_VERSION } from "../../version.js";
import { controlSocketPath, socketIsLive } from "../app-server/control-socket.js";
import { createFileLogger } from "../app-server/log.js";
import {
  ConnectError,
  connectInProcess,
  connectWebSocket,
  initialize,
  RpcError,
  TransportError,
  type RpcClient,
} from "../app-server/rpc-client.js";
import { loadCliConfig, type SharedFlags } from "../shared/cli-config.js";

export interface QueueFlags extends SharedFlags {
  thread: string;
  message: string;
  resume?: boolean;
  remote?: string;
  remoteAuthTokenEnv?: string;
}

class QueueError extends Error {}

function fail(message: string): number {
  process.stderr.write(`Error: ${message}\n`);
  return 1;
}

/** A usage problem the command line cannot state itself (exit 2, as Codex's). */
export function queueUsageProblem(flags: QueueFlags): string | undefined {
  if (flags.remote !== undefined && flags.cd !== undefined)
    return "`codex-ts queue` does not support `--cd` with `--remote`";
  return undefined;
}

/** Where --remote points: a WebSocket URL, or a Unix socket (`unix://` alone: the control socket). */
function remoteTarget(
  address: string,
  codexHome: string,
): { target: { url: string } | { socketPath: string }; shown: string } {
  if (address.startsWith("unix://")) {
    const path = address.slice("unix://".length);
    return { target: { socketPath: path === "" ? controlSocketPath(codexHome) : path }, shown: address };
  }
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "ws:" && url.protocol !== "wss:") || url.port === "") {
    throw new QueueError(
      `invalid remote address \`${address}\`; expected \`ws://host:port\`, \`wss://host:port\`, \`unix://\`, or \`unix://PATH\``,
    );
  }
  return { target: { url: url.href }, shown: url.href };
}

async function connect(flags: QueueFlags, config: Config): Promise<RpcClient> {
  const { codexHome } = config;
  if (flags.remote !== undefined) {
    const { target, shown } = remoteTarget(flags.remote, codexHome);
    const headers: Record<string, string> = {};
    if (flags.remoteAuthTokenEnv !== undefined) {
      const token = process.env[flags.remoteAuthTokenEnv];
      if (token === undefined)
        throw new QueueError(`environment variable \`${flags.remoteAuthTokenEnv}\` is not set`);
      headers.authorization = `Bearer ${token}`;
    }
    try {
      return await connectWebSocket(target, shown, headers);
    } catch (err) {
      if (err instanceof ConnectError)
        throw new QueueError(`failed to connect to remote app server: ${err.message}`);
      throw err;
    }
  }
  const socketPath = controlSocketPath(codexHome);
  if (await socketIsLive(socketPath)) {
    try {
      return await connectWebSocket({ socketPath }, `unix://${socketPath}`);
    } catch {
      // The daemon went away between the probe and the connection: the command serves itself.
    }
  }
  const dirs = { sqliteHome: config.sqliteHome, logDir: config.logDir };
  return connectInProcess({
    codexHome,
    stateDirs: () => Promise.resolve(dirs),
    env: process.env,
    flags,
    logger: createFileLogger(dirs.logDir),
    refreshTimeoutMs: 10_000,
  });
}

interface ListedThread {
  id: string;
  name?: string | null;
}

/** The active thread of that exact name, found through the server (its names, its threads). */
async function threadNamed(client: RpcClient, name: string): Promise<string> {
  let cursor: string | null = null;
  do {
    const page = (await client.request("thread/list", {
      cursor,
      limit: 100,
      sortKey: "created_at",
      sourceKinds: ["cli", "vscode", "exec", "appServer"],
      archived: false,
      useStateDbOnly: true,
    })) as { data: ListedThread[]; nextCursor?: string | null };
    const found = page.data.find((t) => t.name === name);
    if (found) return found.id;
    cursor = page.nextCursor ?? null;
  } while (cursor);
  throw new QueueError(`No active session found matching '${name}'.`);
}

/** Asks the server to load the thread (its queue then runs); the reason it could not, else undefined. */
async function resume(client: RpcClient, threadId: string): Promise<string | undefined> {
  if (client.inProcess) return "start a local daemon or specify a server with --remote";
  try {
    const read = (await client.request("thread/read", { threadId })) as {
      thread: { status?: { type?: string } };
    };
    if (read.thread.status?.type !== "notLoaded") return undefined;
    await client.request("thread/resume", { threadId, excludeTurns: true });
    return undefined;
  } catch (err) {
    return err instanceof RpcError ? `${err.message} (code ${err.code})` : (err as Error).message;
  }
}

async function queueThrough(client: RpcClient, flags: QueueFlags): Promise<number> {
  await initialize(client, "codex-ts", CODEX_COMPAT_VERSION);
  const threadId = isUuid(flags.thread)
    ? flags.thread.toLowerCase()
    : await threadNamed(client, flags.thread);
  let queued: { queuedSubmission: { id: string } };
  try {
    queued = (await client.request("thread/queue/add", {
      threadId,
      input: [{ type: "text", text: flags.message, text_elements: [] }],
      clientUserMessageId: uuidv7(),
      responsesapiClientMetadata: null,
    })) as typeof queued;
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    throw new QueueError(
      `failed to queue session message: thread/queue/add failed: ${err.message} (code ${err.code})`,
    );
  }
  process.stdout.write(`Queued message ${queued.queuedSubmission.id} for thread ${threadId}.\n`);
  if (flags.resume) {
    const problem = await resume(client, threadId);
    if (problem !== undefined) {
      process.stderr.write(
        `Warning: message was queued, but could not resume thread ${threadId}: ${problem}\n`,
      );
    }
  }
  return 0;
}

/** The -c keys `queue` refuses: a queued message runs with the thread's own model. */
function refusedOverride(flags: QueueFlags): string | undefined {
  const keys = (flags.config ?? []).map((c) => c.split("=")[0]?.trim());
  return keys.includes("model") ? "model" : undefined;
}

export async function runQueue(flags: QueueFlags): Promise<number> {
  if (flags.remoteAuthTokenEnv !== undefined && flags.remote === undefined)
    return fail("`--remote-auth-token-env` requires `--remote`.");
  const refused = refusedOverride(flags);
  if (refused !== undefined) {
    return fail(
      `\`codex-ts queue\` does not support a \`${refused}\` config override; queued messages use the thread's model`,
    );
  }
  if (flags.cd !== undefined && !existsSync(flags.cd))
    return fail("failed to resolve config cwd: No such file or directory (os error 2)");
  let client: RpcClient | undefined;
  try {
    // The config is read as the command's server reads it: a bad -c, -p or --strict-config stops here.
    client = await connect(flags, loadCliConfig(flags));
    return await queueThrough(client, flags);
  } catch (err) {
    if (err instanceof QueueError || err instanceof ConfigError || err instanceof TransportError)
      return fail(err.message);
    // A request before thread/queue/add the server refused (thread/list, initialize).
    if (err instanceof RpcError) return fail(`${err.message} (code ${err.code})`);
    throw err;
  } finally {
    await client?.close();
  }
}
