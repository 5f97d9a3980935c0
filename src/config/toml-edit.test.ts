import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { deleteTomlValue, parseKeyPath, setTomlValue, TomlEditError } from "./toml-edit.js";

const DOC = `# My codex-ts config
model = "gpt-5.1-codex"   # the usual one

# Safety first
approval_policy = "on-request"
list = [
  "a", # first
  "b",
]

[model_providers.local]
# a local server
name = "Local"
base_url = "http://127.0.0.1:8000/v1"

[profiles.fast]
model = "mini"
inline = { x = 1, y = "two" }
`;

describe("parseKeyPath", () => {
  it("splits dotted keys, honouring quotes", () => {
    expect(parseKeyPath("a.b_c.d-e")).toEqual(["a", "b_c", "d-e"]);
    expect(parseKeyPath('projects."/abs/path.x".trust_level')).toEqual([
      "projects",
      "/abs/path.x",
      "trust_level",
    ]);
    expect(parseKeyPath("'lit.eral'.k")).toEqual(["lit.eral", "k"]);
    expect(() => parseKeyPath("a..b")).toThrow(TomlEditError);
    expect(() => parseKeyPath("")).toThrow(TomlEditError);
  });
});

describe("setTomlValue", () => {
  it("replaces a value in place, keeping its trailing comment and every other line", () => {
    const out = setTomlValue(DOC, ["model"], "gpt-5.1-codex-mini");
    expect(out).toBe(DOC.replace('model = "gpt-5.1-codex"   #', 'model = "gpt-5.1-codex-mini"   #'));
  });

  it("replaces a multi-line array as one value", () => {
    const out = setTomlValue(DOC, ["list"], ["z"]);
    expect(out).toContain('list = ["z"]\n\n[model_providers.local]');
    expect(parse(out).list).toEqual(["z"]);
    expect(out).toContain("# Safety first");
  });

  it("adds a key at the end of its table, before the next table", () => {
    const out = setTomlValue(DOC, ["model_providers", "local", "env_key"], "LOCAL_KEY");
    expect(out).toContain('base_url = "http://127.0.0.1:8000/v1"\nenv_key = "LOCAL_KEY"\n\n[profiles.fast]');
    expect(out).toContain("# a local server");
  });

  it("adds a root key after the last root key", () => {
    const out = setTomlValue(DOC, ["model_reasoning_effort"], "high");
    expect(out).toContain(']\nmodel_reasoning_effort = "high"\n\n[model_providers.local]');
  });

  it("adds a new table at the end for a key under a table that does not exist", () => {
    const out = setTomlValue(DOC, ["projects", "/abs/repo", "trust_level"], "trusted");
    expect(out.endsWith('\n\n[projects."/abs/repo"]\ntrust_level = "trusted"\n')).toBe(true);
    expect(parse(out).projects).toEqual({ "/abs/repo": { trust_level: "trusted" } });
  });

  it("edits inside an inline table", () => {
    const out = setTomlValue(DOC, ["profiles", "fast", "inline", "x"], 2);
    expect(parse(out).profiles).toMatchObject({ fast: { inline: { x: 2, y: "two" } } });
  });

  it("upserts a table key by key, and replace drops the keys not given", () => {
    const upserted = setTomlValue(DOC, ["model_providers", "local"], { name: "L2" }, "upsert");
    expect(parse(upserted).model_providers).toEqual({
      local: { name: "L2", base_url: "http://127.0.0.1:8000/v1" },
    });
    const replaced = setTomlValue(DOC, ["model_providers", "local"], { name: "L3" }, "replace");
    expect(parse(replaced).model_providers).toEqual({ local: { name: "L3" } });
    expect(replaced).toContain("# My codex-ts config");
  });

  it("null removes a key; removing a table removes its block", () => {
    const out = setTomlValue(DOC, ["approval_policy"], null);
    expect(out).not.toContain("approval_policy");
    expect(out).toContain("# Safety first");
    const noTable = deleteTomlValue(DOC, ["profiles"]);
    expect(parse(noTable).profiles).toBeUndefined();
    expect(parse(noTable).model_providers).toBeDefined();
  });

  it("writes into an empty file and into a file with only comments", () => {
    expect(setTomlValue("", ["model"], "m")).toBe('model = "m"\n');
    expect(parse(setTomlValue("# hi\n", ["a", "b"], true))).toEqual({ a: { b: true } });
  });

  it("refuses to edit text that is not TOML", () => {
    expect(() => setTomlValue("model = ", ["model"], "x")).toThrow(/not valid TOML/);
  });

  it("round-trips strings that need escaping", () => {
    const value = 'quote " backslash \\ newline \n tab \t unicode é';
    expect(parse(setTomlValue(DOC, ["developer_instructions"], value)).developer_instructions).toBe(value);
  });
});
