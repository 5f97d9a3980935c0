// `/skills`: the skills of the session's directory, as a card (name, where it comes from, what it does).
import type { NewCell } from "../state/cells.js";
import type { TuiState } from "../state/tui-state.js";

export function skillsReport(state: Pick<TuiState, "skills">): NewCell {
  if (state.skills === undefined)
    return { kind: "notice", level: "info", text: "The skills are still being read; try again in a moment." };
  if (state.skills.length === 0)
    return {
      kind: "notice",
      level: "info",
      text:
        "No skills found. A skill is a folder with a SKILL.md, under .codex/skills or .agents/skills of this " +
        "repository, or under $CODEX_HOME/skills.",
    };
  const skills = [...state.skills].sort((a, b) => a.name.localeCompare(b.name));
  return {
    kind: "status_card",
    title: `Skills (${skills.length}) · type $name in a message to use one`,
    rows: skills.map((s) => [`$${s.name}`, `${s.description} (${s.scope})`]),
  };
}
