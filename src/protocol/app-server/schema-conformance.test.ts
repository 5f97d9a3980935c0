// Our zod method table against the real protocol's JSON Schema (codex-cli 0.169.0, ../shared/codex-protocol):
// every method exists there, and sample messages our schemas accept are accepted by the real schema too.
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { protocolSchema } from "../../../test/support/app-server-client.js";
import { localMethodSamples } from "./conformance-samples-local.js";
import { pluginMethodSamples } from "./conformance-samples-plugins.js";
import { toolMethodSamples, userInputRequestSample } from "./conformance-samples-tools.js";
import {
  layerName,
  model,
  settingsUpdatedSamples,
  thread,
  threadHistorySamples,
  turn,
} from "./conformance-samples-threads.js";
import { generateJsonSchemas, typeNameOf } from "./json-schema.js";
import { extensionMethods, methods, type MethodName } from "./methods.js";
import { generateTypeScript } from "./typescript.js";
import { serverNotifications } from "./v2/notifications.js";
import { serverRequests } from "./v2/server-requests.js";

const real = protocolSchema();
const openExtras = {
  disabledPluginIds: [],
  runtimeWorkspaceRoots: ["/w"],
  activePermissionProfile: null,
  multiAgentMode: "proactive",
};

/** Per method: params a client may send, and results the server sends. */
const samples: Record<MethodName, { params: unknown[]; results: unknown[] }> = {
  initialize: {
    params: [
      { clientInfo: { name: "vscode", title: "VS Code", version: "1.0" } },
      {
        clientInfo: { name: "x", title: null, version: "2" },
        capabilities: { experimentalApi: true, optOutNotificationMethods: ["warning"] },
      },
    ],
    results: [{ userAgent: "vscode/0.1.0", codexHome: "/h", platformFamily: "unix", platformOs: "linux" }],
  },
  "thread/start": {
    params: [
      {},
      {
        cwd: "/w",
        model: "m",
        approvalPolicy: "untrusted",
        sandbox: "workspace-write",
        config: { "a.b": 1 },
        personality: "friendly",
      },
      { cwd: null, modelProvider: null, baseInstructions: "b", developerInstructions: "d", ephemeral: true },
    ],
    results: [
      {
        thread,
        model: "m",
        modelProvider: "openai",
        cwd: "/w",
        approvalPolicy: "on-request",
        approvalsReviewer: "user",
        sandbox: {
          type: "workspaceWrite",
          writableRoots: [],
          networkAccess: false,
          excludeTmpdirEnvVar: false,
          excludeSlashTmp: false,
        },
        reasoningEffort: "high",
        ...openExtras,
      },
      {
        thread,
        model: "m",
        modelProvider: "p",
        cwd: "/w",
        approvalPolicy: "never",
        approvalsReviewer: "user",
        sandbox: { type: "dangerFullAccess" },
        ...openExtras,
      },
    ],
  },
  "turn/start": {
    params: [
      { threadId: "t1", input: [{ type: "text", text: "hi" }] },
      {
        threadId: "t1",
        input: [
          { type: "text", text: "see", text_elements: [] },
          { type: "image", url: "https://x/y.png" },
          { type: "localImage", path: "a.png", detail: "high" },
          { type: "skill", name: "s", path: "/s/SKILL.md" },
          { type: "mention", name: "m", path: "/m" },
        ],
        cwd: "/w/sub",
        approvalPolicy: "never",
        sandboxPolicy: { type: "readOnly" },
        model: "m",
        effort: "low",
        summary: "concise",
        personality: "pragmatic",
        outputSchema: { type: "object" },
        collaborationMode: {
          mode: "plan",
          settings: { model: "m", reasoning_effort: "high", developer_instructions: null },
        },
      },
    ],
    results: [{ turn }],
  },
  "turn/interrupt": { params: [{ threadId: "t1", turnId: "turn1" }], results: [{}] },
  "turn/steer": {
    params: [
      {
        threadId: "t1",
        expectedTurnId: "turn1",
        input: [{ type: "text", text: "also this", text_elements: [] }],
      },
      {
        threadId: "t1",
        expectedTurnId: "turn1",
        input: [{ type: "text", text: "x", text_elements: [] }],
        clientUserMessageId: "m1",
      },
    ],
    results: [{ turnId: "turn1" }],
  },
  // `delivery: "detached"` (clients of earlier versions) is accepted but not in 0.169's schema.
  "review/start": {
    params: [
      { threadId: "t1", target: { type: "uncommittedChanges" } },
      { threadId: "t1", target: { type: "baseBranch", branch: "main" }, delivery: "inline" },
      { threadId: "t1", target: { type: "commit", sha: "abc1234", title: "Fix" } },
      { threadId: "t1", target: { type: "custom", instructions: "look at auth" }, delivery: null },
    ],
    results: [{ turn, reviewThreadId: "t1" }],
  },
  ...threadHistorySamples,
  "config/read": {
    params: [{}, { cwd: "/w", includeLayers: true }, { cwd: null }],
    results: [
      {
        config: { model: "m", projects: { "/w": { trust_level: "trusted" } } },
        origins: { model: { name: layerName, version: "sha256:00" } },
      },
      {
        config: {},
        origins: {},
        layers: [
          {
            name: { type: "project", dotCodexFolder: "/w/.codex" },
            version: "sha256:1",
            config: { model: "x" },
            disabledReason: "untrusted",
          },
          { name: { type: "sessionFlags" }, version: "sha256:2", config: {} },
          { name: { type: "system", file: "/etc/codex-ts/config.toml" }, version: "sha256:3", config: {} },
        ],
      },
    ],
  },
  "config/value/write": {
    params: [
      { keyPath: "model", value: "m", mergeStrategy: "replace" },
      {
        keyPath: "profiles.fast",
        value: { model: "x" },
        mergeStrategy: "upsert",
        expectedVersion: "sha256:0",
        filePath: "/h/config.toml",
      },
    ],
    results: [
      { status: "ok", version: "sha256:1", filePath: "/h/config.toml", overriddenMetadata: null },
      {
        status: "okOverridden",
        version: "sha256:1",
        filePath: "/h/config.toml",
        overriddenMetadata: {
          message: "m",
          overridingLayer: { name: { type: "sessionFlags" }, version: "sha256:2" },
          effectiveValue: "x",
        },
      },
    ],
  },
  "config/batchWrite": {
    params: [{ edits: [{ keyPath: "model", value: null, mergeStrategy: "replace" }], expectedVersion: null }],
    results: [{ status: "ok", version: "sha256:1", filePath: "/h/config.toml" }],
  },
  "model/list": {
    params: [{}, { cursor: "2", limit: 10, includeHidden: false }],
    results: [{ data: [model], nextCursor: null }],
  },
  "account/login/start": {
    params: [
      { type: "apiKey", apiKey: "sk-x" },
      { type: "chatgpt" },
      { type: "chatgptDeviceCode" },
      { type: "chatgptAuthTokens", accessToken: "a", chatgptAccountId: "acct", chatgptPlanType: "pro" },
    ],
    results: [
      { type: "apiKey" },
      { type: "chatgptAuthTokens" },
      { type: "chatgpt", loginId: "l1", authUrl: "https://auth.openai.com/oauth/authorize?x=1" },
      {
        type: "chatgptDeviceCode",
        loginId: "l2",
        verificationUrl: "https://auth.openai.com/codex/device",
        userCode: "ABCD-1234",
      },
    ],
  },
  "account/read": {
    params: [{}, { refreshToken: false }],
    results: [
      { account: null, userId: null, requiresOpenaiAuth: true, workspaceRouting: null },
      { account: { type: "apiKey" }, userId: null, requiresOpenaiAuth: true, workspaceRouting: null },
      {
        account: { type: "chatgpt", email: "a@b.c", planType: "pro" },
        userId: "user-1",
        requiresOpenaiAuth: true,
        workspaceRouting: null,
      },
    ],
  },
  "account/logout": { params: [undefined], results: [{}] },
  "account/login/cancel": {
    params: [{ loginId: "l1" }],
    results: [{ status: "canceled" }, { status: "notFound" }],
  },
  "account/rateLimits/read": {
    params: [undefined],
    results: [
      {
        rateLimits: {
          limitId: null,
          limitName: null,
          primary: null,
          secondary: null,
          credits: null,
          planType: null,
        },
        rateLimitsByLimitId: null,
      },
      {
        rateLimits: {
          limitId: "codex",
          primary: { usedPercent: 42, windowDurationMins: 300, resetsAt: 1700000060 },
          secondary: { usedPercent: 7, windowDurationMins: null, resetsAt: null },
        },
        rateLimitsByLimitId: { codex: { limitId: "codex", primary: { usedPercent: 42 } } },
      },
    ],
  },
  ...toolMethodSamples,
  ...localMethodSamples,
  ...pluginMethodSamples,
};

