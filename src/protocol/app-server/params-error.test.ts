import { describe, expect, it } from "vitest";
import { safeParse } from "zod/mini";
import { LoginAccountParams } from "./v2/account.js";
import { ThreadStartParams, TurnStartParams } from "./v2/thread.js";
import { ThreadListParams } from "./v2/thread-history.js";
import { paramsIssueText } from "./params-error.js";

const text = (schema: Parameters<typeof safeParse>[0], value: unknown) => {
  const parsed = safeParse(schema, value, { reportInput: true });
  return parsed.success ? "ok" : paramsIssueText(parsed.error.issues[0]);
};

// Each expectation is what Codex 0.169 answers for the same params (after "Invalid request: ").
describe("paramsIssueText", () => {
  it("tells missing fields, wrong types and unknown variants in serde's words", () => {
    expect(text(TurnStartParams, { threadId: "t" })).toBe("missing field `input`");
    expect(text(TurnStartParams, { threadId: 5, input: [] })).toBe(
      "invalid type: integer `5`, expected a string",
    );
    expect(text(ThreadListParams, { archived: "yes" })).toBe(
      'invalid type: string "yes", expected a boolean',
    );
    expect(text(ThreadStartParams, { cwd: [1] })).toBe("invalid type: sequence, expected a string");
    expect(text(ThreadStartParams, { cwd: true })).toBe("invalid type: boolean `true`, expected a string");
    expect(text(ThreadStartParams, { config: 5 })).toBe("invalid type: integer `5`, expected a map");
    expect(text(ThreadStartParams, { sandbox: "everything" })).toBe(
      "unknown variant `everything`, expected one of `read-only`, `workspace-write`, `danger-full-access`",
    );
    expect(text(ThreadListParams, { sortKey: "bogus" })).toBe(
      "unknown variant `bogus`, expected one of `created_at`, `updated_at`, `recency_at`, `section_position`",
    );
    expect(text(LoginAccountParams, { type: "apiKey" })).toBe("missing field `apiKey`");
  });

  it("tells a tagged union's missing or unknown tag", () => {
    expect(text(TurnStartParams, { threadId: "t", input: [{ text: "a" }] })).toBe("missing field `type`");
    expect(text(LoginAccountParams, { type: "password" })).toMatch(
      /^unknown variant `password`, expected one of `apiKey`, `chatgpt`/,
    );
  });

  it("tells numbers out of range and non-integers", () => {
    expect(text(ThreadListParams, { limit: -1 })).toBe("invalid value: integer `-1`, expected a number >= 0");
    expect(text(ThreadListParams, { limit: 1.5 })).toMatch(/^invalid type: floating point `1.5`, expected /);
  });
});
