// What the apply_patch tool does with the model's text: parse, check against the sandbox policy, plan,
// announce the changes, write, and report. Every failure becomes output the model can read.
import { parse as parsePath } from "node:path";
import type { FileChange } from "../../protocol/core-protocol.js";
import type { SandboxPolicy } from "../../protocol/policies.js";
import type { PatchTargetInfo } from "../../core/approvals/patch-gate.js";
import { REJECTED_BY_USER } from "../../core/approvals/decisions.js";
import { nodeFsProbe } from "../../sandbox/fs-probe.js";
import { deniedByResolved, deniedMessage } from "../../sandbox/read-denial.js";
import { isProtectedPath, resolveSandboxPaths } from "../../sandbox/writable-roots.js";
import type { ToolContext, ToolResult } from "../../core/tool-api/define-tool.js";
import { isInside, listPatchTargets } from "./path-safety.js";
import { commitPlan } from "./apply.js";
import { parsePatch } from "./parse.js";
import type { PatchChange, PatchPlan } from "./plan.js";
import { planPatch } from "./plan.js";
import { nodePatchFs, physicalPath, type PatchFs } from "./patch-fs.js";
import { journalDirFor } from "./patch-journal.js";
import { clientReadFs, commitThroughClient } from "./client-commit.js";

/**
 * What the sandbox lets a patch write without asking: for workspace-write the same roots a command gets
 * (cwd, writable_roots, $TMPDIR, /tmp) minus the same protected paths (.git and its gitdir, .codex,
 * .agents, CODEX_HOME; existing or not) — one policy for both enforcers; nothing for read-only.
 */
export function writableAreaForPolicy(
  policy: SandboxPolicy,
  cwd: string,
  env: NodeJS.ProcessEnv,
  codexHome?: string,
): { roots: string[]; readOnly: string[]; isProtected: (physicalPath: string) => boolean } {
  switch (policy.type) {
    case "danger-full-access":
      return { roots: [parsePath(cwd).root], readOnly: [], isProtected: () => false };
    case "read-only":
      return { roots: [], readOnly: [], isProtected: () => false };
    case "workspace-write": {
      const paths = resolveSandboxPaths({ policy, cwd, env, codexHome, probe: nodeFsProbe });
      return {
        roots: paths.writableRoots,
        readOnly: [...paths.readOnlySubpaths, ...paths.maskedSubpaths],
        isProtected: (physical) => isProtectedPath(physical, paths),
      };
    }
  }
}

/** The changes as the core protocol's `patch_apply_begin` carries them, keyed by absolute path. */
export function toProtocolChanges(changes: readonly PatchChange[]): Record<string, FileChange> {
  const byPath: Record<string, FileChange> = {};
  for (const change of changes) {
    byPath[change.path] =
      change.kind === "update"
        ? { type: "update", unified_diff: change.unifiedDiff ?? "", move_path: change.movePath ?? null }
        : { type: change.kind, content: change.content ?? "" };
  }
  return byPath;
}

export interface RunApplyPatchOptions {
  fs?: PatchFs;
  /**
   * Where the patch's relative paths start (default: the session's cwd). A patch run as a command may name
   * another directory (`workdir`, `cd DIR && apply_patch`); what may be written still follows the session's
   * cwd, as for commands.
   */
  baseDir?: string;
}

export async function runApplyPatch(
  input: string,
  ctx: Pick<
    ToolContext,
    | "callId"
    | "cwd"
    | "sandboxPolicy"
    | "env"
    | "signal"
    | "emit"
    | "authorizePatch"
    | "codexHome"
    | "clientIo"
    | "readDenial"
  >,
  options: RunApplyPatchOptions = {},
): Promise<ToolResult> {
  // An editor that offers its buffers is read from (unsaved changes are what the user sees) and written to.
  const io = ctx.clientIo;
  const fs = options.fs ?? (io?.readTextFile ? clientReadFs(io.readTextFile) : undefined);
  const clientWrite = options.fs ? undefined : io?.writeTextFile;
  const baseDir = options.baseDir ?? ctx.cwd;
  let plan: PatchPlan;
  let targets: PatchTargetInfo[];
  try {
    const parsed = parsePatch(input);
    const area = writableAreaForPolicy(ctx.sandboxPolicy, ctx.cwd, ctx.env, ctx.codexHome);
    const checked = await listPatchTargets(parsed, {
      cwd: ctx.cwd,
      baseDir,
      writableRoots: area.roots,
      fs,
    });
    const anyWritable = ctx.sandboxPolicy.type !== "read-only";
    targets = [];
    for (const t of checked) {
      // Denied by the profile: neither read (an update reads the file) nor written, not even with approval.
      const rule = deniedByResolved(t.absolutePath, ctx.readDenial);
      if (rule !== undefined) throw new Error(deniedMessage(t.absolutePath, rule));
      // Both spellings: as written, and with symlinks resolved (a link to .git is .git).
      const physical = await physicalPath(fs ?? nodePatchFs, t.absolutePath);
      const isProtected =
        area.readOnly.some((ro) => isInside(t.absolutePath, ro)) || area.isProtected(physical);
      targets.push({ path: t.absolutePath, writable: anyWritable && t.insideWritableRoots && !isProtected });
    }
    // Computed in memory over the whole file system: whether it may be written is the gate's call.
    plan = await planPatch(parsed, { cwd: baseDir, writableRoots: [parsePath(baseDir).root], fs });
  } catch (err) {
    const message = `apply_patch verification failed: ${errorMessage(err)}`;
    return { output: message, success: false, failed: message };
  }
  const changes = toProtocolChanges(plan.changes);
  const decision = await ctx.authorizePatch({ targets, changes });
  if (decision.kind === "rejected") {
    // A user's refusal is on screen already (the approval and its answer); a policy's is not.
    const seen = decision.message === REJECTED_BY_USER;
    return { output: decision.message, success: false, ...(seen ? {} : { failed: decision.message }) };
  }
  if (decision.kind === "abort") return { output: "aborted by user", success: false, abortTask: true };
  if (ctx.signal.aborted) return { output: "apply_patch aborted: no file was changed.", success: false };

  ctx.emit({
    type: "patch_apply_begin",
    call_id: ctx.callId,
    auto_approved: !decision.userApproved,
    changes,
  });
  try {
    if (clientWrite) await commitThroughClient(plan, clientWrite);
    else {
      await commitPlan(plan, {
        ...(fs ? { fs } : {}),
        ...(ctx.codexHome !== undefined ? { journalDir: journalDirFor(ctx.codexHome) } : {}),
      });
    }
  } catch (err) {
    const message = `apply_patch failed: ${errorMessage(err)}`;
    ctx.emit({ type: "patch_apply_end", call_id: ctx.callId, stdout: "", stderr: message, success: false });
    return { output: message, success: false };
  }
  ctx.emit({ type: "patch_apply_end", call_id: ctx.callId, stdout: plan.summary, stderr: "", success: true });
  return { output: plan.summary, success: true };
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
