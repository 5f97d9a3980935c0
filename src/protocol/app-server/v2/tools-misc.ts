// mcpServerStatus/list (the MCP servers a thread sees, with their state and tools), fuzzyFileSearch (ranked
// paths under some roots) and feedback/upload (a bundle of a thread's rollout and the logs, kept locally).
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";

export const McpServerStatusParams = lazySchema(() =>
  z.object({
    cursor: z.string().nullish(),
    limit: z.number().int().min(0).nullish(),
    threadId: z.string().nullish(),
    serverName: z.string().nullish(),
    detail: z.enum(["full", "toolsAndAuthOnly"]).nullish(),
  }),
);

export const McpServerConnectionStatus = lazySchema(() =>
  z.enum([
    "notStarted",
    "starting",
    "connected",
    "authenticationRequired",
    "failed",
    "cancelled",
    "disabled",
  ]),
);

export const McpToolDefinition = lazySchema(() =>
  z.object({
    name: z.string(),
    title: z.string().nullish(),
    description: z.string().nullish(),
    inputSchema: z.unknown(),
    annotations: z.unknown().optional(),
  }),
);

export const McpServerStatusEntry = lazySchema(() =>
  z.object({
    name: z.string(),
    authStatus: z.enum(["unknown", "unsupported", "notLoggedIn", "bearerToken", "oAuth"]),
    httpOrigin: z.string().nullish(),
    runtimeStatus: McpServerConnectionStatus.nullish(),
    tools: z.record(z.string(), McpToolDefinition),
    toolsError: z.string().nullish(),
    resources: z.array(z.unknown()),
    resourceTemplates: z.array(z.unknown()),
    /** The plugin that brings the server (null: the user's own config). */
    pluginId: z.string().nullable(),
    // What the server said of itself at its handshake, and its tool list's `_meta`: codex-ts keeps none.
    serverInfo: z.unknown().nullable(),
    serverCapabilities: z.unknown().nullable(),
    toolListMeta: z.unknown().nullable(),
  }),
);
export type McpServerStatusEntry = z.infer<typeof McpServerStatusEntry>;

export const McpServerStatusResponse = lazySchema(() =>
  z.object({
    data: z.array(McpServerStatusEntry),
    nextCursor: z.string().nullish(),
  }),
);

export const McpStartupStatusNotification = lazySchema(() =>
  z.object({
    name: z.string(),
    status: z.enum(["starting", "ready", "failed", "cancelled"]),
    error: z.string().nullish(),
    /** Codex's classification of a failed start; codex-ts gives the error text only. */
    failureReason: z.string().nullable(),
    threadId: z.string().nullish(),
  }),
);

export const FuzzyFileSearchParams = lazySchema(() =>
  z.object({
    query: z.string(),
    roots: z.array(z.string()),
    cancellationToken: z.string().nullish(),
  }),
);

export const FuzzyFileSearchResult = lazySchema(() =>
  z.object({
    root: z.string(),
    path: z.string(),
    file_name: z.string(),
    match_type: z.enum(["file", "directory"]),
    score: z.number().int().min(0),
    indices: z.array(z.number().int().min(0)).nullish(),
  }),
);

export const FuzzyFileSearchResponse = lazySchema(() => z.object({ files: z.array(FuzzyFileSearchResult) }));

// The streamed search: a session holds the roots, each update searches and notifies its results.
export const FuzzyFileSearchSessionStartParams = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    roots: z.array(z.string()),
  }),
);
export const FuzzyFileSearchSessionUpdateParams = lazySchema(() =>
  z.object({ sessionId: z.string(), query: z.string() }),
);
export const FuzzyFileSearchSessionStopParams = lazySchema(() => z.object({ sessionId: z.string() }));
export const FuzzyFileSearchSessionUpdatedNotification = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    query: z.string(),
    files: z.array(FuzzyFileSearchResult),
  }),
);

export const FeedbackUploadParams = lazySchema(() =>
  z.object({
    classification: z.string(),
    reason: z.string().nullish(),
    threadId: z.string().nullish(),
    includeLogs: z.boolean().optional(),
    extraLogFiles: z.array(z.string()).nullish(),
    tags: z.record(z.string(), z.string()).nullish(),
  }),
);

/**
 * codex-ts uploads nothing: the bundle is written under $CODEX_HOME/feedback/<id>/ and `savedPath` (an
 * extension, named as feedback/save's field) says where. `threadId` is the thread reported, else the id.
 */
export const FeedbackUploadResponse = lazySchema(() =>
  z.object({
    threadId: z.string(),
    promptHash: z.string().nullish(),
    savedPath: z.string(),
  }),
);

export const McpServerOauthLoginParams = lazySchema(() =>
  z.object({
    name: z.string(),
    /** auto and dcr: dynamic client registration when the server offers it; cimd is not supported. */
    clientRegistration: z.enum(["auto", "cimd", "dcr"]).nullish(),
    scopes: z.array(z.string()).nullish(),
    threadId: z.string().nullish(),
    timeoutSecs: z.number().int().min(1).nullish(),
  }),
);

export const McpServerOauthLoginResponse = lazySchema(() =>
  z.object({
    authorizationUrl: z.string(),
    loginId: z.string().nullish(),
  }),
);
