// Killing everything a command started. Each command is a session leader (setsid for pipes, the PTY's
// controlling process for a terminal), so its process group is the first target; an interactive shell with
// job control puts jobs in groups of their own, so on Linux we also kill every process of its session.
import { readdirSync, readFileSync } from "node:fs";

function signalQuietly(target: number): void {
  try {
    process.kill(target, "SIGKILL");
  } catch {
    // Already gone, or never ours.
  }
}

interface ProcStat {
  state: string;
  sessionId: number;
}

function readProcStat(pid: number | string): ProcStat | undefined {
  let line: string;
  try {
    line = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) may contain spaces and parentheses: parse from the last ')'.
  const fields = line.slice(line.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  const sessionId = Number(fields[3]);
  if (state === undefined || !Number.isInteger(sessionId)) return undefined;
  return { state, sessionId };
}

function sessionMembers(sessionId: number): number[] {
  if (process.platform !== "linux") return [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const members: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    if (readProcStat(entry)?.sessionId === sessionId) members.push(Number(entry));
  }
  return members;
}

/** SIGKILLs the process group led by `leaderPid` and, on Linux, every other process in its session. */
export function killProcessTree(leaderPid: number): void {
  signalQuietly(-leaderPid);
  // Never sweep the session we run in ourselves (only possible if the child failed to become a leader).
  if (readProcStat(process.pid)?.sessionId === leaderPid) return;
  for (const pid of sessionMembers(leaderPid)) {
    if (pid === process.pid) continue;
    signalQuietly(-pid);
    signalQuietly(pid);
  }
}

/** True while `pid` runs. A zombie counts as gone: it runs nothing, it only waits to be reaped. */
export function isProcessAlive(pid: number): boolean {
  if (process.platform === "linux") {
    const stat = readProcStat(pid);
    return stat !== undefined && stat.state !== "Z" && stat.state !== "X";
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
