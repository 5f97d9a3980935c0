// command/exec: one command under a sandbox policy, without a thread or a model turn. Buffered (the
// response carries its output) or streamed (`command/exec/outputDelta`), optionally on a pseudo-terminal
// and with stdin from command/exec/write. Processes are scoped to the connection that started them and
// killed when it closes.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../../config/load.js";
import type { CommandExecParams } from "../../protocol/app-server/v2/fs.js";
import { detectBwrap } from "../../sandbox/detect.js";
import { buildCommandEnv } from "../../sandbox/env-policy.js";
import { denialPlanInput } from "../../sandbox/expand-read-denial.js";
import { planExec } from "../../sandbox/plan.js";
import type { ChildHandle, OutputStream } from "../../tools/unified-exec/child-handle.js";
import { spawnPipeChild } from "../../tools/unified-exec/spawn-pipe-child.js";
import { spawnPtyChild } from "../../tools/unified-exec/spawn-pty-child.js";
import type { Connection } from "./connection.js";
import { badRequest } from "./errors.js";
import { withAllowedDomains } from "../../protocol/policies.js";
import { fromWireSandbox } from "./wire-conversions.js";

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_OUTPUT_CAP = 1024 * 1024;
const TIMEOUT_EXIT_CODE = 124;

/**
 * A process of command/exec, known by its id from the moment the request arrives: a client may write,
 * resize or terminate right after sending command/exec, before the sandbox is planned and the child
 * spawned. Until then those actions wait in `queued`.
 */
interface Running {
  handle?: ChildHandle;
  queued: Array<(handle: ChildHandle) => void>;
  tty: boolean;
  stdinOpen: boolean;
}

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The request's combinations the protocol rules out, as one clear error. */
function checkParams(p: CommandExecParams): void {
  if (p.command.length === 0) throw badRequest("command must not be empty");
  const needsId = p.tty || p.streamStdin || p.streamStdoutStderr;
  if (needsId && !p.processId) throw badRequest("tty, streamStdin and streamStdoutStderr need a processId");
  if (p.size && !p.tty) throw badRequest("size is only valid with tty");
  if (p.disableTimeout && p.timeoutMs !== undefined && p.timeoutMs !== null) {
    throw badRequest("disableTimeout cannot be combined with timeoutMs");
  }
  if (p.disableOutputCap && p.outputBytesCap !== undefined && p.outputBytesCap !== null) {
    throw badRequest("disableOutputCap cannot be combined with outputBytesCap");
  }
}

export class CommandExecs {
  private readonly byConnection = new Map<Connection, Map<string, Running>>();

  async run(
    connection: Connection,
    p: CommandExecParams,
    config: Config,
    env: NodeJS.ProcessEnv,
  ): Promise<ExecResult> {
    checkParams(p);
    const processes = this.processesOf(connection);
    const processId = p.processId ?? undefined;
    if (processId && processes.has(processId)) throw badRequest(`processId ${processId} is already running`);
    const tty = p.tty ?? false;
    const running: Running = { queued: [], tty, stdinOpen: tty || (p.streamStdin ?? false) };
    if (processId) processes.set(processId, running);
    try {
      return await this.start(connection, p, config, env, running);
    } finally {
      if (processId) processes.delete(processId);
    }
  }

