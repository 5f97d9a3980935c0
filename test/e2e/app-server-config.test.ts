// Layered config through the app-server: `.codex/config.toml` at a repo's root and in a subfolder (trusted
// projects only), config/read per cwd with layers and origins, thread/start using its cwd's config, and
// writes to $CODEX_HOME/config.toml that keep comments.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, useAppServer, type Json } from "../support/app-server-fixture.js";
import { scratchDir } from "../support/scratch.js";

const app = useAppServer();

async function setup(args: string[] = []) {
  // No shell_tool line: the tests read and rewrite config.toml as written.
  const { home, model } = await app.startModel({ home: { shellTool: "default" } });
  const repo = home.cwd;
  appendFileSync(
    join(home.codexHome, "config.toml"),
    `\n# Projects I trust\n[projects."${repo}"]\ntrust_level = "trusted"\n`,
  );
  mkdirSync(join(repo, ".codex"));
  writeFileSync(
    join(repo, ".codex", "config.toml"),
    'model = "gpt-5-root-model"\nmodel_reasoning_effort = "low"\n',
  );
  mkdirSync(join(repo, "sub", ".codex"), { recursive: true });
  writeFileSync(join(repo, "sub", ".codex", "config.toml"), 'model_reasoning_effort = "high"\n');
  const client = await app.spawn(home, { args, cwd: home.codexHome });
  return { home, repo, client, model };
}

const layerNames = (read: Json) =>
  ((read.layers ?? []) as Json[]).map((l) => {
    const name = l.name as { type: string; dotCodexFolder?: string; file?: string };
    return `${name.type}:${name.dotCodexFolder ?? name.file ?? ""}${l.disabledReason ? " (disabled)" : ""}`;
  });

