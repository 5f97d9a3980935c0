// At most 64 live sessions: finished ones go first, then the least recently used idle one; never one a call
// is waiting on. The pruning rules are exercised with a limit of 8, so a loaded machine is not racing 65
// processes; the waits are on the processes themselves, bounded generously.
import { afterEach, describe, expect, it } from "vitest";
import { MAX_SESSIONS, UnifiedExecManager } from "./session-manager.js";
import { expectProcessesGone } from "../../../test/support/unified-exec.js";

const managers: UnifiedExecManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.closeAll()));
});

const cwd = process.cwd();
const start = (m: UnifiedExecManager, cmd = "sleep 30") =>
  m.start({ cmd, cwd, env: process.env, login: false });

async function fill(m: UnifiedExecManager, count: number) {
  const started = [];
  for (let i = 0; i < count; i++) started.push(await start(m));
  return started;
}

const LIMIT = 8;
const manager = () => {
  const m = new UnifiedExecManager({ maxSessions: LIMIT });
  managers.push(m);
  return m;
};

describe("session limit", () => {
  it("is 64", () => {
    expect(MAX_SESSIONS).toBe(64);
  });

  it("prunes the least recently used idle session to start one past the limit, and kills it", async () => {
    const m = manager();
    const sessions = await fill(m, LIMIT);
    expect(sessions.map((s) => s.sessionId)).toEqual(Array.from({ length: LIMIT }, (_, i) => i + 1));
    // Session 1 was used recently: session 2 is now the least recently used.
    m.write(1, "");
    const next = await start(m);
    expect(next.sessionId).toBe(LIMIT + 1);
    expect(next.pruned.map((p) => p.sessionId)).toEqual([2]);
    expect(next.pruned[0]?.end.killed).toBe(true);
    expect(m.has(2)).toBe(false);
    expect(m.sessionIds).toHaveLength(LIMIT);
    await expectProcessesGone([sessions[1]?.pid ?? -1], 10_000);
  });

  it("prunes a finished session before any running one", async () => {
    const m = manager();
    await fill(m, LIMIT - 1);
    const quick = await start(m, "exit 0");
    // Wait for it to finish without collecting it (collecting would remove it).
    await expect
      .poll(() => m.list().find((s) => s.sessionId === quick.sessionId)?.running, { timeout: 20_000 })
      .toBe(false);
    const next = await start(m);
    expect(next.pruned.map((p) => p.sessionId)).toEqual([quick.sessionId]);
    expect(next.pruned[0]?.end).toMatchObject({ exitCode: 0, killed: false });
  });

  it("refuses with a clear error when every session is in use by a waiting call", async () => {
    const m = manager();
    const sessions = await fill(m, LIMIT);
    const controllers = sessions.map(() => new AbortController());
    const waits = sessions.map((s, i) =>
      m.collect(s.sessionId, { yieldTimeMs: 30_000, signal: controllers[i]?.signal }),
    );
    await expect(start(m)).rejects.toMatchObject({
      code: "session_limit",
      message: expect.stringContaining(`cannot start another process: ${LIMIT} are running`) as unknown,
    });
    for (const controller of controllers) controller.abort();
    const results = await Promise.all(waits);
    expect(results.every((r) => r.exit?.killed)).toBe(true);
    await expectProcessesGone(
      sessions.map((s) => s.pid ?? -1),
      10_000,
    );
  });
});
