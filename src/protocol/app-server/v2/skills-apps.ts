// skills/list (SKILL.md files per cwd) and app/list (the connectors of the connector directory).
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { SkillInterface } from "../../event-parts.js";

export const SkillsListParams = lazySchema(() =>
  z.object({
    cwds: z.array(z.string()).optional(),
    forceReload: z.boolean().optional(),
  }),
);

export const SkillMetadata = lazySchema(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    path: z.string(),
    scope: z.enum(["user", "repo", "system", "admin"]),
    enabled: z.boolean(),
    /** The installed plugin that brings the skill (null: the user's or the project's own). */
    pluginId: z.string().nullable(),
    /** Left out when the front matter has no `metadata.short-description` (as Codex does). */
    shortDescription: z.string().optional(),
    /** Left out when the skill has no `agents/openai.yaml` interface. */
    interface: SkillInterface.optional(),
  }),
);

export const SkillsListResponse = lazySchema(() =>
  z.object({
    data: z.array(
      z.object({
        cwd: z.string(),
        skills: z.array(SkillMetadata),
        errors: z.array(z.object({ path: z.string(), message: z.string() })),
      }),
    ),
  }),
);

export const AppsListParams = lazySchema(() =>
  z.object({
    cursor: z.string().nullish(),
    limit: z.number().int().min(0).nullish(),
    threadId: z.string().nullish(),
    forceRefetch: z.boolean().optional(),
  }),
);

export const AppInfo = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullish(),
    isAccessible: z.boolean(),
    isEnabled: z.boolean(),
    /** The enabled plugins that declare this connector (their `.app.json`). */
    pluginDisplayNames: z.array(z.string()).optional(),
  }),
);

export const SkillsExtraRootsSetParams = lazySchema(() => z.object({ extraRoots: z.array(z.string()) }));

export const AppsReadParams = lazySchema(() =>
  z.object({
    appIds: z.array(z.string()),
    includeTools: z.boolean().optional(),
    threadId: z.string().nullish(),
  }),
);
export const AppsReadResponse = lazySchema(() =>
  z.object({
    apps: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        toolSummaries: z
          .array(z.object({ name: z.string(), description: z.string(), isEnabled: z.boolean() }))
          .nullish(),
      }),
    ),
    missingAppIds: z.array(z.string()),
  }),
);
export const AppsInstalledParams = lazySchema(() =>
  z.object({
    forceRefresh: z.boolean().optional(),
    threadId: z.string().nullish(),
  }),
);
export const AppsInstalledResponse = lazySchema(() =>
  z.object({
    apps: z.array(
      z.object({
        id: z.string(),
        enabled: z.boolean(),
        callable: z.boolean(),
        runtimeName: z.string().nullish(),
      }),
    ),
  }),
);

export const AppsListResponse = lazySchema(() =>
  z.object({ data: z.array(AppInfo), nextCursor: z.string().nullish() }),
);
