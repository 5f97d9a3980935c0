// hooks/list and the hook/started, hook/completed notifications (Codex 0.169's HooksList*, Hook*Notification).
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { HookEventName, HookRunSummary, HookSourceKind, HookTrustStatus } from "../../hooks.js";

export const HooksListParams = lazySchema(() =>
  z.object({
    cwds: z.array(z.string()).optional(),
    threadId: z.string().nullish(),
  }),
);

export const HookMetadata = lazySchema(() =>
  z.object({
    key: z.string(),
    eventName: HookEventName,
    handlerType: z.literal("command"),
    command: z.string(),
    async: z.boolean(),
    matcher: z.string().nullable(),
    timeoutSec: z.number().int(),
    statusMessage: z.string().nullable(),
    additionalContextLimit: z.number().int().nullable(),
    sourcePath: z.string(),
    source: HookSourceKind,
    pluginId: z.string().nullable(),
    environmentId: z.string().nullable(),
    displayOrder: z.number().int(),
    enabled: z.boolean(),
    isManaged: z.boolean(),
    currentHash: z.string(),
    trustStatus: HookTrustStatus,
  }),
);

export const HooksListResponse = lazySchema(() =>
  z.object({
    data: z.array(
      z.object({
        cwd: z.string(),
        hooks: z.array(HookMetadata),
        warnings: z.array(z.string()),
        errors: z.array(z.object({ path: z.string(), message: z.string() })),
      }),
    ),
  }),
);

export const HookNotification = lazySchema(() =>
  z.object({
    threadId: z.string(),
    turnId: z.string().nullish(),
    run: HookRunSummary,
  }),
);
