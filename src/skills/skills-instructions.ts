// The skills section of the model's developer instructions: each available skill's name, description and
// SKILL.md path (the body stays on disk until a skill is used).
import { readPackageFile } from "../core/package-files.js";
import type { ResponseItem } from "../protocol/items.js";
import type { SkillMetadata } from "../protocol/core-protocol.js";

/** How the section begins, to find it again in a resumed thread's history. */
export const SKILLS_SECTION_HEADING = "## Skills";

/** Undefined when there is no skill: the model is not told about skills at all. */
export function renderSkillsInstructions(skills: readonly SkillMetadata[]): string | undefined {
  if (skills.length === 0) return undefined;
  const list = skills.map((s) => `- ${s.name}: ${s.description} (file: ${s.path})`).join("\n");
  return readPackageFile("prompts/skills.md").replace("{{ skills }}", list).trimEnd();
}

/** The latest skills section the model was given, read back from history. */
export function lastSkillsInstructions(history: readonly ResponseItem[]): string | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i];
    if (item?.type !== "message" || !("role" in item) || item.role !== "developer") continue;
    const content = "content" in item && Array.isArray(item.content) ? (item.content as unknown[]) : [];
    for (const part of content) {
      const text = typeof part === "object" && part !== null && "text" in part ? part.text : undefined;
      if (typeof text === "string" && text.startsWith(SKILLS_SECTION_HEADING)) return text;
    }
  }
  return undefined;
}