describe("the method table against the real protocol", () => {
  it("names only methods, notifications and server requests the real protocol has", () => {
    for (const method of Object.keys(methods) as MethodName[]) {
      if (extensionMethods.has(method)) continue;
      expect(real.paramsType("ClientRequest", method), method).not.toBeUndefined();
    }
    for (const method of Object.keys(serverNotifications)) {
      expect(real.paramsType("ServerNotification", method), method).not.toBeUndefined();
    }
    for (const method of Object.keys(serverRequests))
      expect(real.paramsType("ServerRequest", method), method).not.toBeUndefined();
  });

  it("thread/settings/updated: samples pass both schemas", () => {
    for (const params of settingsUpdatedSamples) {
      expect(serverNotifications["thread/settings/updated"].safeParse(params).success).toBe(true);
      expect(real.checkParams("ServerNotification", "thread/settings/updated", params)).toBe("");
    }
  });

  it.each(Object.keys(samples) as MethodName[])(
    "%s: sample params and results pass both schemas",
    (method) => {
      const spec = methods[method];
      for (const params of samples[method].params) {
        expect(spec.params.safeParse(params ?? {}).success, JSON.stringify(params)).toBe(true);
        if (!extensionMethods.has(method)) expect(real.checkParams("ClientRequest", method, params)).toBe("");
      }
      for (const result of samples[method].results) {
        expect(spec.result.safeParse(result).success, JSON.stringify(result)).toBe(true);
        expect(real.checkResult(method, result)).toBe("");
      }
    },
  );

  it("server requests: what we send and what we accept back pass the real schema", () => {
    const approval = {
      threadId: "t",
      turnId: "u",
      itemId: "c",
      startedAtMs: 1,
      environmentId: "local",
      command: "ls",
      cwd: "/w",
      reason: null,
      commandActions: [{ type: "unknown", command: "ls" }],
    };
    const cases: Array<[keyof typeof serverRequests, unknown, unknown[]]> = [
      [
        "item/commandExecution/requestApproval",
        approval,
        ["accept", "acceptForSession", "decline", "cancel"].map((decision) => ({ decision })),
      ],
      [
        "item/fileChange/requestApproval",
        { threadId: "t", turnId: "u", itemId: "p", startedAtMs: 1, grantRoot: null },
        [{ decision: "decline" }],
      ],
      ["item/tool/requestUserInput", userInputRequestSample.params, userInputRequestSample.results],
      [
        "account/chatgptAuthTokens/refresh",
        { reason: "unauthorized", previousAccountId: "a" },
        [{ accessToken: "x", chatgptAccountId: "a", chatgptPlanType: null }],
      ],
    ];
    for (const [method, params, results] of cases) {
      expect(serverRequests[method].params.safeParse(params).success).toBe(true);
      expect(real.checkParams("ServerRequest", method, params)).toBe("");
      for (const result of results) {
        expect(serverRequests[method].result.safeParse(result).success).toBe(true);
        expect(real.checkServerRequestResult(method, result)).toBe("");
      }
    }
  });

  it("rejects what codex-ts cannot honour, with the path of the problem", () => {
    const bad = methods["turn/start"].params.safeParse({
      threadId: "t",
      input: [{ type: "audio", url: "x" }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["input", 0, "type"]);
    // A granular policy needs its three required flags, as Codex's schema says; the other two default to false.
    const granular = (flags: Record<string, boolean>) =>
      methods["thread/start"].params.safeParse({ approvalPolicy: { granular: flags } });
    expect(granular({}).success).toBe(false);
    const full = granular({ sandbox_approval: true, rules: false, mcp_elicitations: true });
    expect(full.success).toBe(true);
    expect(full.data?.approvalPolicy).toEqual({
      granular: {
        sandbox_approval: true,
        rules: false,
        mcp_elicitations: true,
        skill_approval: false,
        request_permissions: false,
      },
    });
  });
});

describe("generated JSON Schema and TypeScript", () => {
  const { files } = generateJsonSchemas();

  it("has a params and a response file for every method, and every file is a valid schema", () => {
    const ajv = new Ajv({ strict: false });
    for (const method of Object.keys(methods)) {
      const name = typeNameOf(method);
      expect(files.has(`v2/${name}Params.json`), method).toBe(true);
      expect(files.has(`v2/${name}Response.json`), method).toBe(true);
    }
    for (const [path, schema] of files) expect(() => ajv.compile(schema), path).not.toThrow();
  });

  it("the samples validate against the generated schemas too", () => {
    const ajv = new Ajv({ strict: false });
    const schema = (path: string) => ajv.compile(files.get(path) ?? {});
    for (const [method, sample] of Object.entries(samples)) {
      const name = typeNameOf(method);
      const params = schema(`v2/${name}Params.json`);
      const result = schema(`v2/${name}Response.json`);
      for (const p of sample.params)
        expect(params(p ?? {}), `${method} ${JSON.stringify(params.errors)}`).toBe(true);
      for (const r of sample.results)
        expect(result(r), `${method} ${JSON.stringify(result.errors)}`).toBe(true);
    }
  });

  it("TypeScript declarations name every method", () => {
    const ts = generateTypeScript();
    const index = ts.get("index.ts") ?? "";
    for (const method of Object.keys(methods)) expect(index).toContain(`"${method}": {`);
    expect(ts.get("ThreadStartParams.ts")).toContain("export type ThreadStartParams = {");
  });
});
