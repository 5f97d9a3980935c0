// A skill's UI metadata: the `interface` table of `agents/openai.yaml` next to its SKILL.md (display name,
// blurb, icons, brand colour, default prompt), as Codex reads it for skills/list. The file is optional and
// never breaks the skill: a field that is invalid is dropped, a file that cannot be read or parsed is ignored.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { SkillInterface } from "../protocol/event-parts.js";
import { parseYaml } from "./skill-file.js";

export const SKILL_METADATA_FILE = join("agents", "openai.yaml");
/** Icons must live in the skill's own `assets` folder. */
const ICON_DIR = "assets";
const BRAND_COLOR = /^#[0-9a-fA-F]{6}$/;

/** The interface of the skill whose SKILL.md is `skillFile`; undefined when it declares nothing usable. */
export function readSkillInterface(skillFile: string): SkillInterface | undefined {
  const skillDir = dirname(skillFile);
  let text: string;
  try {
    text = readFileSync(join(skillDir, SKILL_METADATA_FILE), "utf8");
  } catch {
    return undefined;
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch {
    return undefined;
  }
  const table = isMapping(doc) ? doc.interface : undefined;
  if (!isMapping(table)) return undefined;
  const brandColor = scalarText(table.brand_color);
  const found: SkillInterface = {
    displayName: scalarText(table.display_name),
    shortDescription: scalarText(table.short_description),
    iconSmall: iconPath(skillDir, table.icon_small),
    iconLarge: iconPath(skillDir, table.icon_large),
    // Remote icons come from a plugin catalog, which local skills do not have.
    iconSmallUrl: null,
    iconLargeUrl: null,
    brandColor: brandColor !== null && BRAND_COLOR.test(brandColor) ? brandColor : null,
    defaultPrompt: scalarText(table.default_prompt),
  };
  return Object.values(found).some((v) => v !== null) ? found : undefined;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A YAML scalar as text (an unquoted `5` is still a name); blank is absent. */
function scalarText(value: unknown): string | null {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** A relative path under the skill's `assets` folder, made absolute; anything else is dropped. */
function iconPath(skillDir: string, value: unknown): string | null {
  const path = scalarText(value);
  if (path === null || isAbsolute(path)) return null;
  const assets = join(skillDir, ICON_DIR);
  const full = resolve(skillDir, path);
  const inside = relative(assets, full);
  if (inside === "" || inside.startsWith(`..${sep}`) || inside === ".." || isAbsolute(inside)) return null;
  return full;
}