  private async start(
    connection: Connection,
    p: CommandExecParams,
    config: Config,
    env: NodeJS.ProcessEnv,
    running: Running,
  ): Promise<ExecResult> {
    const cwd = p.cwd ? resolve(config.cwd, p.cwd) : config.cwd;
    let isDir = false;
    try {
      isDir = statSync(cwd).isDirectory();
    } catch {
      // Reported below.
    }
    if (!isDir) throw badRequest(`cwd ${cwd} is not a directory`);

    const baseEnv = buildCommandEnv(config.toml.shell_environment_policy, env);
    for (const [key, value] of Object.entries(p.env ?? {})) {
      if (value === null) delete baseEnv[key];
      else baseEnv[key] = value;
    }
    // No proxy here: with an allowlist the plan turns the network off (never fully on).
    const policy = withAllowedDomains(
      p.sandboxPolicy ? fromWireSandbox(p.sandboxPolicy) : config.sandboxPolicy,
      config.toml.sandbox_workspace_write?.allowed_domains,
    );
    const denial = await denialPlanInput(config.readDenial, config.codexHome).catch((err: Error) => {
      throw badRequest(`cannot run the command: ${err.message}`);
    });
    const bwrap =
      policy.type === "danger-full-access" && !denial.deniedPaths ? undefined : await detectBwrap();
    const plan = planExec({
      policy,
      command: p.command,
      cwd,
      rootsCwd: config.cwd,
      env: baseEnv,
      codexHome: config.codexHome,
      platform: process.platform,
      bwrapAvailable: bwrap?.available ?? false,
      ...(bwrap?.reason ? { bwrapUnavailableReason: bwrap.reason } : {}),
      ...(bwrap?.path ? { bwrapPath: bwrap.path } : {}),
      ...(bwrap?.seccompFilterPath ? { seccompFilterPath: bwrap.seccompFilterPath } : {}),
      ...(bwrap?.seccompUnavailableReason
        ? { seccompUnavailableReason: bwrap.seccompUnavailableReason }
        : {}),
      ...denial,
    });
    if (plan.backend === "unavailable")
      throw badRequest(`cannot run the command in its sandbox: ${plan.reason}`);

    const tty = running.tty;
    const stream = tty || (p.streamStdoutStderr ?? false);
    const cap = p.disableOutputCap ? Infinity : (p.outputBytesCap ?? DEFAULT_OUTPUT_CAP);
    const timeoutMs = p.disableTimeout ? undefined : (p.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const seen: Record<OutputStream, number> = { stdout: 0, stderr: 0 };
    const kept: Record<OutputStream, Buffer[]> = { stdout: [], stderr: [] };
    const processId = p.processId ?? undefined;

    const onOutput = (which: OutputStream, chunk: Buffer) => {
      const room = cap - seen[which];
      if (room <= 0) return;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      seen[which] += chunk.length;
      if (!stream) {
        kept[which].push(part);
        return;
      }
      connection.notify({
        method: "command/exec/outputDelta",
        params: {
          processId: processId!,
          stream: which,
          deltaBase64: part.toString("base64"),
          capReached: seen[which] >= cap,
        },
      });
    };

    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const exitCode = await new Promise<number>((done, fail) => {
      const spec = { argv: plan.argv, cwd, env: plan.env };
      const listener = {
        onOutput,
        onFinished: (code: number) => {
          if (timer) clearTimeout(timer);
          done(code);
        },
      };
      const started = tty
        ? spawnPtyChild(spec, listener, p.size ?? undefined)
        : Promise.resolve().then(() => spawnPipeChild(spec, listener));
      started.then((handle) => {
        if (!tty && !(p.streamStdin ?? false)) handle.closeInput();
        running.handle = handle;
        for (const action of running.queued.splice(0)) action(handle);
        if (timeoutMs === undefined) return;
        timer = setTimeout(() => {
          timedOut = true;
          handle.kill();
        }, timeoutMs);
      }, fail);
    });
    return {
      exitCode: timedOut ? TIMEOUT_EXIT_CODE : exitCode,
      stdout: Buffer.concat(kept.stdout).toString("utf8"),
      stderr: Buffer.concat(kept.stderr).toString("utf8"),
    };
  }

  write(connection: Connection, processId: string, data: Buffer | undefined, closeStdin: boolean): void {
    const running = this.find(connection, processId);
    if (!running.stdinOpen) throw badRequest(`process ${processId} was not started with streamStdin or tty`);
    if (closeStdin && !running.tty) running.stdinOpen = false;
    whenStarted(running, (handle) => {
      if (data && data.length > 0) handle.write(data.toString("utf8"));
      if (closeStdin) handle.closeInput();
    });
  }

  terminate(connection: Connection, processId: string): void {
    whenStarted(this.find(connection, processId), (handle) => handle.kill());
  }

  resize(connection: Connection, processId: string, cols: number, rows: number): void {
    const running = this.find(connection, processId);
    if (!running.tty) throw badRequest(`process ${processId} has no terminal`);
    whenStarted(running, (handle) => handle.resize?.(cols, rows));
  }

  killAll(): void {
    for (const processes of this.byConnection.values())
      for (const r of processes.values()) whenStarted(r, (handle) => handle.kill());
  }

  private find(connection: Connection, processId: string): Running {
    const running = this.byConnection.get(connection)?.get(processId);
    if (!running) throw badRequest(`no active command/exec for process id ${JSON.stringify(processId)}`);
    return running;
  }

  private processesOf(connection: Connection): Map<string, Running> {
    let processes = this.byConnection.get(connection);
    if (!processes) {
      const created = new Map<string, Running>();
      processes = created;
      this.byConnection.set(connection, created);
      connection.onClose(() => {
        for (const r of created.values()) whenStarted(r, (handle) => handle.kill());
        this.byConnection.delete(connection);
      });
    }
    return processes;
  }
}

/** Runs `action` on the child now, or as soon as it is spawned. */
function whenStarted(running: Running, action: (handle: ChildHandle) => void): void {
  if (running.handle) action(running.handle);
  else running.queued.push(action);
}
