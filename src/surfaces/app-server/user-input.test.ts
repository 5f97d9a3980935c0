import { describe, expect, it } from "vitest";
import { toEngineAnswers, toWireQuestions } from "./user-input.js";

const questions = [
  {
    id: "db",
    header: "Database",
    question: "Which database?",
    isOther: true,
    options: [
      { value: "pg", label: "Postgres", description: "Relational" },
      { value: "sqlite", label: "SQLite", description: "A file" },
    ],
  },
  { id: "name", header: "Name", question: "What name?" },
];

describe("request_user_input <-> item/tool/requestUserInput", () => {
  it("sends labels and descriptions, not the engine's values", () => {
    expect(toWireQuestions(questions)).toEqual([
      {
        id: "db",
        header: "Database",
        question: "Which database?",
        isOther: true,
        isSecret: false,
        options: [
          { label: "Postgres", description: "Relational" },
          { label: "SQLite", description: "A file" },
        ],
      },
      { id: "name", header: "Name", question: "What name?", isOther: false, isSecret: false, options: null },
    ]);
  });

  it.each([
    [["Postgres"], { selected: ["pg"], other: null }],
    [["sqlite"], { selected: ["sqlite"], other: null }],
    [["MySQL, please"], { selected: [], other: "MySQL, please" }],
  ])("answer %j to an option question -> %j", (given, expected) => {
    expect(toEngineAnswers(questions, { answers: { db: { answers: given } } })).toEqual({ db: expected });
  });

  it("free text answers a free-form question; unanswered and unknown ids are left out", () => {
    const response = { answers: { name: { answers: ["Ada"] }, nope: { answers: ["x"] } } };
    expect(toEngineAnswers(questions, response)).toEqual({ name: { selected: [], other: "Ada" } });
  });
});
