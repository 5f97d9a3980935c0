// externalAgentConfig/*: detecting another coding agent's configuration (Claude Code) and importing it.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";

export const MigrationItemType = lazySchema(() =>
  z.enum([
    "AGENTS_MD",
    "CONFIG",
    "SKILLS",
    "PLUGINS",
    "MCP_SERVER_CONFIG",
    "SUBAGENTS",
    "HOOKS",
    "COMMANDS",
    "MEMORY",
    "SESSIONS",
  ]),
);
export type MigrationItemType = z.infer<typeof MigrationItemType>;

const Named = lazySchema(() => z.object({ name: z.string() }));

export const MigrationDetails = lazySchema(() =>
  z.object({
    plugins: z.array(z.object({ marketplaceName: z.string(), pluginNames: z.array(z.string()) })).optional(),
    skills: z.array(Named).optional(),
    sessions: z
      .array(z.object({ cwd: z.string(), path: z.string(), title: z.string().nullish() }))
      .optional(),
    mcpServers: z.array(Named).optional(),
    hooks: z.array(Named).optional(),
    subagents: z.array(Named).optional(),
    commands: z.array(Named).optional(),
    memory: z.array(z.string()).optional(),
  }),
);
export type MigrationDetails = z.infer<typeof MigrationDetails>;

export const MigrationItem = lazySchema(() =>
  z.object({
    itemType: MigrationItemType,
    description: z.string(),
    /** Null or empty: home-scoped; otherwise the repository it is about. */
    cwd: z.string().nullish(),
    details: MigrationDetails.nullish(),
  }),
);
export type MigrationItem = z.infer<typeof MigrationItem>;

export const ExternalAgentConfigDetectParams = lazySchema(() =>
  z.object({
    cwds: z.array(z.string()).nullish(),
    includeHome: z.boolean().optional(),
    maxSessionAgeDays: z.number().int().min(0).nullish(),
    maxSessions: z.number().int().min(0).nullish(),
    migrationSource: z.string().nullish(),
    source: z.string().nullish(),
  }),
);

const ConnectorCandidate = lazySchema(() =>
  z.object({
    name: z.string(),
    sessionCount: z.number().int().min(0),
    source: z.enum(["remoteMcpServersConfig", "sessionToolUse"]),
  }),
);

export const ExternalAgentConfigDetectResponse = lazySchema(() =>
  z.object({
    items: z.array(MigrationItem),
    connectors: z.array(ConnectorCandidate),
  }),
);

export const ExternalAgentConfigImportParams = lazySchema(() =>
  z.object({
    migrationItems: z.array(MigrationItem),
    migrationSource: z.string().nullish(),
    providerId: z.string().nullish(),
    source: z.string().nullish(),
  }),
);

export const ImportSuccess = lazySchema(() =>
  z.object({
    itemType: MigrationItemType,
    cwd: z.string().nullish(),
    source: z.string().nullish(),
    target: z.string().nullish(),
    title: z.string().nullish(),
  }),
);
export type ImportSuccess = z.infer<typeof ImportSuccess>;

export const ImportFailure = lazySchema(() =>
  z.object({
    itemType: MigrationItemType,
    failureStage: z.string(),
    message: z.string(),
    cwd: z.string().nullish(),
    source: z.string().nullish(),
    errorType: z.string().nullish(),
    subErrorType: z.string().nullish(),
  }),
);
export type ImportFailure = z.infer<typeof ImportFailure>;

export const ImportTypeResult = lazySchema(() =>
  z.object({
    itemType: MigrationItemType,
    successes: z.array(ImportSuccess),
    failures: z.array(ImportFailure),
  }),
);
export type ImportTypeResult = z.infer<typeof ImportTypeResult>;

export const ImportIdResponse = lazySchema(() => z.object({ importId: z.string() }));

export const ExternalAgentConfigImportHistoryRecordParams = lazySchema(() =>
  z.object({
    providerId: z.string(),
    itemTypeResults: z.array(ImportTypeResult),
  }),
);

export const ImportHistory = lazySchema(() =>
  z.object({
    importId: z.string(),
    providerId: z.string().nullish(),
    completedAtMs: z.number().int(),
    successes: z.array(ImportSuccess),
    failures: z.array(ImportFailure),
  }),
);
export type ImportHistory = z.infer<typeof ImportHistory>;

export const ExternalAgentConfigImportHistoriesReadResponse = lazySchema(() =>
  z.object({
    data: z.array(ImportHistory),
    connectors: z.array(
      z.object({
        name: z.string(),
        sessionCount: z.number().int().min(0),
        source: z.literal("remoteMcpServersConfig"),
      }),
    ),
  }),
);

export const ExternalAgentConfigImportNotification = lazySchema(() =>
  z.object({
    importId: z.string(),
    itemTypeResults: z.array(ImportTypeResult),
  }),
);
