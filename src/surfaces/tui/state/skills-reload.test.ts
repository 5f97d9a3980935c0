// `/skills` right after `/plugins add`: the card waits for the skills listed again, rather than showing the
// list from before the plugin came.
import { describe, expect, it } from "vitest";
import type { SkillMetadata } from "../../../protocol/event-parts.js";
import type { HistoryCell } from "./cells.js";
import { tuiReducer } from "./tui-reducer.js";
import { initialTuiState, type TuiState } from "./tui-state.js";

const skill = (name: string): SkillMetadata => ({
  name,
  description: `does ${name}`,
  path: `/skills/${name}/SKILL.md`,
  scope: "user",
});

const listed = (state: TuiState, names: string[], id = "skills"): TuiState =>
  tuiReducer(state, {
    type: "engine_event",
    now: 1,
    event: {
      id,
      msg: { type: "list_skills_response", skills: [{ cwd: "/w", skills: names.map(skill), errors: [] }] },
    },
  });

const cardRows = (cells: readonly HistoryCell[]) =>
  cells.flatMap((c) => (c.kind === "status_card" ? c.rows.map(([name]) => name) : []));

describe("/skills and a reload of the skills", () => {
  it("shows the card at once when no reload is in flight", () => {
    const state = tuiReducer(listed(initialTuiState(), ["lint"]), { type: "skills_report_requested" });
    expect(cardRows(state.history)).toEqual(["$lint"]);
  });

  it("shows the new list once the reload's own answer arrives, and only then", () => {
    let state = listed(initialTuiState(), []);
    state = tuiReducer(state, { type: "skills_reload_requested", id: "reload" });
    state = tuiReducer(state, { type: "skills_report_requested" });
    expect(state.history).toEqual([]);
    // An answer to an earlier list_skills, still on its way when the reload was sent, does not count.
    state = listed(state, [], "earlier");
    expect(state.history).toEqual([]);
    state = listed(state, ["hello:greet"], "reload");
    expect(cardRows(state.history)).toEqual(["$hello:greet"]);
    expect(state.skillsReload).toBeUndefined();
    // The next /skills answers at once.
    state = tuiReducer(state, { type: "skills_report_requested" });
    expect(cardRows(state.history)).toEqual(["$hello:greet", "$hello:greet"]);
  });

  it("a failed reload shows its error and then the card with the list as it stands", () => {
    let state = listed(initialTuiState(), ["lint"]);
    state = tuiReducer(state, { type: "skills_reload_requested", id: "reload" });
    state = tuiReducer(state, { type: "skills_report_requested" });
    state = tuiReducer(state, {
      type: "engine_event",
      now: 1,
      event: { id: "reload", msg: { type: "error", message: "cannot read the skills" } },
    });
    expect(state.history.map((c) => c.kind)).toEqual(["notice", "status_card"]);
    expect(cardRows(state.history)).toEqual(["$lint"]);
    expect(state.skillsReload).toBeUndefined();
  });

  it("a reload nobody asked the card for shows nothing", () => {
    let state = tuiReducer(listed(initialTuiState(), []), { type: "skills_reload_requested", id: "reload" });
    state = listed(state, ["hello:greet"], "reload");
    expect(state.history).toEqual([]);
    expect(state.skills?.map((s) => s.name)).toEqual(["hello:greet"]);
  });
});
