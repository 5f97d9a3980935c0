// Bad config files, one per row: each is an error that names the file, the line and the key, or (for keys
// nobody reads, and bad values a higher layer replaces) a warning; nothing bad is silently taken as valid.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type LoadConfigOptions } from "./load.js";
import { scratchDir } from "../../test/support/scratch.js";

function home(content: string | Buffer | ((file: string) => void)): string {
  const dir = scratchDir("codex-ts-config-bad-");
  const file = join(dir, "config.toml");
  if (typeof content === "function") content(file);
  else writeFileSync(file, content);
  return dir;
}

function load(dir: string, extra: Partial<LoadConfigOptions> = {}) {
  return loadConfig({
    codexHome: dir,
    cwd: dir,
    env: {},
    systemConfigPath: join(dir, "none.toml"),
    ...extra,
  });
}

/** [name, file text, what the error must say (after "config.toml")] */
const ERRORS: Array<[string, string | Buffer | ((file: string) => void), RegExp]> = [
  ["TOML syntax", "model = \n", /invalid TOML in .*config\.toml \(line 1, column/],
  ["a duplicate key", 'model = "a"\nmodel = "b"\n', /invalid TOML in .*\(line 2/],
  [
    "a string for a boolean",
    'hide_agent_reasoning = "yes"\n',
    /config\.toml, line 1: hide_agent_reasoning: /,
  ],
  ["plugins of the wrong kind", 'model = "m"\nplugins = "yes"\n', /config\.toml, line 2: plugins: /],
  ["an unknown sandbox mode", 'sandbox_mode = "yolo"\n', /line 1: sandbox_mode: Invalid option/],
  ["a number for approval_policy", "approval_policy = 5\n", /line 1: approval_policy: /],
  [
    "a granular policy without its required flags",
    "approval_policy = { granular = { sandbox_approval = true } }\n",
    /line 1: approval_policy\.granular\.rules: .*expected boolean/,
  ],
  ["a number for model", "model = 42\n", /line 1: model: .*expected string/],
  ["an unknown effort", 'model_reasoning_effort = "extreme"\n', /line 1: model_reasoning_effort: /],
  [
    "a negative retry count",
    '[model_providers.x]\nname = "x"\nrequest_max_retries = -1\n',
    /line 3: model_providers\.x\.request_max_retries: /,
  ],
  ["mcp_servers as a string", 'mcp_servers = "x"\n', /line 1: mcp_servers: /],
  ["mcp args as a string", '[mcp_servers.s]\ncommand = "c"\nargs = "a"\n', /line 3: mcp_servers\.s\.args: /],
  [
    "a bad value in a profile",
    '[profiles.p]\nmodel_reasoning_effort = "max"\n',
    /line 2: profiles\.p\.model_reasoning_effort: /,
  ],
  ["notify as a string", 'notify = "prog"\n', /line 1: notify: .*expected array/],
  ["a feature that is not a boolean", '[features]\nhooks = "on"\n', /features\.hooks: /],
  ["an unknown web_search mode", 'web_search = "sometimes"\n', /line 1: web_search: /],
  [
    "network_access as a string",
    '[sandbox_workspace_write]\nnetwork_access = "yes"\n',
    /line 2: sandbox_workspace_write\.network_access: /,
  ],
  ["a negative doc budget", "project_doc_max_bytes = -5\n", /line 1: project_doc_max_bytes: /],
  ["model_providers as an array", "model_providers = []\n", /line 1: model_providers: /],
  ["a port out of range", "mcp_oauth_callback_port = 70000\n", /line 1: mcp_oauth_callback_port: /],
  [
    "invalid UTF-8",
    Buffer.from([0x6d, 0x3d, 0x22, 0xff, 0xfe, 0x22, 0x0a]),
    /config\.toml: not valid UTF-8 \(line 1\)/,
  ],
  [
    "a dangling symlink",
    (file) => symlinkSync(join(file, "..", "missing.toml"), file),
    /config\.toml: it is a symbolic link to .*missing\.toml, which does not exist/,
  ],
  ["a folder where the file should be", (file) => mkdirSync(file), /cannot read .*config\.toml: EISDIR/],
  [
    "a legacy selector naming no table",
    'profile = "nope"\n',
    /legacy `profile = "nope"` config is no longer supported; use `--profile nope` with `nope.config.toml`/,
  ],
];

describe("bad config files", () => {
  it.each(ERRORS)("%s is an error naming the file and the key", (_name, content, message) => {
    const dir = home(content);
    let error: unknown;
    try {
      load(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
  });

  it("accepts any integer TOML can hold", () => {
    const config = load(home("model_context_window = 9223372036854775807\nproject_doc_max_bytes = 4096\n"));
    expect(config.modelContextWindow).toBe(Number.MAX_SAFE_INTEGER);
    expect(config.projectDocMaxBytes).toBe(4096);
  });

  it("warns about a bad value that a flag overrides, and still uses the flag", () => {
    const config = load(home('model = "m"\nsandbox_mode = "yolo"\n'), { cli: { sandbox_mode: "read-only" } });
    expect(config.sandboxPolicy.type).toBe("read-only");
    expect(config.warnings).toEqual([
      {
        summary: expect.stringMatching(
          /invalid value ignored \(set again by cli\): .*config\.toml, line 2: sandbox_mode: /,
        ),
        path: expect.stringMatching(/config\.toml$/),
      },
    ]);
  });

  it("warns about keys that neither codex-ts nor Codex reads, and takes Codex's own keys silently", () => {
    const config = load(
      home('totally_unknown = 1\nnotify = ["say", "done"]\ncheck_for_update_on_startup = false\n'),
    );
    expect(config.warnings.map((w) => w.summary)).toEqual([
      expect.stringMatching(/config\.toml, line 1: totally_unknown: unknown key, ignored/),
    ]);
  });

  it("takes Codex 0.169's granular approval policy, its optional flags false when left out", () => {
    const config = load(
      home(
        "approval_policy = { granular = { sandbox_approval = false, rules = true, mcp_elicitations = true } }\n",
      ),
    );
    expect(config.approvalPolicy).toEqual({
      granular: {
        sandbox_approval: false,
        rules: true,
        mcp_elicitations: true,
        skill_approval: false,
        request_permissions: false,
      },
    });
    expect(config.warnings).toEqual([]);
  });

  it("loads an empty file as no settings", () => {
    expect(load(home("")).warnings).toEqual([]);
  });

  it("reports an unreadable file instead of ignoring it", () => {
    const dir = home('model = "m"\n');
    chmodSync(join(dir, "config.toml"), 0);
    const asRoot = process.getuid?.() === 0;
    if (asRoot) expect(load(dir).model).toBe("m");
    else expect(() => load(dir)).toThrow(/cannot read .*EACCES/);
    chmodSync(join(dir, "config.toml"), 0o644);
  });
});
