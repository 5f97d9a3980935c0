// skills/list through `codex-ts app-server` carries what a skill says about itself for a UI: the front
// matter's `metadata.short-description` and the `interface` table of its `agents/openai.yaml`, both left
// out (as Codex leaves them out) when the skill has none.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

describe("app-server skills/list interface and shortDescription", () => {
  it("reads them from SKILL.md and agents/openai.yaml, and leaves them out when absent", async () => {
    const { home, client: c } = await app.start();
    const root = join(home.cwd, ".agents/skills");
    const demo = join(root, "demo");
    mkdirSync(join(demo, "agents"), { recursive: true });
    writeFileSync(
      join(demo, "SKILL.md"),
      '---\nname: demo\ndescription: long text\nmetadata:\n  short-description: "short   blurb"\n---\nbody\n',
    );
    writeFileSync(
      join(demo, "agents/openai.yaml"),
      [
        "interface:",
        '  display_name: "Demo Skill"',
        '  short_description: "UI blurb"',
        '  icon_small: "./assets/small.svg"',
        '  icon_large: "../outside.png"',
        '  brand_color: "#112233"',
        '  default_prompt: "Use $demo please"',
      ].join("\n"),
    );
    mkdirSync(join(root, "plain"), { recursive: true });
    writeFileSync(join(root, "plain/SKILL.md"), "---\nname: plain\ndescription: nothing more\n---\nbody\n");

    const entry = ((await c.call("skills/list", { cwds: [home.cwd] })).data as Json[])[0] as Json;
    const [first, second] = entry.skills as Json[];
    expect(first).toMatchObject({
      name: "demo",
      shortDescription: "short blurb",
      interface: {
        displayName: "Demo Skill",
        shortDescription: "UI blurb",
        iconSmall: join(demo, "assets/small.svg"),
        iconLarge: null,
        iconSmallUrl: null,
        iconLargeUrl: null,
        brandColor: "#112233",
        defaultPrompt: "Use $demo please",
      },
    });
    expect(second?.name).toBe("plain");
    expect(Object.keys(second as Json)).not.toContain("interface");
    expect(Object.keys(second as Json)).not.toContain("shortDescription");
  });
});
