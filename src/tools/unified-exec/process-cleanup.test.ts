// Nothing a command started may outlive an abort, a shutdown, or the command itself.
import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive } from "./process-tree.js";
import { UnifiedExecManager } from "./session-manager.js";
import { collectUntil, expectProcessesGone, printedPids } from "../../../test/support/unified-exec.js";

const managers: UnifiedExecManager[] = [];
function manager(): UnifiedExecManager {
  const created = new UnifiedExecManager();
  managers.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.closeAll()));
});

const env = process.env;
const cwd = process.cwd();
/** A command that leaves a grandchild in the background and says who everyone is. */
const WITH_GRANDCHILD = "sleep 30 & echo pid=$!; echo pid=$$; sleep 30; wait";

/** Starts `cmd` and returns once it printed the pids it announces. */
async function startAnnouncing(m: UnifiedExecManager, cmd: string, count: number, tty = false) {
  const started = await m.start({ cmd, cwd, env, login: false, tty });
  const { output } = await collectUntil(m, started.sessionId, (out) => printedPids(out).length >= count);
  const pids = printedPids(output);
  expect(pids).toHaveLength(count);
  expect(pids.every(isProcessAlive)).toBe(true);
  return { ...started, pids };
}

describe("process cleanup", () => {
  it("kills the whole group within 1 s when the waiting call's signal aborts", async () => {
    const m = manager();
    const { sessionId, pid, pids } = await startAnnouncing(m, WITH_GRANDCHILD, 2);
    expect(pids).toContain(pid);
    const controller = new AbortController();
    const collecting = m.collect(sessionId, { yieldTimeMs: 30_000, signal: controller.signal });
    const abortedAt = performance.now();
    controller.abort();
    const result = await collecting;
    expect(performance.now() - abortedAt).toBeLessThan(1_000);
    expect(result.exit).toMatchObject({ exitCode: 137, killed: true });
    expect(await expectProcessesGone(pids, 1_000)).toBeLessThan(1_000);
    expect(m.has(sessionId)).toBe(false);
  });

  it("kills a terminal session's group on abort too", async () => {
    const m = manager();
    const { sessionId, pids } = await startAnnouncing(m, WITH_GRANDCHILD, 2, true);
    const controller = new AbortController();
    controller.abort();
    const result = await m.collect(sessionId, { yieldTimeMs: 30_000, signal: controller.signal });
    expect(result.exit?.killed).toBe(true);
    await expectProcessesGone(pids, 1_000);
  });

  it("kills jobs an interactive shell put in process groups of their own", async () => {
    const m = manager();
    // Job control (set -m) gives the background job its own group; only the session sweep finds it.
    const { sessionId, pids } = await startAnnouncing(m, "set -m; sleep 30 & echo pid=$!; sleep 30", 1);
    const controller = new AbortController();
    controller.abort();
    await m.collect(sessionId, { signal: controller.signal });
    await expectProcessesGone(pids, 1_000);
  });

  it("closeAll() leaves no process behind and refuses new ones", async () => {
    const m = manager();
    const pipe = await startAnnouncing(m, WITH_GRANDCHILD, 2);
    const tty = await startAnnouncing(m, WITH_GRANDCHILD, 2, true);
    const waiting = m.collect(pipe.sessionId, { yieldTimeMs: 30_000 });
    await m.closeAll();
    expect((await waiting).exit?.killed).toBe(true);
    await expectProcessesGone([...pipe.pids, ...tty.pids], 1_000);
    expect(m.sessionIds).toEqual([]);
    await expect(m.start({ cmd: "true", cwd, env })).rejects.toMatchObject({ code: "closed" });
  });

  it("ends what a command left in the background when the command itself exits", async () => {
    const m = manager();
    const { sessionId } = await m.start({ cmd: "sleep 30 & echo pid=$!", cwd, env, login: false });
    const result = await m.collect(sessionId, { yieldTimeMs: 5_000 });
    expect(result.exit?.exitCode).toBe(0);
    await expectProcessesGone(printedPids(result.output), 1_000);
  });
});
