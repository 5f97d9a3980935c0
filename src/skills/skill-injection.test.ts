import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SkillMetadata } from "../protocol/core-protocol.js";
import { collectSkillInjections, mentionedSkillNames, skillMessageText } from "./skill-injection.js";
import { scratchDir } from "../../test/support/scratch.js";

describe("mentionedSkillNames", () => {
  const names = new Set(["deploy", "lint", "release.notes", "a-b"]);
  it.each([
    ["use $deploy now", ["deploy"]],
    ["$deploy.", ["deploy"]],
    ["($lint) and $deploy, then $lint again", ["lint", "deploy"]],
    ["$release.notes please", ["release.notes"]],
    ["$a-b:", ["a-b"]],
    ["costs $5, echo $HOME, a$deploy, $$deploy", []],
    ["$Deploy", []],
  ])("%j -> %j", (text, expected) => {
    expect(mentionedSkillNames(text, names)).toEqual(expected);
  });
});

describe("collectSkillInjections", () => {
  const dir = scratchDir("codex-ts-inject-");
  const file = (name: string, text: string) => {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, "SKILL.md"), text);
    return join(dir, name, "SKILL.md");
  };
  const deploy = file("deploy", "---\nname: deploy\ndescription: d\n---\nDEPLOY\n");
  const broken = file("broken", "nothing");
  const available: SkillMetadata[] = [{ name: "deploy", description: "d", path: deploy, scope: "repo" }];

  it("injects each named skill once, explicit items first", () => {
    const result = collectSkillInjections(
      [
        { type: "text", text: "$deploy and $deploy" },
        { type: "skill", name: "deploy", path: deploy },
      ],
      available,
      dir,
    );
    expect(result.warnings).toEqual([]);
    expect(result.messages).toEqual([
      {
        type: "message",
        role: "user",
        content: [{ type: "input_text", text: skillMessageText("deploy", deploy, "DEPLOY") }],
      },
    ]);
  });

  it("warns about a skill that cannot be used and goes on", () => {
    const result = collectSkillInjections(
      [
        { type: "skill", name: "broken", path: broken },
        { type: "skill", name: "gone", path: "gone/SKILL.md" },
      ],
      available,
      dir,
    );
    expect(result.messages).toEqual([]);
    expect(result.warnings).toEqual([
      expect.stringMatching(/^skill broken .* was not used: missing YAML front matter/),
      expect.stringMatching(/^skill gone .*gone\/SKILL\.md\) was not used: cannot read it/),
    ]);
  });
});
