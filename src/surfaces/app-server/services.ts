// What the methods after the handshake need: the threads, the account, and the config every new thread
// starts from (the server's own flags, then the layers of the thread's cwd). Loaded after `initialize` is
// answered, so an IDE's start-up does not wait for the engine's modules.
import { resolve } from "node:path";
import { ConfigError, loadConfig, type Config } from "../../config/load.js";
import type { ThreadStatus } from "../../protocol/app-server/v2/common.js";
import { featureOverrides, ossOption, type SharedFlags } from "../shared/cli-config.js";
import { AccountManager } from "./accounts.js";
import { CommandExecs } from "./command-exec.js";
import { FsWatches } from "./fs-watches.js";
import { RateLimitTracker } from "./rate-limit-tracker.js";
import { badRequest } from "./errors.js";
import type { ServerHost } from "./server-host.js";
import type { ThreadRuntime } from "./thread-runtime.js";
import { ThreadCatalog } from "./threads/thread-catalog.js";
import { ThreadMetadataStore } from "../../rollout/thread-metadata.js";
import { ThreadReadStateStore } from "../../rollout/thread-read-states.js";
import { ThreadOrganizer } from "../../rollout/thread-organizer.js";
import { ThreadUnloader } from "./threads/thread-unloader.js";
import { QueuedTurns } from "./queued-turns.js";

/** The flags that are config keys, as a config layer (the same mapping as the other commands). */
function cliLayer(flags: SharedFlags): Record<string, unknown> {
  const cli: Record<string, unknown> = {};
  if (flags.model) cli.model = flags.model;
  if (flags.fullAuto) Object.assign(cli, { sandbox_mode: "workspace-write", approval_policy: "on-request" });
  if (flags.dangerouslyBypassApprovalsAndSandbox) {
    Object.assign(cli, { sandbox_mode: "danger-full-access", approval_policy: "never" });
  }
  if (flags.sandbox) cli.sandbox_mode = flags.sandbox;
  if (flags.askForApproval) cli.approval_policy = flags.askForApproval;
  if (flags.addDir && flags.addDir.length > 0) {
    cli.sandbox_workspace_write = { writable_roots: flags.addDir.map((d) => resolve(d)) };
  }
  return cli;
}

/** How far up the parents a subagent's tree is searched (deeper than any max_depth a config allows). */
const MAX_TREE_DEPTH = 16;

export class ServerServices {
  readonly threads = new Map<string, ThreadRuntime>();
  readonly accounts: AccountManager;
  readonly catalog: ThreadCatalog;
  readonly rateLimits: RateLimitTracker;
  readonly fsWatches = new FsWatches();
  readonly metadata: ThreadMetadataStore;
  readonly readStates: ThreadReadStateStore;
  readonly organizer: ThreadOrganizer;
  readonly commandExecs = new CommandExecs();
  readonly unloader: ThreadUnloader;
  /** Messages queued for threads, and the turns they become. */
  readonly queuedTurns: QueuedTurns;
  /** `experimentalFeature/enablement/set`: flags turned on or off for every config this server loads after. */
  readonly featureEnablement = new Map<string, boolean>();

  constructor(private readonly server: ServerHost) {
    this.catalog = new ThreadCatalog(server.codexHome, server.threadIndex);
    this.unloader = new ThreadUnloader(this.threads, (n) => server.broadcast(n));
    this.queuedTurns = new QueuedTurns(server, this.catalog, (id) => this.threads.get(id));
    this.metadata = new ThreadMetadataStore(server.codexHome);
    this.readStates = new ThreadReadStateStore(server.codexHome);
    this.organizer = new ThreadOrganizer(server.codexHome);
    this.rateLimits = new RateLimitTracker((n) => server.broadcast(n));
    this.accounts = new AccountManager({
      codexHome: server.codexHome,
      env: server.options.env,
      refreshTimeoutMs: server.options.refreshTimeoutMs,
      forcedWorkspaces: () => this.forcedWorkspaces(),
      broadcast: (n) => server.broadcast(n),
    });
  }

