import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ConfigLayer } from "../config/load.js";
import { rulesFolders } from "./load.js";
import { scratchDir } from "../../test/support/scratch.js";

describe("rulesFolders", () => {
  it("takes a trusted project's rules from the root project_root_markers give down to cwd", () => {
    const root = scratchDir("rules-folders-");
    const home = join(root, "home");
    const repo = join(root, "repo");
    const sub = join(repo, "sub");
    mkdirSync(home);
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(sub);
    const user = (value: Record<string, unknown>): ConfigLayer => ({
      source: "user",
      value: { projects: { [repo]: { trust_level: "trusted" } }, ...value },
    });
    expect(rulesFolders(home, sub, [user({})])).toEqual([
      join(home, "rules"),
      join(repo, ".codex", "rules"),
      join(sub, ".codex", "rules"),
    ]);
    expect(rulesFolders(home, sub, [user({ project_root_markers: [] })])).toEqual([
      join(home, "rules"),
      join(sub, ".codex", "rules"),
    ]);
  });
});
