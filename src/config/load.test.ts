import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load.js";
import { overridesToObject, parseOverrideValue } from "./overrides.js";
import { scratchDir } from "../../test/support/scratch.js";

function home(toml: string): string {
  const dir = scratchDir("codex-ts-config-");
  writeFileSync(join(dir, "config.toml"), toml);
  return dir;
}

describe("-c overrides", () => {
  it("parses values as TOML, else as strings", () => {
    expect(parseOverrideValue("42")).toBe(42);
    expect(parseOverrideValue("true")).toBe(true);
    expect(parseOverrideValue('"quoted"')).toBe("quoted");
    expect(parseOverrideValue("[1, 2]")).toEqual([1, 2]);
    expect(parseOverrideValue("gpt-5")).toBe("gpt-5");
    expect(parseOverrideValue("{ a = 1 }")).toEqual({ a: 1 });
  });

  it("builds nested objects from dotted keys and rejects malformed entries", () => {
    expect(overridesToObject(["a.b.c=1", "a.d=x", "top=true"])).toEqual({
      a: { b: { c: 1 }, d: "x" },
      top: true,
    });
    expect(() => overridesToObject(["novalue"])).toThrow(/expected key=value/);
    expect(() => overridesToObject(["a..b=1"])).toThrow(/empty key segment/);
  });
});

describe("loadConfig", () => {
  it("layers defaults < file < profile < cli < -c", () => {
    const dir = home(
      'model = "file-model"\nprofile = "fast"\napproval_policy = "untrusted"\n[profiles.fast]\nmodel = "profile-model"\nmodel_reasoning_effort = "low"\n',
    );
    const a = loadConfig({ codexHome: dir, cwd: dir, env: {} });
    expect(a.model).toBe("profile-model");
    expect(a.reasoningEffort).toBe("low");
    expect(a.approvalPolicy).toBe("untrusted");
    expect(a.layers.map((l) => l.source)).toEqual(["defaults", "user", "profile:fast"]);
    const b = loadConfig({
      codexHome: dir,
      cwd: dir,
      env: {},
      cli: { model: "cli-model" },
      overrides: ['model="override-model"'],
    });
    expect(b.model).toBe("override-model");
    expect(b.sandboxPolicy).toEqual({ type: "read-only" });
  });

  it("resolves providers, openai_base_url and workspace-write settings", () => {
    const dir = home(
      'model_provider = "local"\nsandbox_mode = "workspace-write"\n[sandbox_workspace_write]\nnetwork_access = true\n' +
        '[model_providers.local]\nbase_url = "http://127.0.0.1:9/v1/"\nenv_key = "LOCAL_KEY"\nstream_max_retries = 1\n',
    );
    const c = loadConfig({ codexHome: dir, cwd: dir, env: {} });
    expect(c.provider).toMatchObject({
      id: "local",
      baseUrl: "http://127.0.0.1:9/v1",
      envKey: "LOCAL_KEY",
      streamMaxRetries: 1,
      requestMaxRetries: 4,
    });
    expect(c.sandboxPolicy).toEqual({
      type: "workspace-write",
      writable_roots: [],
      network_access: true,
      exclude_tmpdir_env_var: false,
      exclude_slash_tmp: false,
    });
    const d = loadConfig({
      codexHome: dir,
      cwd: dir,
      env: {},
      overrides: ['model_provider="openai"', 'openai_base_url="http://x/v1"'],
    });
    expect(d.provider).toMatchObject({ id: "openai", baseUrl: "http://x/v1", requiresOpenaiAuth: true });
  });

  it("puts a surface's defaults under every real layer", () => {
    const exec = { approval_policy: "never" };
    expect(loadConfig({ codexHome: home(""), env: {}, surfaceDefaults: exec }).approvalPolicy).toBe("never");
    const user = loadConfig({
      codexHome: home('approval_policy = "untrusted"'),
      env: {},
      surfaceDefaults: exec,
    });
    expect(user.approvalPolicy).toBe("untrusted");
    expect(user.layers[0]?.source).toBe("defaults");
    const flag = loadConfig({
      codexHome: home(""),
      env: {},
      surfaceDefaults: exec,
      overrides: ['approval_policy="on-request"'],
    });
    expect(flag.approvalPolicy).toBe("on-request");
  });

  it("explains what is wrong", () => {
    expect(() => loadConfig({ codexHome: home("model = = 1"), env: {} })).toThrow(ConfigError);
    expect(() => loadConfig({ codexHome: home('approval_policy = "sometimes"'), env: {} })).toThrow(
      /approval_policy/,
    );
    expect(() => loadConfig({ codexHome: home('model_provider = "nope"'), env: {} })).toThrow(
      /unknown model provider 'nope'/,
    );
  });

  it("reads Codex 0.169's profile file $CODEX_HOME/NAME.config.toml as a layer of its own", () => {
    const dir = home('model = "file-model"\n[profiles.slow]\nmodel = "table-model"\n');
    writeFileSync(join(dir, "fast.config.toml"), 'model = "file-profile-model"\n');
    const config = loadConfig({ codexHome: dir, cwd: dir, env: {}, profile: "fast" });
    expect(config.model).toBe("file-profile-model");
    expect(config.layers.find((layer) => layer.source === "profile:fast")).toMatchObject({
      path: join(dir, "fast.config.toml"),
    });
  });

  it("leaves out sandbox_mode where `codex sandbox` does not read it", () => {
    const dir = home('sandbox_mode = "workspace-write"\n');
    const files = { codexHome: dir, cwd: dir, env: {}, ignoreSandboxModeIn: "files" as const };
    expect(loadConfig(files).sandboxPolicy).toEqual({ type: "read-only" });
    const fromC = loadConfig({ ...files, overrides: ['sandbox_mode="danger-full-access"'] });
    expect(fromC.sandboxPolicy).toEqual({ type: "danger-full-access" });
    const named = loadConfig({
      ...files,
      ignoreSandboxModeIn: "all",
      cli: { default_permissions: ":read-only" },
      overrides: ['sandbox_mode="danger-full-access"'],
    });
    expect(named.sandboxPolicy.type).toBe("read-only");
    expect(named.permissionProfile?.id).toBe(":read-only");
  });
});

describe("loadConfig: permission profiles that deny", () => {
  it("carries the profile's denial and its warnings; sandbox_mode drops both, as it drops the profile", () => {
    const toml =
      'default_permissions = "p"\n[permissions.p.filesystem]\n":root" = "read"\n":future" = "read"\n' +
      '"/srv/secrets" = "deny"\n[permissions.p.filesystem.":workspace_roots"]\n"." = "write"\n"**/*.env" = "none"\n';
    const dir = home(toml);
    const config = loadConfig({ codexHome: dir, cwd: dir, env: {} });
    expect(config.readDenial).toEqual({ paths: ["/srv/secrets"], globs: [join(dir, "**/*.env")] });
    expect(config.warnings.map((w) => w.summary)).toContain(
      "permissions profile `p`: filesystem path `:future` is not recognized by this version of codex-ts and will be ignored",
    );
    const legacy = loadConfig({
      codexHome: dir,
      cwd: dir,
      env: {},
      cli: { sandbox_mode: "workspace-write" },
    });
    expect(legacy.readDenial).toBeUndefined();
  });
});
