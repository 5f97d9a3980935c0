// Samples for schema-conformance.test.ts: the thread, turn, model and config shapes the method samples share,
// and the thread-history methods' samples. Test data only.
/** The keys Codex sends as null on a thread codex-ts has no value for. */
export const threadNulls = {
  forkedFromId: null,
  parentThreadId: null,
  agentNickname: null,
  agentRole: null,
  threadSource: null,
  attachedToThreadId: null,
  extra: null,
  daybreakEnabled: null,
  section: null,
  sectionEnteredAt: null,
};
export const thread = {
  ...threadNulls,
  id: "t1",
  sessionId: "t1",
  preview: "",
  ephemeral: false,
  modelProvider: "openai",
  model: "gpt-5.1-codex",
  reasoningEffort: null,
  createdAt: 1_700_000_000,
  updatedAt: 1_700_000_000,
  status: { type: "idle" },
  path: "/h/sessions/2026/01/01/rollout.jsonl",
  cwd: "/w",
  cliVersion: "0.1.0",
  originator: "vscode",
  source: "vscode",
  projectId: null,
  name: null,
  turns: [],
};
export const turn = { id: "turn1", items: [], status: "inProgress", error: null };
export const layerName = { type: "user", file: "/h/config.toml", profile: null };
export const model = {
  id: "gpt-5.1-codex",
  model: "gpt-5.1-codex",
  displayName: "GPT-5.1-Codex",
  description: "coding",
  hidden: false,
  isDefault: true,
  supportedReasoningEfforts: [{ reasoningEffort: "low", description: "fast" }],
  defaultReasoningEffort: "medium",
  inputModalities: ["text", "image"],
  contextWindow: 272_000,
  additionalSpeedTiers: ["fast"],
  serviceTiers: [{ id: "priority", name: "Fast", description: "faster" }],
  defaultServiceTier: null,
  supportsPersonality: true,
  upgrade: null,
  upgradeInfo: null,
  modelSpecialty: null,
  availableAccessPrograms: null,
  availabilityNux: null,
  multiAgentVersion: null,
};

