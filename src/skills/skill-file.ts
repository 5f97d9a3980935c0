// One SKILL.md: YAML front matter (`name`, `description`) between `---` lines, then the body, which is the
// skill's instructions. A file that breaks these rules gets a message saying what to fix.
import { createRequire } from "node:module";
import type { parse as ParseYaml } from "yaml";

// The YAML library is loaded on the first SKILL.md, not at start-up (it is ~110 KB to compile, and most
// sessions have no skills). It stays outside the bundle (see scripts/build.mjs) and is required lazily.
const loadModule = createRequire(import.meta.url);
let yamlParse: typeof ParseYaml | undefined;
export function parseYaml(text: string): unknown {
  yamlParse ??= (loadModule("yaml") as { parse: typeof ParseYaml }).parse;
  return yamlParse(text);
}

export interface SkillFile {
  name: string;
  description: string;
  /** `metadata.short-description` of the front matter (a legacy UI blurb), when given. */
  shortDescription?: string;
  /** The instructions: everything after the front matter, trimmed. */
  body: string;
}

export type SkillFileResult = { ok: true; skill: SkillFile } | { ok: false; message: string };

export const MAX_NAME_LENGTH = 64;
export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_SHORT_DESCRIPTION_LENGTH = 500;

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function parseSkillFile(text: string): SkillFileResult {
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    return {
      ok: false,
      message: "missing YAML front matter: start the file with '---', then name and description, then '---'",
    };
  }
  let meta: unknown;
  try {
    meta = parseYaml(match[1] ?? "");
  } catch (err) {
    return { ok: false, message: `invalid YAML front matter: ${firstLine((err as Error).message)}` };
  }
  if (typeof meta !== "object" || meta === null || Array.isArray(meta)) {
    return { ok: false, message: "front matter must be a YAML mapping with name and description" };
  }
  const fields = meta as Record<string, unknown>;
  const name = fields.name;
  if (typeof name !== "string" || name.trim() === "") {
    return { ok: false, message: "front matter: 'name' is required (a string)" };
  }
  if (name.length > MAX_NAME_LENGTH || /\s/.test(name)) {
    return {
      ok: false,
      message: `front matter: 'name' must be one word of at most ${MAX_NAME_LENGTH} characters`,
    };
  }
  const description = fields.description;
  if (typeof description !== "string" || description.trim() === "") {
    return { ok: false, message: "front matter: 'description' is required (a string)" };
  }
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    return {
      ok: false,
      message: `front matter: 'description' is longer than ${MAX_DESCRIPTION_LENGTH} characters`,
    };
  }
  const shortDescription = shortDescriptionOf(fields.metadata);
  if (shortDescription !== undefined && [...shortDescription].length > MAX_SHORT_DESCRIPTION_LENGTH) {
    return {
      ok: false,
      message: `front matter: 'metadata.short-description' is longer than ${MAX_SHORT_DESCRIPTION_LENGTH} characters`,
    };
  }
  return {
    ok: true,
    skill: {
      name,
      // Descriptions go on one line of the model's skill list.
      description: oneLine(description),
      ...(shortDescription !== undefined ? { shortDescription } : {}),
      body: text.slice(match[0].length).trim(),
    },
  };
}

/** `metadata.short-description` (or `shortDescription`, `short_description`); blank counts as absent. */
function shortDescriptionOf(metadata: unknown): string | undefined {
  if (typeof metadata !== "object" || metadata === null) return undefined;
  const fields = metadata as Record<string, unknown>;
  const value = fields["short-description"] ?? fields.shortDescription ?? fields.short_description;
  if (typeof value !== "string") return undefined;
  const text = oneLine(value);
  return text === "" ? undefined : text;
}

function oneLine(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}