describe("app-server layered config", () => {
  it("config/read gives each cwd its own effective values, layers and origins", async () => {
    const { home, repo, client: c } = await setup();
    const userFile = join(home.codexHome, "config.toml");

    const sub = await c.call("config/read", { cwd: join(repo, "sub"), includeLayers: true });
    expect(sub.config).toMatchObject({ model: "gpt-5-root-model", model_reasoning_effort: "high" });
    expect(layerNames(sub)).toEqual([
      `project:${join(repo, "sub", ".codex")}`,
      `project:${join(repo, ".codex")}`,
      `user:${userFile}`,
      // Listed even when the file does not exist, as Codex lists /etc/codex/config.toml.
      "system:/etc/codex-ts/config.toml",
    ]);
    const origins = sub.origins as Record<string, Json>;
    expect(origins.model?.name).toEqual({ type: "project", dotCodexFolder: join(repo, ".codex") });
    expect(origins.model_reasoning_effort?.name).toEqual({
      type: "project",
      dotCodexFolder: join(repo, "sub", ".codex"),
    });
    expect(origins.openai_base_url?.name).toEqual({ type: "user", file: userFile, profile: null });
    expect(String(origins.model?.version)).toMatch(/^sha256:[0-9a-f]{64}$/);

    const root = await c.call("config/read", { cwd: repo });
    expect(root.config).toMatchObject({ model: "gpt-5-root-model", model_reasoning_effort: "low" });
    expect(root.layers ?? null).toBeNull();

    // Without a cwd: the global layers only.
    const global = await c.call("config/read", { includeLayers: true });
    expect(global.config).toMatchObject({ model: "gpt-5.1-codex" });
    expect(layerNames(global)).toEqual([`user:${userFile}`, "system:/etc/codex-ts/config.toml"]);
    const system = (global.layers as Json[])[1];
    expect(system).toMatchObject({
      config: {},
      // The hash of an empty layer's values, as Codex gives its absent system file.
      version: "sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a",
    });
  });

  it("config/read reports the defaults codex-ts uses for unset keys; a set table keeps the others", async () => {
    const { client: c } = await app.start({
      toml: "include_environment_context = false\n[history]\nmax_bytes = 4096\n",
    });
    const config = (await c.call("config/read", {})).config as Json;
    expect(config).toMatchObject({
      include_environment_context: false,
      include_permissions_instructions: true,
      include_collaboration_mode_instructions: true,
      allow_login_shell: true,
      history: { persistence: "save-all", max_bytes: 4096 },
      project_root_markers: [".git"],
      project_doc_max_bytes: 32768,
      background_terminal_max_timeout: 300000,
    });
    // A key codex-ts has no default for stays null.
    expect(config.file_opener).toBeNull();
  });

  it("config/read lists the defaults Codex fills in that codex-ts acts on: features, stores, providers", async () => {
    const { client: c } = await app.start({
      toml: [
        "[features]",
        "collab = true",
        "memories = true",
        "[shell_environment_policy]",
        'inherit = "core"',
        "[model_providers.gw]",
        'base_url = "http://127.0.0.1:9/v1"',
      ].join("\n"),
    });
    const config = (await c.call("config/read", {})).config as Json;
    expect(config).toMatchObject({
      hide_agent_reasoning: false,
      include_environment_context_time: true,
      cli_auth_credentials_store: "file",
      mcp_oauth_credentials_store: "auto",
      // A table lists its unset keys as null.
      shell_environment_policy: { inherit: "core", exclude: null, set: null, include_only: null },
    });
    // The flags codex-ts acts on as they are (an older spelling counts), beside what the file sets.
    expect(config.features).toEqual({
      shell_tool: true,
      unified_exec: true,
      view_image: true,
      web_search_request: false,
      web_search_cached: false,
      multi_agent: true,
      enable_fanout: false,
      hooks: true,
      personality: true,
      collab: true,
      memories: true,
    });
    expect((config.model_providers as Json).gw).toMatchObject({
      base_url: "http://127.0.0.1:9/v1",
      wire_api: "responses",
      requires_openai_auth: false,
      supports_websockets: false,
      supports_standalone_web_search: false,
      env_key: null,
      http_headers: null,
    });
    // Codex-only values codex-ts never uses stay null.
    expect([config.chatgpt_base_url, config.include_apps_instructions]).toEqual([null, null]);

    // A flag turned off for the server shows in the next read.
    await c.call("experimentalFeature/enablement/set", { enablement: { shell_tool: false } });
    const after = (await c.call("config/read", {})).config as Json;
    expect((after.features as Json).shell_tool).toBe(false);
  });

  it("an untrusted project's config is listed as disabled and not applied", async () => {
    const { client: c } = await setup();
    const other = scratchDir("codex-ts-untrusted-");
    mkdirSync(join(other, ".git"));
    mkdirSync(join(other, ".codex"));
    writeFileSync(join(other, ".codex", "config.toml"), 'model = "sneaky"\n');
    const read = await c.call("config/read", { cwd: other, includeLayers: true });
    expect(read.config).toMatchObject({ model: "gpt-5.1-codex" });
    const disabled = (read.layers as Json[]).find((l) => (l.name as Json).type === "project");
    expect(disabled).toMatchObject({ config: { model: "sneaky" } });
    expect(String(disabled?.disabledReason)).toContain(`[projects."${other}"] trust_level = "trusted"`);
  });

  it("thread/start uses the effective config of its cwd", async () => {
    const { repo, client: c, model } = await setup();
    model.push(reply.message("hi"));
    const started = await c.call("thread/start", { cwd: join(repo, "sub") });
    expect(started).toMatchObject({
      model: "gpt-5-root-model",
      reasoningEffort: "high",
      cwd: join(repo, "sub"),
    });
    await runTurn(c, (started.thread as Json).id as string, "hi");
    expect(model.requests[0]?.body).toMatchObject({
      model: "gpt-5-root-model",
      reasoning: { effort: "high" },
    });
  });

  it("config writes keep comments and formatting, check versions, and refuse invalid values", async () => {
    const { home, client: c } = await setup();
    const file = join(home.codexHome, "config.toml");
    const before = readFileSync(file, "utf8");
    const version = ((await c.call("config/read", { includeLayers: true })).layers as Json[])[0]
      ?.version as string;

    const written = await c.call("config/value/write", {
      keyPath: "model",
      value: "written-model",
      mergeStrategy: "replace",
      expectedVersion: version,
    });
    expect(written).toMatchObject({ status: "ok", filePath: file });
    const after = readFileSync(file, "utf8");
    expect(after).toBe(before.replace(/^(openai_base_url = .*\n)/, '$1model = "written-model"\n'));
    expect(after).toContain("# Projects I trust");
    expect((await c.call("config/read", {})).config).toMatchObject({ model: "written-model" });

    const stale = await c.waitResponse(
      c.request("config/value/write", {
        keyPath: "model",
        value: "x",
        mergeStrategy: "replace",
        expectedVersion: version,
      }),
    );
    expect(stale.error).toMatchObject({ code: -32600, data: { code: "configVersionConflict" } });

    const batch = await c.call("config/batchWrite", {
      edits: [
        { keyPath: "model_providers.openai.stream_max_retries", value: 7, mergeStrategy: "upsert" },
        {
          keyPath: "profiles.fast",
          value: { model: "mini", model_reasoning_effort: "low" },
          mergeStrategy: "replace",
        },
      ],
      expectedVersion: written.version,
    });
    expect(batch.status).toBe("ok");
    const text = readFileSync(file, "utf8");
    expect(text).toContain("request_max_retries = 2\nstream_max_retries = 7\n");
    expect((await c.call("config/read", {})).config).toMatchObject({
      profiles: { fast: { model: "mini", model_reasoning_effort: "low" } },
    });

    const invalid = await c.waitResponse(
      c.request("config/value/write", {
        keyPath: "approval_policy",
        value: "sometimes",
        mergeStrategy: "replace",
      }),
    );
    expect(invalid.error).toMatchObject({ code: -32600, data: { code: "configValidationError" } });
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("a write that a -c flag overrides says so", async () => {
    const { client: c } = await setup(["-c", 'model="flag-model"']);
    const written = await c.call("config/value/write", {
      keyPath: "model",
      value: "mine",
      mergeStrategy: "replace",
    });
    expect(written).toMatchObject({
      status: "okOverridden",
      overriddenMetadata: {
        overridingLayer: { name: { type: "sessionFlags" } },
        effectiveValue: "flag-model",
      },
    });
  });
});
