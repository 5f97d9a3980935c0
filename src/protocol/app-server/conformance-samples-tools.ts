// Samples for schema-conformance.test.ts: mcpServerStatus/list, fuzzyFileSearch, feedback/upload, and the
// item/tool/requestUserInput server request. Test data only.
const status = {
  name: "local",
  authStatus: "unsupported",
  httpOrigin: null,
  runtimeStatus: "connected",
  tools: { echo: { name: "echo", title: null, description: "Echoes", inputSchema: { type: "object" } } },
  toolsError: null,
  resources: [],
  resourceTemplates: [],
  pluginId: null,
  serverInfo: null,
  serverCapabilities: null,
  toolListMeta: null,
};

export const toolMethodSamples = {
  "mcpServerStatus/list": {
    params: [{}, { threadId: "t1", serverName: "local", cursor: "1", limit: 10, detail: "full" }],
    results: [
      { data: [status], nextCursor: null },
      { data: [{ ...status, runtimeStatus: "failed", tools: {}, toolsError: "timed out" }], nextCursor: "2" },
    ],
  },
  fuzzyFileSearch: {
    params: [
      { query: "main", roots: ["/w"] },
      { query: "x", roots: [], cancellationToken: "c1" },
    ],
    results: [
      { files: [] },
      {
        files: [
          {
            root: "/w",
            path: "src/main.ts",
            file_name: "main.ts",
            match_type: "file",
            score: 4000,
            indices: [4],
          },
        ],
      },
    ],
  },
  "fuzzyFileSearch/sessionStart": { params: [{ sessionId: "s1", roots: ["/w"] }], results: [{}] },
  "fuzzyFileSearch/sessionUpdate": { params: [{ sessionId: "s1", query: "ma" }], results: [{}] },
  "fuzzyFileSearch/sessionStop": { params: [{ sessionId: "s1" }], results: [{}] },
  "feedback/upload": {
    params: [
      { classification: "bug" },
      { classification: "bad_result", reason: "wrong", threadId: "t1", includeLogs: true, tags: { a: "b" } },
    ],
    results: [{ threadId: "t1", promptHash: null, savedPath: "/h/feedback/f1" }],
  },
};

export const userInputRequestSample = {
  params: {
    threadId: "t",
    turnId: "u",
    itemId: "call_1",
    isBlocking: true,
    autoResolutionMs: null,
    questions: [
      {
        id: "db",
        header: "Database",
        question: "Which?",
        isOther: true,
        isSecret: false,
        options: [
          { label: "Postgres", description: "Relational" },
          { label: "SQLite", description: "A file" },
        ],
      },
      { id: "name", header: "Name", question: "What?", isOther: false, isSecret: false, options: null },
    ],
  },
  results: [{ answers: { db: { answers: ["Postgres"] }, name: { answers: ["Ada"] } } }, { answers: {} }],
};
