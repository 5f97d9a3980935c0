import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readSkillInterface } from "./skill-interface.js";
import { scratchDir } from "../../test/support/scratch.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A skill folder with a SKILL.md and, when given, an agents/openai.yaml; returns the SKILL.md path. */
function skill(yaml?: string): string {
  const dir = scratchDir("skill-ui-");
  dirs.push(dir);
  writeFileSync(join(dir, "SKILL.md"), "---\nname: demo\ndescription: d\n---\n");
  if (yaml !== undefined) {
    mkdirSync(join(dir, "agents"));
    writeFileSync(join(dir, "agents", "openai.yaml"), yaml);
  }
  return join(dir, "SKILL.md");
}

describe("readSkillInterface", () => {
  it("reads every field, with icons made absolute under the skill's assets folder", () => {
    const file = skill(
      [
        "interface:",
        '  display_name: "Demo Skill"',
        '  short_description: "UI blurb"',
        '  icon_small: "./assets/small.svg"',
        "  icon_large: assets/big/large.png",
        '  brand_color: "#11AA33"',
        '  default_prompt: "Use $demo"',
      ].join("\n"),
    );
    const dir = join(file, "..");
    expect(readSkillInterface(file)).toEqual({
      displayName: "Demo Skill",
      shortDescription: "UI blurb",
      iconSmall: join(dir, "assets", "small.svg"),
      iconLarge: join(dir, "assets", "big", "large.png"),
      iconSmallUrl: null,
      iconLargeUrl: null,
      brandColor: "#11AA33",
      defaultPrompt: "Use $demo",
    });
  });

  it("drops invalid fields: icons outside assets, absolute icons, colours not #RRGGBB", () => {
    const file = skill(
      [
        "interface:",
        "  display_name: 5",
        "  icon_small: icons/x.png",
        "  icon_large: /etc/passwd",
        "  brand_color: red",
        "  default_prompt: [a]",
      ].join("\n"),
    );
    expect(readSkillInterface(file)).toMatchObject({
      displayName: "5",
      iconSmall: null,
      iconLarge: null,
      brandColor: null,
      defaultPrompt: null,
    });
    const escaping = skill("interface:\n  icon_small: assets/../../outside.png\n  display_name: x\n");
    expect(readSkillInterface(escaping)?.iconSmall).toBeNull();
  });

  it("is undefined without the file, without an interface table, with nothing valid, or with broken YAML", () => {
    expect(readSkillInterface(skill())).toBeUndefined();
    expect(readSkillInterface(skill("policy:\n  allow_implicit_invocation: false\n"))).toBeUndefined();
    expect(readSkillInterface(skill("interface:\n  brand_color: red\n"))).toBeUndefined();
    expect(readSkillInterface(skill("interface: [\n"))).toBeUndefined();
  });
});
