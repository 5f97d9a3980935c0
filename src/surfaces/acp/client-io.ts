// The client's file system and terminals, offered to the engine's tools (core's ClientIo) when the editor
// advertises them: `fs/read_text_file` / `fs/write_text_file` for patches (the editor sees unsaved buffers
// and gets the new text), `terminal/*` for commands (the editor shows a live terminal in the tool call).
import { constants } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { AgentContext, ClientCapabilities } from "@agentclientprotocol/sdk";
import type { ClientIo, ClientTerminal, TerminalSpec } from "../../core/tool-api/client-io.js";

/** Output the editor keeps per terminal (it drops the oldest beyond this). */
const OUTPUT_BYTE_LIMIT = 1024 * 1024;
/**
 * How often a running command's output is fetched. ACP has no output notification: the agent asks
 * (`terminal/output`) while `terminal/wait_for_exit` is pending.
 */
const POLL_MS = 200;

export interface ClientIoHost {
  client: AgentContext;
  sessionId(): string;
  /** A command's terminal exists: the tool call shows it. */
  onTerminal(callId: string, terminalId: string): void;
}

export function clientIo(caps: ClientCapabilities, host: ClientIoHost): ClientIo | undefined {
  const io: ClientIo = {};
  const { client } = host;
  if (caps.fs?.readTextFile) {
    io.readTextFile = async (path) =>
      (await client.request("fs/read_text_file", { sessionId: host.sessionId(), path })).content;
  }
  if (caps.fs?.writeTextFile) {
    io.writeTextFile = async (path, content) => {
      await client.request("fs/write_text_file", { sessionId: host.sessionId(), path, content });
    };
  }
  if (caps.terminal) io.runInTerminal = (spec, onOutput) => startTerminal(host, spec, onOutput);
  return Object.keys(io).length > 0 ? io : undefined;
}

async function startTerminal(
  host: ClientIoHost,
  spec: TerminalSpec,
  onOutput: (text: string) => void,
): Promise<ClientTerminal> {
  const { client } = host;
  const sessionId = host.sessionId();
  const [command, ...args] = spec.argv;
  if (command === undefined) throw new Error("cannot run an empty command");
  const terminal = await client.createTerminal({
    sessionId,
    command,
    args,
    cwd: spec.cwd,
    env: Object.entries(spec.env).map(([name, value]) => ({ name, value })),
    outputByteLimit: OUTPUT_BYTE_LIMIT,
  });
  host.onTerminal(spec.callId, terminal.id);
  let seen = "";
  const pull = async () => {
    const { output } = await terminal.currentOutput();
    const fresh = newOutput(seen, output);
    seen = output;
    if (fresh !== "") onOutput(fresh);
  };
  const exited = (async (): Promise<number> => {
    const exit = terminal.waitForExit();
    let ended = false;
    const settled = exit.then(
      () => (ended = true),
      () => (ended = true),
    );
    try {
      // The last fetch comes after the exit, so nothing printed at the end is lost.
      while (!ended) {
        // Unreferenced: a poll still pending after the exit must not hold the process open.
        await Promise.race([settled, sleep(POLL_MS, undefined, { ref: false })]);
        await pull();
      }
      const status = await exit;
      if (typeof status.exitCode === "number") return status.exitCode;
      const signal = status.signal ? constants.signals[status.signal as keyof typeof constants.signals] : 0;
      return signal ? 128 + signal : 1;
    } catch (err) {
      onOutput(`\n[the editor's terminal failed: ${(err as Error).message}]\n`);
      return 1;
    } finally {
      // The editor keeps showing a released terminal's output in the tool call.
      await terminal.release().catch(() => undefined);
    }
  })();
  return {
    exited,
    kill: () => void terminal.kill().catch(() => undefined),
  };
}

/**
 * What `now` adds to `before`. The editor drops the oldest output past its byte limit, so `now` may start
 * inside `before`: the new part follows the longest end of `before` that `now` starts with.
 */
export function newOutput(before: string, now: string): string {
  if (now.startsWith(before)) return now.slice(before.length);
  const probe = now.slice(0, 64);
  for (let at = before.indexOf(probe, 1); at !== -1 && probe !== ""; at = before.indexOf(probe, at + 1)) {
    const kept = before.slice(at);
    if (now.startsWith(kept)) return now.slice(kept.length);
  }
  // An overlap shorter than the probe.
  for (let k = Math.min(probe.length, before.length) - 1; k > 0; k--) {
    if (now.startsWith(before.slice(-k))) return now.slice(k);
  }
  return now;
}
