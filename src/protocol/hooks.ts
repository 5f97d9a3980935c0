// Lifecycle hooks as the engine reports them: one run of one hook handler (hook_started / hook_completed
// events carry it, and the app-server's hook/started and hook/completed notifications carry it unchanged).
// Field names follow the app-server schema of Codex 0.169 (HookRunSummary).
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

/** Event names as hooks.json spells them. */
export const HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "SubagentStart",
  "SubagentStop",
  "Stop",
] as const;
export const HookEvent = lazySchema(() => z.enum(HOOK_EVENTS));
export type HookEvent = z.infer<typeof HookEvent>;

/** The app-server's spelling of an event (camelCase). */
export const HookEventName = lazySchema(() =>
  z.enum([
    "sessionStart",
    "userPromptSubmit",
    "preToolUse",
    "permissionRequest",
    "postToolUse",
    "preCompact",
    "postCompact",
    "subagentStart",
    "subagentStop",
    "stop",
  ]),
);
export type HookEventName = z.infer<typeof HookEventName>;

export function hookEventName(event: HookEvent): HookEventName {
  return (event.charAt(0).toLowerCase() + event.slice(1)) as HookEventName;
}

export const HookSourceKind = lazySchema(() =>
  z.enum(["system", "user", "project", "plugin", "sessionFlags", "unknown"]),
);
export type HookSourceKind = z.infer<typeof HookSourceKind>;

export const HookTrustStatus = lazySchema(() => z.enum(["managed", "untrusted", "trusted", "modified"]));
export type HookTrustStatus = z.infer<typeof HookTrustStatus>;

export const HookOutputEntry = lazySchema(() =>
  z.object({
    kind: z.enum(["warning", "stop", "feedback", "context", "error"]),
    text: z.string(),
  }),
);
export type HookOutputEntry = z.infer<typeof HookOutputEntry>;

export const HookRunSummary = lazySchema(() =>
  z.object({
    id: z.string(),
    eventName: HookEventName,
    handlerType: z.literal("command"),
    executionMode: z.enum(["sync", "async"]),
    scope: z.enum(["thread", "turn"]),
    source: HookSourceKind,
    sourcePath: z.string(),
    displayOrder: z.number().int(),
    status: z.enum(["running", "completed", "failed", "blocked", "stopped"]),
    statusMessage: z.string().nullish(),
    startedAt: z.number().int(),
    completedAt: z.number().int().nullish(),
    durationMs: z.number().int().nullish(),
    entries: z.array(HookOutputEntry),
  }),
);
export type HookRunSummary = z.infer<typeof HookRunSummary>;
