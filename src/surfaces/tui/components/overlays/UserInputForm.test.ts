// The form for the model's questions, from the request the engine actually sent.
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { startForm } from "../../app/user-input-form.js";
import { recordedEvents, replayThrough } from "../../fixtures/recorded-events.js";
import { renderText, trimLines } from "../../../../../test/support/tui-render.js";
import { UserInputForm } from "./UserInputForm.js";

describe("UserInputForm", () => {
  const request = replayThrough(recordedEvents("user-input"), "request_user_input").userInputs[0];
  if (!request) throw new Error("no question");

  it("shows the question, its options and the Other line", () => {
    const text = trimLines(renderText(createElement(UserInputForm, { request, form: startForm(request) })));
    expect(text).toContain("│ Scope  question 1 of 2");
    expect(text).toContain("│ Which files should I change?");
    expect(text).toContain("│ › 1. Only src/  Leave the tests alone.");
    expect(text).toContain("│   2. Everything  Tests and docs too.");
    expect(text).toContain("│   3. Other:");
  });

  it("shows a free-text question with what was typed", () => {
    const form = { ...startForm(request), index: 1, other: "pars" };
    const text = trimLines(renderText(createElement(UserInputForm, { request, form })));
    expect(text).toContain("│ What should the new module be called?");
    expect(text).toContain("│ › 1. Answer: pars");
  });
});
