// What a hook's exit code and output mean, as Codex reads them:
// - exit 0 with nothing, or text: fine (SessionStart / UserPromptSubmit text becomes context for the model);
// - exit 0 with a JSON object: `continue: false` + `stopReason`, `systemMessage`, `decision: "block"` +
//   `reason`, `hookSpecificOutput.additionalContext`, `hookSpecificOutput.permissionDecision` ("deny" blocks
//   a tool call) with `permissionDecisionReason`, and for PermissionRequest
//   `hookSpecificOutput.decision.behavior` ("allow" | "deny") with `message`;
// - exit 2: block, with stderr as the reason;
// - any other exit, a timeout, a crash or unreadable JSON: a warning, and the turn goes on.
import { z } from "zod";
import type { HookEvent, HookOutputEntry, HookRunSummary } from "../../protocol/hooks.js";
import type { CommandHookResult } from "./run-command-hook.js";

export interface HookVerdict {
  status: Exclude<HookRunSummary["status"], "running">;
  entries: HookOutputEntry[];
  /** Block the action (or, for Stop, keep the turn going) with this reason. */
  block?: string;
  /** Context for the model. */
  context?: string;
  /** PermissionRequest: the hook's decision. */
  permission?: { behavior: "allow" | "deny"; message?: string };
  /** `continue: false`: the turn stops here. */
  stop?: string;
}

const HookJson = z.looseObject({
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  systemMessage: z.string().optional(),
  suppressOutput: z.boolean().optional(),
  decision: z.string().optional(),
  reason: z.string().optional(),
  hookSpecificOutput: z
    .looseObject({
      hookEventName: z.string().optional(),
      additionalContext: z.string().optional(),
      permissionDecision: z.enum(["allow", "deny", "ask"]).optional(),
      permissionDecisionReason: z.string().optional(),
      decision: z
        .looseObject({ behavior: z.enum(["allow", "deny"]), message: z.string().optional() })
        .optional(),
    })
    .optional(),
});

/** Events whose plain-text stdout is context for the model. */
const TEXT_IS_CONTEXT = new Set<HookEvent>(["SessionStart", "SubagentStart", "UserPromptSubmit"]);
/** Events a hook can block (for Stop, "block" means: do not stop yet). */
const CAN_BLOCK = new Set<HookEvent>([
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Stop",
  "SubagentStop",
]);

export function interpretHookResult(event: HookEvent, result: CommandHookResult): HookVerdict {
  if (result.error !== undefined) {
    return failed(`hook ${result.timedOut ? "timed out" : "failed"}: ${result.error}`);
  }
  const stderr = result.stderr.trim();
  if (result.exitCode === 2) {
    const reason = stderr || "blocked by hook";
    if (event === "PermissionRequest") return decided({ behavior: "deny", message: reason });
    if (!CAN_BLOCK.has(event)) return failed(`hook exited with code 2: ${reason}`);
    return { status: "blocked", entries: [{ kind: "feedback", text: reason }], block: reason };
  }
  if (result.exitCode !== 0) {
    return failed(`hook exited with code ${result.exitCode ?? "?"}${stderr ? `: ${stderr}` : ""}`);
  }
  const stdout = result.stdout.trim();
  if (!stdout) return { status: "completed", entries: [] };
  if (!stdout.startsWith("{")) {
    if (!TEXT_IS_CONTEXT.has(event)) return { status: "completed", entries: [] };
    return { status: "completed", entries: [{ kind: "context", text: stdout }], context: stdout };
  }
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    return failed(`hook printed invalid JSON: ${stdout.slice(0, 200)}`);
  }
  const parsed = HookJson.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return failed(
      `hook JSON output not understood: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim(),
    );
  }
  return fromJson(event, parsed.data);
}

function fromJson(event: HookEvent, out: z.infer<typeof HookJson>): HookVerdict {
  const verdict: HookVerdict = { status: "completed", entries: [] };
  if (out.systemMessage) verdict.entries.push({ kind: "warning", text: out.systemMessage });
  const specific = out.hookSpecificOutput;
  if (specific?.additionalContext) {
    verdict.context = specific.additionalContext;
    verdict.entries.push({ kind: "context", text: specific.additionalContext });
  }
  if (event === "PermissionRequest" && specific?.decision) {
    verdict.permission = {
      behavior: specific.decision.behavior,
      ...(specific.decision.message ? { message: specific.decision.message } : {}),
    };
    if (specific.decision.behavior === "deny") verdict.status = "blocked";
    verdict.entries.push({
      kind: "feedback",
      text: `${specific.decision.behavior}${specific.decision.message ? `: ${specific.decision.message}` : ""}`,
    });
  }
  const denied = event === "PreToolUse" && specific?.permissionDecision === "deny";
  if ((out.decision === "block" || denied) && CAN_BLOCK.has(event)) {
    const reason =
      (denied ? specific?.permissionDecisionReason : undefined) ?? out.reason ?? "blocked by hook";
    verdict.block = reason;
    verdict.status = "blocked";
    verdict.entries.push({ kind: "feedback", text: reason });
  }
  if (out.continue === false) {
    verdict.stop = out.stopReason ?? "stopped by hook";
    verdict.status = "stopped";
    verdict.entries.push({ kind: "stop", text: verdict.stop });
  }
  return verdict;
}

function decided(permission: { behavior: "allow" | "deny"; message: string }): HookVerdict {
  return {
    status: "blocked",
    entries: [{ kind: "feedback", text: `${permission.behavior}: ${permission.message}` }],
    permission,
  };
}

function failed(text: string): HookVerdict {
  return { status: "failed", entries: [{ kind: "warning", text }] };
}