  /**
   * The effective config for `cwd` (default: the server's), with `flags` over the server's own. With
   * `projectConfig: false` only the global layers count. Config problems become a request error naming the
   * file or key.
   */
  loadConfig(
    cwd?: string | null,
    flags: Partial<SharedFlags> = {},
    options: { projectConfig?: boolean } = {},
  ): Config {
    const base = this.server.options.flags;
    const merged: SharedFlags = {
      ...base,
      ...flags,
      config: [...(base.config ?? []), ...(flags.config ?? [])],
    };
    try {
      return loadConfig({
        codexHome: this.server.codexHome,
        cwd: resolve(cwd ?? merged.cd ?? process.cwd()),
        cli: cliLayer(merged),
        overrides: [
          ...(merged.config ?? []),
          ...featureOverrides(merged),
          ...[...this.featureEnablement].map(([name, on]) => `features.${name}=${on}`),
        ],
        env: this.server.options.env,
        ...ossOption(merged),
        ...(merged.profile ? { profile: merged.profile } : {}),
        ...(options.projectConfig === false ? { projectConfig: false } : {}),
        ...(merged.dangerouslyBypassHookTrust ? { bypassHookTrust: true } : {}),
        ...(merged.strictConfig ? { strict: true } : {}),
      });
    } catch (err) {
      if (err instanceof ConfigError) throw badRequest(err.message);
      throw err;
    }
  }

  /** The loaded thread inside which the subagent thread `threadId` runs now. */
  runningHostOf(threadId: string): ThreadRuntime | undefined {
    for (const host of this.threads.values()) if (host.subagentThreads.has(threadId)) return host;
    return undefined;
  }

  /** The loaded thread whose subagent tree holds `threadId` (running now, or able to reopen it). */
  async hostOfSubagent(threadId: string): Promise<ThreadRuntime | undefined> {
    const running = this.runningHostOf(threadId);
    if (running) return running;
    // Children known only from a resumed root's rollout are not running yet, but the root may reopen
    // them at any moment: walk up the parents the index knows.
    let id: string | null = threadId;
    for (let depth = 0; id && depth < MAX_TREE_DEPTH; depth++) {
      const parent: string | null = await this.catalog.find(id).then(
        (found) => found.summary.parentThreadId,
        () => null,
      );
      if (!parent) return undefined;
      const host = this.threads.get(parent);
      if (host) return host;
      id = parent;
    }
    return undefined;
  }

  /**
   * Refuses to act on a subagent's thread while its tree is loaded: a second engine on its file (or moving
   * the file) would fight the one its parent runs or may reopen.
   */
  async assertNotHostedSubagent(threadId: string, action: string): Promise<void> {
    const host = await this.hostOfSubagent(threadId);
    if (!host) return;
    throw badRequest(
      `cannot ${action} thread ${threadId}: it is a subagent of thread ${host.threadId}, which is loaded and ` +
        `runs it; read it with thread/read, or reach it through its parent`,
    );
  }

  /** A loaded thread's status, or a running subagent's (notLoaded for any other). */
  statusOf(threadId: string): ThreadStatus {
    const loaded = this.threads.get(threadId);
    if (loaded) return loaded.status;
    return this.runningHostOf(threadId)?.subagentThreads.get(threadId) ?? { type: "notLoaded" };
  }

  /** Loaded threads: those a client can start turns on (subagents run inside theirs and are not listed). */
  loadedThreadIds(): string[] {
    return [...this.threads.keys()];
  }

  async shutdown(): Promise<void> {
    this.fsWatches.closeAll();
    this.commandExecs.killAll();
    await this.unloader.drain();
    await Promise.all([...this.threads.values()].map((t) => t.close()));
    this.threads.clear();
  }

  private forcedWorkspaces(): string[] | undefined {
    let forced: string | string[] | undefined;
    try {
      forced = this.loadConfig(undefined, {}, { projectConfig: false }).toml.forced_chatgpt_workspace_id;
    } catch {
      return undefined;
    }
    if (forced === undefined) return undefined;
    return Array.isArray(forced) ? forced : [forced];
  }
}
