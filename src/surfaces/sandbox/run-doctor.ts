// `codex-ts doctor`: what the sandbox can do on this machine, checked by running real probes under it.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SandboxPolicy } from "../../protocol/policies.js";
import { bwrapPlanInput, detectBwrap, findExecutable, type BwrapStatus } from "../../sandbox/detect.js";
import { buildCommandEnv } from "../../sandbox/env-policy.js";
import { planExec } from "../../sandbox/plan.js";
import { runWithPlan } from "../../sandbox/run-with-plan.js";

interface Probe {
  name: string;
  command: (ws: string) => string[];
  /** What a working sandbox does with it. */
  expect: "succeeds" | "fails";
}

const PROBES: Probe[] = [
  {
    name: "write inside the workspace",
    command: (ws) => ["sh", "-c", `echo ok > '${ws}/probe.txt'`],
    expect: "succeeds",
  },
  {
    name: "write outside the writable roots",
    command: () => ["sh", "-c", "echo x > /codex-ts-doctor-probe"],
    expect: "fails",
  },
  { name: "create .git in the workspace", command: (ws) => ["mkdir", `${ws}/.git/hooks`], expect: "fails" },
  { name: "reach the network", command: () => ["sh", "-c", "exec 3<>/dev/tcp/127.0.0.1/9"], expect: "fails" },
];

export async function runDoctor(
  write: (line: string) => void = (l) => process.stdout.write(l),
): Promise<number> {
  const bwrap = await detectBwrap();
  write(`platform: ${process.platform} ${process.arch}\n`);
  write(describeBwrap(bwrap));
  if (process.platform !== "linux") return 0;
  if (!bwrap.available && bwrap.landlockHelperPath === undefined) {
    write("sandbox: none; commands will ask for approval before running unsandboxed\n");
    return 1;
  }
  const scratch = mkdtempSync(path.join(tmpdir(), "codex-ts-doctor-"));
  const ws = path.join(scratch, "ws");
  mkdirSync(ws);
  let failures = 0;
  try {
    const policy: SandboxPolicy = {
      type: "workspace-write",
      writable_roots: [],
      network_access: false,
      exclude_tmpdir_env_var: true,
      exclude_slash_tmp: true,
    };
    for (const probe of PROBES) {
      const plan = planExec({
        policy,
        command: probe.command(ws),
        cwd: ws,
        env: buildCommandEnv({ inherit: "core" }, process.env),
        platform: "linux",
        ...bwrapPlanInput(bwrap),
      });
      if (plan.backend === "unavailable") throw new Error(plan.reason);
      if (probe === PROBES[0]) write(`sandbox backend: ${plan.backend}\n`);
      const result = await runWithPlan(plan, {
        cwd: ws,
        signal: AbortSignal.timeout(10_000),
        timeoutMs: 10_000,
      });
      const outcome = result.exitCode === 0 ? "succeeds" : "fails";
      const ok = outcome === probe.expect;
      if (!ok) failures++;
      write(`  ${ok ? "ok  " : "FAIL"} workspace-write: ${probe.name} ${outcome}\n`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  write(failures === 0 ? "sandbox: working\n" : `sandbox: ${failures} probe(s) did not behave as expected\n`);
  return failures === 0 ? 0 : 1;
}

function describeBwrap(bwrap: BwrapStatus): string {
  const lines: string[] = [];
  if (!bwrap.available) {
    lines.push(`bubblewrap: unavailable (${bwrap.reason ?? "unknown reason"})`);
    lines.push(
      bwrap.landlockHelperPath !== undefined
        ? `landlock fallback: ${bwrap.landlockHelperPath} (no PID or network namespace)`
        : `landlock fallback: unavailable (${bwrap.landlockUnavailableReason ?? "unknown reason"})`,
    );
  } else {
    lines.push(`bubblewrap: ${bwrap.path ?? "bwrap"}`);
  }
  if (bwrap.available || bwrap.landlockHelperPath !== undefined) {
    lines.push(
      bwrap.seccompFilterPath !== undefined
        ? "seccomp: loaded (network off: sockets refused; every policy: ptrace and process_vm_* refused)"
        : `seccomp: unavailable (${bwrap.seccompUnavailableReason ?? "unknown reason"})`,
    );
  }
  lines.push(`git: ${findExecutable("git") ?? "not found"}`);
  return lines.map((l) => `${l}\n`).join("");
}
