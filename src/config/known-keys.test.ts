// The nested key check: an unknown key is found at any depth where Codex 0.169 itself reports one, keys only
// codex-ts or only Codex reads pass, and the tables Codex lets any key into stay free.
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { unknownConfigKeys } from "./known-keys.js";
import { overlay, table, unknownKeyPaths } from "./key-tree.js";

function unknown(text: string): string[] {
  return unknownConfigKeys(parse(text) as Record<string, unknown>).map((path) => path.join("."));
}

describe("unknownConfigKeys", () => {
  // [TOML, the key paths Codex 0.169 reports for it (run on each)]
  const REPORTED: Array<[string, string[]]> = [
    ["bogus_top = 1", ["bogus_top"]],
    ["[tui.keymap]\nbogus = 1", ["tui.keymap.bogus"]],
    ['[tui.keymap.global]\nbogus = "x"', ["tui.keymap.global.bogus"]],
    ['[mcp_servers.x.tools.t]\nbogus = "1"', ["mcp_servers.x.tools.t.bogus"]],
    ['[mcp_servers.x]\nurl = "u"\n[mcp_servers.x.oauth]\nbogus = "1"', ["mcp_servers.x.oauth.bogus"]],
    ['[model_providers.p.auth]\ncommand = "x"\nbogus = 1', ["model_providers.p.auth.bogus"]],
    ["[features]\nnonsense = true", ["features.nonsense"]],
    ["[profiles.x]\nbogus = 1", ["profiles.x.bogus"]],
    ["[profiles.x.features]\nnonsense = true", ["profiles.x.features.nonsense"]],
    ["[profiles.x.tui]\nbogus = 1", ["profiles.x.tui.bogus"]],
    ["[profiles.x.tools]\nbogus = 1", ["profiles.x.tools.bogus"]],
    ["[profiles.x.windows]\nbogus = 1", ["profiles.x.windows.bogus"]],
    ["[profiles.x.analytics]\nbogus = 1", ["profiles.x.analytics.bogus"]],
    ["[sandbox_workspace_write]\nbogus = 1", ["sandbox_workspace_write.bogus"]],
    ["[shell_environment_policy]\nbogus = 1", ["shell_environment_policy.bogus"]],
    ["[history]\nbogus = 1", ["history.bogus"]],
    ["[otel]\nbogus = 1", ["otel.bogus"]],
    ['[projects."/tmp/x"]\nbogus = 1', ["projects./tmp/x.bogus"]],
    [
      "[notice.external_config_migration_prompts]\nbogus = 1",
      ["notice.external_config_migration_prompts.bogus"],
    ],
    ['[hooks.state."k"]\nbogus = 1', ["hooks.state.k.bogus"]],
    ["[tools]\nbogus = 1", ["tools.bogus"]],
    ["[tools.experimental_request_user_input]\nbogus = 1", ["tools.experimental_request_user_input.bogus"]],
    ["[analytics]\nbogus = 1", ["analytics.bogus"]],
    ["[feedback]\nbogus = 1", ["feedback.bogus"]],
    ["[apps._default]\nbogus = 1", ["apps._default.bogus"]],
    ["[marketplaces.x]\nbogus = 1", ["marketplaces.x.bogus"]],
    ["[skills]\nbogus = 1", ["skills.bogus"]],
    ["[skills.bundled]\nbogus = 1", ["skills.bundled.bogus"]],
    ["[[skills.config]]\nenabled = true\nbogus = 1", ["skills.config.0.bogus"]],
    [
      '[[tool_suggest.discoverables]]\nid = "x"\ntype = "plugin"\nbogus = 1',
      ["tool_suggest.discoverables.0.bogus"],
    ],
    ["[tool_suggest]\nbogus = 1", ["tool_suggest.bogus"]],
    ["[realtime]\nbogus = 1", ["realtime.bogus"]],
    ["[windows]\nbogus = 1", ["windows.bogus"]],
    ["[windows]\nsandbox_private_desktop = true", ["windows.sandbox_private_desktop"]],
    ["[ghost_snapshot]\nbogus = 1", ["ghost_snapshot.bogus"]],
    [
      "a = 1\n[history]\nb = 1\n[mcp_servers.s.tools.t]\nc = 1\n[features]\nd = true",
      ["a", "history.b", "mcp_servers.s.tools.t.c", "features.d"],
    ],
  ];
  it.each(REPORTED)("%s", (text, paths) => {
    expect(unknown(text)).toEqual(paths);
  });

  // Tables whose keys are names (headers, variables, paths), and the tables Codex lets any key into.
  const FREE = [
    '[mcp_servers.x]\ncommand = "c"\n[mcp_servers.x.env]\nANY_NAME = "1"',
    '[mcp_servers.x]\nurl = "u"\nhttp_headers = { "X-Any" = "1" }\nenv_http_headers = { "X-Env" = "E" }',
    '[model_providers.p]\nname = "P"\nhttp_headers = { "X-Any" = "1" }\nquery_params = { v = "1" }',
    '[shell_environment_policy.set]\nANY = "1"',
    '[projects."/any/path"]\ntrust_level = "trusted"',
    '[notice.model_migrations]\n"gpt-5" = "gpt-5.1"',
    // Codex 0.169 refuses `tui.bogus`; its [tui] list is not established here, so codex-ts lets it pass.
    '[tui]\nbogus = 1\ntheme = "x"',
    "[tui.model_availability_nux]\nany = 1",
    "[tools.web_search]\nbogus = 1\n[tools.web_search.location]\nbogus = 1",
    "[apps.x]\nbogus = 1\n[apps.x.tools.t]\nbogus = 1",
    "[plugins.x]\nbogus = 1\n[plugins.x.mcp_servers.s]\nbogus = 1",
    "[desktop]\nbogus = 1\n[desktop.deep]\nbogus = 1",
    '[experimental_thread_store]\ntype = "local"\nbogus = 1',
    "[hooks]\nbogus = 1\n[[hooks.PreToolUse]]\nbogus = 1",
    '[agents.reviewer]\ndescription = "d"\nbogus = 1',
    '[otel]\nspan_attributes = { any = "x" }\ntracestate = { a = { b = "c" } }',
    '[permissions.p.network.domains]\n"a.com" = "allow"',
  ];
  it.each(FREE)("lets pass: %s", (text) => {
    expect(unknown(text)).toEqual([]);
  });

  it("knows every [features] name Codex 0.169 lists or still takes, and codex-ts's own", () => {
    const names = [
      "fast_mode",
      "guardianv3",
      "collab",
      "codex_hooks",
      "telepathy",
      "enable_fanout",
      "personality",
    ];
    expect(unknown(`[features]\n${names.map((n) => `${n} = true`).join("\n")}`)).toEqual([]);
    expect(unknown("[features]\nchild_agents_md = true")).toEqual(["features.child_agents_md"]);
  });

  // Keys Codex 0.169 reads that a review found refused (each run through Codex 0.169, which took it).
  const CODEX_READS = [
    '[model_providers.p]\nname = "P"\nmodel_catalog_url = "u"\nsupports_standalone_web_search = true',
    '[model_providers.p.aws]\nregion = "r"\n[model_providers.p.aws.auth_refresh]\ncommand = "aws"',
    '[mcp_servers.x]\nurl = "u"\nbearer_token = "t"\nauth = { any = 1 }',
    '[profiles.x]\njs_repl_node_path = "/n"\njs_repl_node_module_dirs = ["/m"]',
    "[shell_environment_policy.filters]\nany = 1",
    '[apps._default]\ndefault_tools_approval_mode = "prompt"',
    "[windows]\nallow_mxc = true\n[profiles.x.windows]\nallow_mxc = true",
    '[tui.keymap.agents]\nrename = "r"\nnot_established = "x"',
    '[tui.keymap.vim_search]\nforward = "/"\nbackward = "?"\nnext = "n"\nprevious = "N"',
    '[tui.keymap.global]\nleader = "x"\nfocus_main_composer = "x"\ntoggle_pane_zoom = "x"',
    '[tui.keymap.chat]\ntoggle_voice = "x"\nprompt_stack_back = "x"\nskip_question = "x"',
    '[tui.keymap.vim_normal]\nfind_forward = "f"\nundo = "u"\nredo = "x"',
    '[tui.keymap.vim_operator]\nmotion_find_forward = "f"\nmotion_jump_top = "g"',
    '[tui.keymap.pager]\nfind = "/"',
    // Tables whose full list in Codex is not established: any key passes.
    "[auto_review]\nlayers = []\nother = 1\n[audio]\nother = 1\n[memories]\nother = 1\n[notice]\nother = 1",
    '[model_providers.p]\nname = "P"\nother = 1\n[mcp_servers.x]\ncommand = "c"\nother = 1',
  ];
  it.each(CODEX_READS)("takes what Codex reads: %s", (text) => {
    expect(unknown(text)).toEqual([]);
  });

  it("looks into arrays of tables as Codex does: a second [[skills.config]] entry is checked too", () => {
    const text =
      '[[skills.config]]\npath = "/p"\nenabled = true\n[[skills.config]]\nname = "n"\nenabled = false\nbogus = 1';
    expect(unknown(text)).toEqual(["skills.config.1.bogus"]);
    expect(unknown('[[tool_suggest.disabled_tools]]\nid = "x"\ntype = "plugin"')).toEqual([]);
  });

  it("knows the keys only codex-ts reads, where Codex would not", () => {
    const text = [
      '[mcp_servers.s]\ncommand = "c"\ntrusted = true\n[mcp_servers.s.oauth]\nclient_secret = "x"',
      '[model_providers.p]\ndefault_model = "m"',
      '[sandbox_workspace_write]\nallowed_domains = ["a.com"]',
      "[profiles.x]\nmodel_context_window = 1000\nsandbox_workspace_write = { network_access = true }",
      "[tools]\nview_image = true\nupdate_plan = { enabled = true }",
      '[memories]\ndual_write = true\n[tui]\nnotification_method = "bel"',
      '[fleet]\nqueue = "q"\n[connectors]\nenabled = false',
    ].join("\n");
    expect(unknown(text)).toEqual([]);
    // A table only codex-ts reads is checked by codex-ts's keys.
    expect(unknown("[connectors]\nbogus = 1\n[profiles.x.sandbox_workspace_write]\nbogus = 1")).toEqual([
      "connectors.bogus",
      "profiles.x.sandbox_workspace_write.bogus",
    ]);
  });

  it("passes a config that uses every table Codex documents", () => {
    const text = readFileSync(new URL("../../test/fixtures/config/codex-full.toml", import.meta.url), "utf8");
    expect(unknown(text)).toEqual([]);
  });
});

describe("overlay", () => {
  it("a table Codex leaves open stays open; a table Codex closes takes codex-ts's named keys, not its any-name", () => {
    const tree = overlay(
      { fields: { open: true, closed: table("a"), map: { each: table("x") } } },
      {
        fields: { open: table("z"), closed: { fields: { b: true }, each: true }, map: { each: table("y") } },
      },
    );
    const value = { open: { q: 1 }, closed: { a: 1, b: 2, c: 3 }, map: { m: { x: 1, y: 2, w: 3 } } };
    expect(unknownKeyPaths(value, tree)).toEqual([
      ["closed", "c"],
      ["map", "m", "w"],
    ]);
  });
});