const loadResult = {
  thread: { ...thread, turns: [turn], forkedFromId: "t0", parentThreadId: null },
  model: "gpt-5.1-codex",
  modelProvider: "openai",
  cwd: "/w",
  approvalPolicy: "on-request",
  approvalsReviewer: "user",
  sandbox: { type: "readOnly", networkAccess: false },
  reasoningEffort: null,
  disabledPluginIds: [],
  runtimeWorkspaceRoots: ["/w"],
  activePermissionProfile: null,
  multiAgentMode: "proactive",
};
const childThread = {
  ...thread,
  source: {
    subAgent: {
      thread_spawn: {
        parent_thread_id: "t0",
        depth: 1,
        agent_nickname: null,
        agent_role: null,
        agent_path: null,
      },
    },
  },
  parentThreadId: "t0",
  status: { type: "notLoaded" },
  turns: [
    {
      id: "turn1",
      status: "completed",
      error: null,
      items: [
        { type: "userMessage", id: "turn1:0", content: [{ type: "text", text: "hi" }] },
        { type: "plan", id: "turn1:1", text: "1. do it" },
        { type: "contextCompaction", id: "turn1:2" },
      ],
    },
  ],
};
export const threadHistorySamples = {
  "thread/resume": {
    params: [{ threadId: "t1" }, { threadId: "t1", cwd: "/w", excludeTurns: true }],
    results: [{ ...loadResult, initialTurnsPage: null }],
  },
  "thread/fork": { params: [{ threadId: "t1", lastTurnId: "turn1" }], results: [loadResult] },
  "thread/list": {
    params: [
      {},
      {
        cursor: "abc",
        limit: 10,
        sortKey: "updated_at",
        archived: true,
        cwd: ["/w"],
        modelProviders: ["openai"],
        sourceKinds: ["vscode", "subAgentThreadSpawn"],
        searchTerm: "fix",
      },
      { sortKey: "recency_at", sortDirection: "asc", sectionId: null },
      { sortKey: "section_position", sectionId: "s1", cursor: "c", limit: 2 },
    ],
    results: [
      { data: [thread, childThread], nextCursor: "x" },
      { data: [], nextCursor: null },
    ],
  },
  "thread/loaded/list": {
    params: [{}, { cursor: "1", limit: 5 }],
    results: [
      { data: ["t1", "t2"], nextCursor: null },
      { data: [], nextCursor: "3" },
    ],
  },
  "thread/read": { params: [{ threadId: "t1", includeTurns: true }], results: [{ thread: childThread }] },
  "thread/turns/list": {
    params: [{ threadId: "t1", limit: 2, sortDirection: "asc", cursor: "2" }],
    results: [{ data: [turn], nextCursor: null }],
  },
  "thread/readState/update": {
    params: [{ threadId: "t1", operation: { type: "read" }, expectedRevision: "r1" }],
    results: [
      { readState: { firstUnread: null, revision: "r2" } },
      { readState: { firstUnread: { type: "threadStart" }, revision: "r3" } },
    ],
  },
  "thread/archive": { params: [{ threadId: "t1" }], results: [{}] },
  "thread/unarchive": { params: [{ threadId: "t1" }], results: [{ thread }] },
  "thread/name/set": { params: [{ threadId: "t1", name: "Bug hunt" }], results: [{}] },
  "thread/rollback": { params: [{ threadId: "t1", numTurns: 1 }], results: [{ thread: childThread }] },
  "thread/revert": { params: [{ threadId: "t1", beforeTurnId: "turn1" }], results: [{ thread }] },
  "thread/compact/start": { params: [{ threadId: "t1" }], results: [{}] },
  "thread/queue/add": {
    params: [
      {
        threadId: "t1",
        input: [{ type: "text", text: "next", text_elements: [] }],
        clientUserMessageId: "c1",
      },
    ],
    results: [
      {
        queuedSubmission: {
          id: "q1",
          input: [{ type: "text", text: "next", text_elements: [] }],
          clientUserMessageId: "c1",
          responsesapiClientMetadata: null,
        },
      },
    ],
  },
  "thread/queue/list": {
    params: [{ threadId: "t1" }, { threadId: "t1", cursor: "2", limit: 2 }],
    results: [{ data: [], nextCursor: null }],
  },
  "thread/queue/delete": {
    params: [{ threadId: "t1", queuedSubmissionId: "q1" }],
    results: [{ deleted: true }],
  },
  "skills/list": {
    params: [{}, { cwds: ["/w"], forceReload: true }],
    results: [
      {
        data: [
          {
            cwd: "/w",
            skills: [
              {
                name: "lint",
                description: "Lints",
                path: "/w/.agents/skills/lint/SKILL.md",
                scope: "repo",
                enabled: true,
                pluginId: null,
              },
            ],
            errors: [{ path: "/w/.agents/skills/bad/SKILL.md", message: "no name" }],
          },
        ],
      },
    ],
  },
  "app/list": {
    params: [{}, { cursor: null, limit: 10, forceRefetch: true }],
    results: [
      {
        data: [{ id: "c1", name: "Docs", description: null, isAccessible: true, isEnabled: false }],
        nextCursor: null,
      },
    ],
  },
  "hooks/list": {
    params: [{}, { cwds: ["/w"] }, { threadId: "t1" }],
    results: [
      {
        data: [
          {
            cwd: "/w",
            hooks: [
              {
                key: "/h/hooks.json:pre_tool_use:0:0",
                eventName: "preToolUse",
                handlerType: "command",
                command: "./guard.sh",
                async: false,
                matcher: "Bash",
                timeoutSec: 600,
                statusMessage: null,
                additionalContextLimit: null,
                sourcePath: "/h/hooks.json",
                source: "user",
                pluginId: null,
                environmentId: null,
                displayOrder: 0,
                enabled: true,
                isManaged: false,
                currentHash: "sha256:00",
                trustStatus: "modified",
              },
            ],
            warnings: ["w"],
            errors: [{ path: "/w/.codex/hooks.json", message: "bad" }],
          },
        ],
      },
    ],
  },
};

/** thread/settings/updated as Codex 0.169 sends it (its extra `multiAgentMode` included), and as codex-ts does. */
const threadSettings = {
  disabledPluginIds: [],
  cwd: "/w",
  environments: [{ environmentId: "local", cwd: "/w", runtimeWorkspaceRoots: ["/w"] }],
  approvalPolicy: "on-request",
  approvalsReviewer: "user",
  sandboxPolicy: { type: "readOnly", networkAccess: false },
  activePermissionProfile: { id: ":read-only", extends: null },
  model: "gpt-5.1-codex",
  modelProvider: "openai",
  serviceTier: null,
  effort: null,
  summary: null,
  collaborationMode: {
    mode: "default",
    settings: { model: "gpt-5.1-codex", reasoning_effort: null, developer_instructions: null },
  },
  multiAgentMode: "explicitRequestOnly",
  personality: null,
};
export const settingsUpdatedSamples = [
  { threadId: "t1", threadSettings },
  {
    threadId: "t1",
    threadSettings: {
      ...threadSettings,
      sandboxPolicy: {
        type: "workspaceWrite",
        writableRoots: ["/tmp"],
        networkAccess: true,
        excludeTmpdirEnvVar: false,
        excludeSlashTmp: false,
      },
      activePermissionProfile: null,
      effort: "high",
      summary: "detailed",
      personality: "friendly",
      collaborationMode: {
        mode: "plan",
        settings: { model: "gpt-5.1-codex", reasoning_effort: "high", developer_instructions: "# Plan mode" },
      },
    },
  },
];
