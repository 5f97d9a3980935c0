// model/list: the models a client may pick, from the provider's GET /models or a built-in list.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { ReasoningEffort } from "./common.js";

export const ModelListParams = lazySchema(() =>
  z.object({
    cursor: z.string().nullish(),
    limit: z.number().int().min(0).nullish(),
    includeHidden: z.boolean().nullish(),
    modelProvider: z.string().nullish(),
  }),
);

export const Model = lazySchema(() =>
  z.object({
    id: z.string(),
    model: z.string(),
    displayName: z.string(),
    description: z.string(),
    hidden: z.boolean(),
    isDefault: z.boolean(),
    supportedReasoningEfforts: z.array(
      z.object({ reasoningEffort: ReasoningEffort, description: z.string() }),
    ),
    defaultReasoningEffort: ReasoningEffort,
    inputModalities: z.array(z.enum(["text", "image"])),
    /** A codex-ts addition: the context window in tokens, when known. */
    contextWindow: z.number().int().nullable(),
    /** Codex's name for the speed tiers (`fast`), kept beside `serviceTiers` for older clients. */
    additionalSpeedTiers: z.array(z.string()),
    serviceTiers: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })),
    defaultServiceTier: z.string().nullable(),
    supportsPersonality: z.boolean(),
    // Catalog facts codex-ts has no source for (Codex's model catalog): null.
    upgrade: z.string().nullable(),
    upgradeInfo: z.unknown().nullable(),
    modelSpecialty: z.string().nullable(),
    availableAccessPrograms: z.unknown().nullable(),
    availabilityNux: z.unknown().nullable(),
    multiAgentVersion: z.string().nullable(),
  }),
);
export type Model = z.infer<typeof Model>;

export const ModelListResponse = lazySchema(() =>
  z.object({ data: z.array(Model), nextCursor: z.string().nullable() }),
);
