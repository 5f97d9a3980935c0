// Samples for schema-conformance.test.ts: fs/*, command/exec* and the thread methods beside the history
// (items, delete, unsubscribe, metadata, goals). Test data only.
import { threadNulls } from "./conformance-samples-threads.js";

const goal = {
  threadId: "t1",
  objective: "ship it",
  status: "active",
  tokenBudget: null,
  tokensUsed: 0,
  timeUsedSeconds: 0,
  createdAt: 1,
  updatedAt: 2,
};
const thread = {
  ...threadNulls,
  reasoningEffort: null,
  id: "t1",
  sessionId: "t1",
  preview: "hi",
  ephemeral: false,
  modelProvider: "openai",
  createdAt: 1,
  updatedAt: 2,
  status: { type: "idle" },
  cwd: "/w",
  cliVersion: "0.1.0",
  source: "vscode",
  projectId: null,
  turns: [],
};
export const localMethodSamples = {
  "fs/readFile": { params: [{ path: "/w/a.txt" }], results: [{ dataBase64: "aGk=" }] },
  "fs/writeFile": { params: [{ path: "/w/a.txt", dataBase64: "aGk=" }], results: [{}] },
  "fs/createDirectory": { params: [{ path: "/w/d" }, { path: "/w/d", recursive: false }], results: [{}] },
  "fs/getMetadata": {
    params: [{ path: "/w" }],
    results: [{ isDirectory: true, isFile: false, isSymlink: false, createdAtMs: 1, modifiedAtMs: 2 }],
  },
  "fs/readDirectory": {
    params: [{ path: "/w" }],
    results: [{ entries: [{ fileName: "a.txt", isDirectory: false, isFile: true }] }],
  },
  "fs/remove": { params: [{ path: "/w/a" }, { path: "/w/a", recursive: true, force: false }], results: [{}] },
  "fs/copy": {
    params: [
      { sourcePath: "/w/a", destinationPath: "/w/b" },
      { sourcePath: "/w/a", destinationPath: "/w/b", recursive: true },
    ],
    results: [{}],
  },
  "fs/watch": { params: [{ path: "/w", watchId: "w1" }], results: [{ path: "/w" }] },
  "fs/unwatch": { params: [{ watchId: "w1" }], results: [{}] },
  "command/exec": {
    params: [
      { command: ["ls"] },
      {
        command: ["bash"],
        cwd: "/w",
        env: { A: "1", B: null },
        processId: "p1",
        sandboxPolicy: { type: "workspaceWrite", writableRoots: ["/w"], networkAccess: false },
        size: { cols: 80, rows: 24 },
        tty: true,
        timeoutMs: 1000,
        outputBytesCap: 10,
      },
    ],
    results: [{ exitCode: 0, stdout: "a\n", stderr: "" }],
  },
  "command/exec/write": {
    params: [
      { processId: "p1", deltaBase64: "aGk=" },
      { processId: "p1", closeStdin: true },
    ],
    results: [{}],
  },
  "command/exec/terminate": { params: [{ processId: "p1" }], results: [{}] },
  "command/exec/resize": { params: [{ processId: "p1", size: { cols: 100, rows: 30 } }], results: [{}] },

  "thread/items/list": {
    params: [
      { threadId: "t1" },
      {
        threadId: "t1",
        turnId: "u1",
        cursor: { type: "item", itemId: "i1" },
        limit: 5,
        sortDirection: "desc",
      },
      { threadId: "t1", cursor: "abc" },
    ],
    results: [
      {
        data: [
          {
            turnId: "u1",
            item: {
              type: "agentMessage",
              id: "i1",
              text: "hi",
              moderation: null,
              phase: null,
              memoryCitation: null,
              delivery: null,
              questions: null,
            },
            startedAtMs: null,
            completedAtMs: null,
          },
        ],
        nextCursor: null,
        backwardsCursor: "x",
      },
    ],
  },
  "thread/delete": { params: [{ threadId: "t1" }], results: [{}] },
  "thread/unsubscribe": {
    params: [{ threadId: "t1" }],
    results: [{ status: "unsubscribed" }, { status: "notLoaded" }],
  },
  "thread/metadata/update": {
    params: [{ threadId: "t1" }, { threadId: "t1", gitInfo: { sha: "abc", branch: null } }],
    results: [{ thread: { ...thread, gitInfo: { sha: "abc", branch: "main", originUrl: null } } }],
  },
  "thread/goal/set": {
    params: [
      { threadId: "t1", objective: "ship it" },
      { threadId: "t1", status: "paused", tokenBudget: 10, origin: "user" },
    ],
    results: [{ goal }],
  },
  "thread/goal/get": { params: [{ threadId: "t1" }], results: [{ goal }, { goal: null }] },
  "thread/goal/clear": {
    params: [{ threadId: "t1" }, { threadId: "t1", origin: "user" }],
    results: [{ cleared: true }],
  },

  "account/gatewayOAuth/read": {
    params: [undefined],
    results: [
      {
        providerId: "openai",
        providerName: "OpenAI",
        required: false,
        supportsDeviceAuth: false,
        status: null,
        error: null,
      },
    ],
  },
  "account/gatewayOAuth/login": { params: [undefined], results: [] },
  "account/gatewayOAuth/cancel": { params: [undefined], results: [{}] },
  "account/securitySetup/read": { params: [undefined], results: [{ notice: null }] },
  "account/rateLimitResetCredit/consume": { params: [{ idempotencyKey: "k" }], results: [] },
  "account/usage/read": { params: [undefined], results: [] },
  "account/workspaceMessages/read": { params: [undefined], results: [] },
  "account/sendAddCreditsNudgeEmail": { params: [{ creditType: "credits" }], results: [] },
  "modelProvider/list": {
    params: [{}],
    results: [
      {
        data: [
          { id: "openai", name: "OpenAI", canEdit: false, baseUrl: null, settings: { type: "openai" } },
          {
            id: "local",
            name: "Local",
            canEdit: false,
            baseUrl: "http://x",
            settings: { type: "customGateway", auth: { mode: "environmentVariable", envKey: "K" } },
          },
        ],
        defaultProviderId: "openai",
        canChangeDefault: true,
      },
    ],
  },
  "modelProvider/capabilities/read": { params: [{}], results: [{ imageGeneration: true, webSearch: true }] },
  "modelProvider/config/write": {
    params: [
      { settings: { type: "customGateway", name: "Local", baseUrl: "http://127.0.0.1:1/v1", envKey: "K" } },
    ],
    results: [
      {
        provider: {
          id: "local",
          name: "Local",
          canEdit: false,
          baseUrl: "http://127.0.0.1:1/v1",
          settings: { type: "customGateway", auth: { mode: "none" } },
        },
      },
    ],
  },
  "permissionProfile/list": {
    params: [{}, { cursor: "1", limit: 1, cwd: "/w" }],
    results: [{ data: [{ id: ":workspace", description: null, allowed: true }], nextCursor: "2" }],
  },
  "experimentalFeature/list": {
    params: [{}, { limit: 5 }],
    results: [{ data: [], nextCursor: null }],
  },
  "experimentalFeature/enablement/set": { params: [{ enablement: {} }], results: [{ enablement: {} }] },
  "collaborationMode/list": {
    params: [{}, undefined],
    results: [{ data: [{ name: "Plan", mode: "plan", model: null, reasoning_effort: "medium" }] }],
  },
  "configRequirements/read": {
    params: [undefined],
    results: [{ requirements: null, supportsIndependentSpeedModes: true }],
  },
  "windowsSandbox/readiness": { params: [undefined], results: [{ status: "notConfigured" }] },
  "windowsSandbox/setupStart": { params: [{ mode: "elevated" }], results: [{ started: false }] },
  "config/mcpServer/reload": { params: [undefined], results: [{}] },
  "thread/approveGuardianDeniedAction": { params: [{ threadId: "t1", event: {} }], results: [{}] },
  "mcpServer/tool/call": {
    params: [
      { threadId: "t1", server: "local", tool: "echo" },
      { threadId: "t1", server: "local", tool: "echo", arguments: { a: 1 } },
    ],
    results: [
      { content: [{ type: "text", text: "hi" }], isError: false },
      { content: [], structuredContent: { a: 1 } },
    ],
  },
  "mcpServer/resource/read": {
    params: [
      { server: "local", uri: "file:///a" },
      { server: "local", uri: "file:///a", threadId: "t1" },
    ],
    results: [{ contents: [{ uri: "file:///a", text: "hi", mimeType: "text/plain" }], originCallId: null }],
  },
  "feedback/save": {
    params: [{ classification: "bug", savePath: "/w/fb" }],
    results: [{ threadId: "t1", savedPath: "/w/fb", promptHash: null }],
  },

  "skills/extraRoots/set": { params: [{ extraRoots: [] }, { extraRoots: ["/w/skills"] }], results: [{}] },
  "thread/shellCommand": {
    params: [
      { threadId: "t1", command: "ls | wc -l" },
      { threadId: "t1", command: "make", timeoutMs: 0 },
    ],
    results: [{}],
  },
  "mcpServer/oauth/login": {
    params: [
      { name: "docs" },
      { name: "docs", scopes: ["read"], timeoutSecs: 60, clientRegistration: "dcr" },
    ],
    results: [{ authorizationUrl: "https://auth.example/authorize?x=1", loginId: "l1" }],
  },
  "externalAgentConfig/detect": {
    params: [{}, { includeHome: true, cwds: ["/w"], migrationSource: null }],
    results: [
      {
        items: [
          {
            itemType: "AGENTS_MD",
            description: "Migrate /w/CLAUDE.md to /w/AGENTS.md",
            cwd: "/w",
            details: null,
          },
          {
            itemType: "MCP_SERVER_CONFIG",
            description: "Migrate MCP servers from /h into /h/.codex/config.toml",
            cwd: null,
            details: {
              plugins: [],
              skills: [],
              sessions: [],
              mcpServers: [{ name: "docs" }],
              hooks: [],
              subagents: [],
              commands: [],
            },
          },
        ],
        connectors: [],
      },
    ],
  },
  "externalAgentConfig/import": {
    params: [
      { migrationItems: [] },
      { migrationItems: [{ itemType: "AGENTS_MD", description: "d", cwd: "/w" }], providerId: "p" },
    ],
    results: [{ importId: "i1" }],
  },
  "externalAgentConfig/import/recordHistory": {
    params: [
      {
        providerId: "p",
        itemTypeResults: [
          { itemType: "SKILLS", successes: [{ itemType: "SKILLS", source: "a" }], failures: [] },
        ],
      },
    ],
    results: [{ importId: "i2" }],
  },
  "externalAgentConfig/import/readHistories": {
    params: [undefined],
    results: [
      { data: [], connectors: [] },
      {
        data: [
          {
            importId: "i1",
            providerId: null,
            completedAtMs: 1,
            successes: [
              {
                itemType: "AGENTS_MD",
                cwd: "/w",
                source: "/w/CLAUDE.md",
                target: "/w/AGENTS.md",
                title: null,
              },
            ],
            failures: [
              { itemType: "SKILLS", failureStage: "write", message: "exists", cwd: null, source: "a" },
            ],
          },
        ],
        connectors: [],
      },
    ],
  },
  "thread/inject_items": {
    params: [
      { threadId: "t1", items: [] },
      {
        threadId: "t1",
        items: [{ type: "message", role: "user", content: [{ type: "input_text", text: "x" }] }],
      },
    ],
    results: [{}],
  },
  "app/read": {
    params: [{ appIds: ["a"] }, { appIds: ["a", "b"], includeTools: true, threadId: null }],
    results: [
      {
        apps: [
          {
            id: "a",
            name: "Docs",
            toolSummaries: [{ name: "search", description: "Searches", isEnabled: true }],
          },
        ],
        missingAppIds: ["b"],
      },
    ],
  },
  "app/installed": {
    params: [{}, { forceRefresh: true }],
    results: [{ apps: [{ id: "a", enabled: true, callable: true, runtimeName: null }] }],
  },
  "thread/attachment/add": {
    params: [{ threadId: "t1", attachmentType: "pr", identityKey: "1", payload: { url: "u" } }],
    results: [
      {
        outcome: "created",
        attachment: { id: "a1", attachmentType: "pr", identityKey: "1", payload: { url: "u" }, createdAt: 1 },
      },
    ],
  },
  "thread/attachment/list": {
    params: [{ threadId: "t1" }, { threadId: "t1", cursor: "1", limit: 1 }],
    results: [
      {
        data: [{ id: "a1", attachmentType: "pr", identityKey: "1", payload: null, createdAt: 1 }],
        nextCursor: null,
      },
    ],
  },
  "thread/attachmentOwner/list": {
    params: [
      { attachmentType: "pr", identityKey: "1" },
      { attachmentType: "pr", identityKey: "1", archived: false },
    ],
    results: [{ data: [{ threadId: "t1", archived: false }], nextCursor: null }],
  },
  "thread/attachment/remove": {
    params: [{ threadId: "t1", attachmentType: "pr", identityKey: "1" }],
    results: [{}],
  },
  "threadSection/list": {
    params: [{}],
    results: [{ data: [{ id: "s1", name: "Pinned", appearance: null }], nextCursor: null }],
  },
  "threadSection/create": {
    params: [{ name: "Work" }, { name: "Work", appearance: { color: "red", icon: null } }],
    results: [{ section: { id: "s2", name: "Work", appearance: null } }],
  },
  "threadSection/update": {
    params: [{ sectionId: "s2", name: "Play" }],
    results: [{ section: { id: "s2", name: "Play" } }],
  },
  "threadSection/delete": { params: [{ sectionId: "s2" }], results: [{}] },
  "thread/section/move": {
    params: [
      { threadId: "t1", sectionId: "s1" },
      { threadId: "t1", sectionId: null, beforeThreadId: "t2" },
    ],
    results: [{}],
  },
};
