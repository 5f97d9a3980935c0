// initialize's params checked without zod: the server answers the handshake before zod loads (loading it
// was most of what ran before the answer). Gives the first issue the zod schema in initialize.ts would give
// (same code, expected type, path and input), so the -32600 words stay the same;
// initialize-check.test.ts holds the two to it.
import type { ParamsIssue } from "../params-error.js";
import type { InitializeParams } from "./initialize.js";

export type InitializeCheck = { ok: true; params: InitializeParams } | { ok: false; issue: ParamsIssue };

type Expected = "object" | "string" | "boolean" | "array";
type Path = PropertyKey[];
/** A check: the first problem with the value, or undefined. */
type Check = (value: unknown, path: Path) => ParamsIssue | undefined;

// An undefined input is a missing field (paramsIssueText's "missing field `x`").
const issue = (expected: Expected, path: Path, input: unknown): ParamsIssue => ({
  code: "invalid_type",
  expected,
  path,
  message: "Invalid input",
  input,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const string: Check = (value, path) => (typeof value === "string" ? undefined : issue("string", path, value));

/** z.nullish: absent or null pass. */
const nullish =
  (check: Check): Check =>
  (value, path) =>
    value === undefined || value === null ? undefined : check(value, path);

/** An object's fields in the schema's order (zod reports them in that order); other keys are not looked at. */
const object =
  (fields: Record<string, Check>): Check =>
  (value, path) => {
    if (!isRecord(value)) return issue("object", path, value);
    for (const [key, check] of Object.entries(fields)) {
      const problem = check(value[key], [...path, key]);
      if (problem) return problem;
    }
    return undefined;
  };

const stringArray: Check = (value, path) => {
  if (!Array.isArray(value)) return issue("array", path, value);
  for (const [i, item] of value.entries()) {
    const problem = string(item, [...path, i]);
    if (problem) return problem;
  }
  return undefined;
};

const checkParams = object({
  clientInfo: object({ name: string, title: nullish(string), version: string }),
  capabilities: nullish(
    object({
      experimentalApi: (value, path) =>
        value === undefined || typeof value === "boolean" ? undefined : issue("boolean", path, value),
      optOutNotificationMethods: nullish(stringArray),
    }),
  ),
});

/** initialize's params (the JSON value sent; undefined when absent), or the first problem with them. */
export function checkInitializeParams(raw: unknown): InitializeCheck {
  const problem = checkParams(raw, []);
  if (problem) return { ok: false, issue: problem };
  // What the schema's parse gives: clientInfo keeps only its own keys, capabilities (a loose object) all.
  const { clientInfo, capabilities } = raw as InitializeParams;
  const { name, title, version } = clientInfo;
  return {
    ok: true,
    params: {
      clientInfo: { name, ...(title !== undefined ? { title } : {}), version },
      ...(capabilities !== undefined ? { capabilities: capabilities && { ...capabilities } } : {}),
    },
  };
}
