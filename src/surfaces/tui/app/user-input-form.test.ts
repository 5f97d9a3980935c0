import { describe, expect, it } from "vitest";
import { recordedEvents, replayThrough } from "../fixtures/recorded-events.js";
import type { KeyEvent } from "../input/key-parser.js";
import { formKey, startForm, type FormOutcome, type FormState } from "./user-input-form.js";

const request = () => {
  const pending = replayThrough(recordedEvents("user-input"), "request_user_input").userInputs[0];
  if (!pending) throw new Error("no question");
  return pending;
};
const text = (t: string): KeyEvent => ({ type: "text", text: t });
const key = (name: Extract<KeyEvent, { type: "key" }>["name"]): KeyEvent => ({ type: "key", name });

function press(keys: KeyEvent[]): FormOutcome {
  const r = request();
  let form: FormState = startForm(r);
  let outcome: FormOutcome = { type: "stay", form };
  for (const k of keys) {
    outcome = formKey(form, r, k);
    if (outcome.type !== "stay") return outcome;
    form = outcome.form;
  }
  return outcome;
}

describe("the request_user_input form", () => {
  it("picks an option with the arrows, then takes free text for a question without options", () => {
    expect(press([key("down"), key("up"), key("enter"), text("parser"), key("enter")])).toEqual({
      type: "done",
      answers: { scope: { selected: ["src_only"] }, name: { selected: [], other: "parser" } },
    });
  });

  it("picks by number, and answers in one's own words on the Other line", () => {
    expect(press([text("2"), text("lexer"), key("backspace"), key("enter")])).toEqual({
      type: "done",
      answers: { scope: { selected: ["everything"] }, name: { selected: [], other: "lexe" } },
    });
    expect(press([text("only the parser"), key("enter"), text("x"), key("enter")])).toEqual({
      type: "done",
      answers: { scope: { selected: [], other: "only the parser" }, name: { selected: [], other: "x" } },
    });
  });

  it("does not accept an empty answer, and Esc interrupts", () => {
    const r = press([key("enter"), key("enter")]);
    expect(r.type === "stay" && r.form.index).toBe(1);
    expect(press([key("escape")])).toEqual({ type: "cancel" });
  });
});
