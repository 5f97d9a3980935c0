// The hand check of initialize's params against the zod schema it stands in for: the same verdict, the
// same first issue (so the same -32600 words and path) and the same params, over every field given every
// kind of JSON value, one field at a time and two at a time (which problem comes first).
import { describe, expect, it } from "vitest";
import { safeParse } from "zod/mini";
import { paramsIssueText, type ParamsIssue } from "../params-error.js";
import { InitializeParams } from "./initialize.js";
import { checkInitializeParams } from "./initialize-check.js";

const SAMPLES: unknown[] = [undefined, null, true, 0, 1.5, "", "s", [], ["a"], [1], {}, { name: 1 }];

const valid = () => ({
  clientInfo: { name: "ide", title: "IDE", version: "1.0" },
  capabilities: { experimentalApi: true, optOutNotificationMethods: ["a", "b"], other: 1 },
});

const PATHS: string[][] = [
  ["clientInfo"],
  ["clientInfo", "name"],
  ["clientInfo", "title"],
  ["clientInfo", "version"],
  ["clientInfo", "extra"],
  ["capabilities"],
  ["capabilities", "experimentalApi"],
  ["capabilities", "optOutNotificationMethods"],
  ["capabilities", "optOutNotificationMethods", "1"],
  ["capabilities", "other"],
  ["extra"],
];

/** A copy of `value` with the field at `path` set (undefined: removed). */
function withField(value: unknown, path: string[], field: unknown): unknown {
  const copy: unknown = structuredClone(value);
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== "object" || next === null) return copy;
    node = next as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (field === undefined) delete node[last];
  else node[last] = field;
  return copy;
}

const facts = (issue: ParamsIssue | undefined) =>
  issue && {
    code: issue.code,
    expected: issue.expected,
    path: issue.path,
    input: "input" in issue ? issue.input : "(absent)",
    text: paramsIssueText(issue),
  };

function expectSameVerdict(value: unknown): void {
  // What a client can send: JSON (an array's removed element reads as null).
  const raw: unknown = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  const zod = safeParse(InitializeParams, raw, { reportInput: true, jitless: true });
  const hand = checkInitializeParams(raw);
  if (zod.success) {
    expect(hand, JSON.stringify(raw)).toEqual({ ok: true, params: zod.data });
  } else {
    expect(hand.ok, JSON.stringify(raw)).toBe(false);
    const issue = hand.ok ? undefined : hand.issue;
    expect(facts(issue), JSON.stringify(raw)).toEqual(facts(zod.error.issues[0] as ParamsIssue));
  }
}

describe("checkInitializeParams", () => {
  it("gives the zod schema's verdict for the whole params of every kind", () => {
    for (const sample of [...SAMPLES, valid()]) expectSameVerdict(sample);
    expectSameVerdict({ clientInfo: { name: "a", version: "1" } });
    expectSameVerdict({ clientInfo: { name: "a", version: "1", title: null }, capabilities: null });
  });

  it("gives the zod schema's verdict for every field given every kind of value", () => {
    for (const path of PATHS) {
      for (const sample of SAMPLES) expectSameVerdict(withField(valid(), path, sample));
    }
  });

  it("reports the problem zod reports first when two fields are wrong", () => {
    for (const first of PATHS) {
      for (const second of PATHS) {
        for (const sample of [undefined, 5, null, [2]]) {
          expectSameVerdict(withField(withField(valid(), first, sample), second, "x"));
          expectSameVerdict(withField(withField(valid(), first, "x"), second, sample));
        }
      }
    }
  });
});
