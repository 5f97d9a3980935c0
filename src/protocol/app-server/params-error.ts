// The words of a params validation error. Codex answers a request whose params do not deserialize with
// -32600 and "Invalid request: <serde's message>" (e.g. "missing field `threadId`", "invalid type: integer
// `5`, expected a string", "unknown variant `x`, expected one of `a`, `b`"); clients and people match on those,
// so a zod issue is told the same way. Serde names no path; the caller sends it beside the message.

/** A zod issue (full or mini) as parsed with `reportInput`, so the offending value is at hand. */
export interface ParamsIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  expected?: string;
  values?: unknown[];
  keys?: string[];
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  /** A discriminated union's tag field and its variants. */
  discriminator?: string;
  options?: unknown[];
}

/** A tagged union whose tag is missing or unknown: the tag's own words, as serde tells them. */
function tagText(issue: ParamsIssue & { discriminator: string }): string {
  const input = issue.input as Record<string, unknown> | undefined;
  const tag = typeof input === "object" && input !== null ? input[issue.discriminator] : undefined;
  if (tag === undefined) return `missing field \`${issue.discriminator}\``;
  if (typeof tag !== "string") return `invalid type: ${unexpected(tag)}, expected a string`;
  return `unknown variant \`${tag}\`, expected one of ${quoted(issue.options ?? [])}`;
}

/** How serde names a JSON value it did not expect. */
function unexpected(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string") return `string ${JSON.stringify(value)}`;
  if (typeof value === "boolean") return `boolean \`${value}\``;
  if (typeof value === "number")
    return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
  if (Array.isArray(value)) return "sequence";
  return "map";
}

const EXPECTED: Record<string, string> = {
  string: "a string",
  boolean: "a boolean",
  number: "a number",
  int: "an integer",
  bigint: "an integer",
  object: "a map",
  record: "a map",
  array: "a sequence",
  tuple: "a sequence",
  null: "null",
};

const lastKey = (path: PropertyKey[]): string | undefined => {
  const key = path.at(-1);
  return typeof key === "string" ? key : undefined;
};

const quoted = (values: unknown[]): string => values.map((v) => `\`${String(v)}\``).join(", ");

/** The first issue of a failed parse in serde's words ("missing field `x`", "invalid type: ..."). */
export function paramsIssueText(issue: ParamsIssue | undefined): string {
  if (!issue) return "invalid value";
  const missing = !("input" in issue) || issue.input === undefined;
  const field = lastKey(issue.path);
  if (issue.code === "invalid_union" && issue.discriminator !== undefined && !missing)
    return tagText({ ...issue, discriminator: issue.discriminator });
  switch (issue.code) {
    case "invalid_type":
    case "invalid_value":
    case "invalid_union":
      if (missing) return field ? `missing field \`${field}\`` : "missing field `params`";
  }
  switch (issue.code) {
    case "invalid_type":
      return `invalid type: ${unexpected(issue.input)}, expected ${EXPECTED[issue.expected ?? ""] ?? issue.expected}`;
    case "invalid_value":
      return typeof issue.input === "string" && issue.values?.every((v) => typeof v === "string")
        ? `unknown variant \`${issue.input}\`, expected one of ${quoted(issue.values)}`
        : `invalid value: ${unexpected(issue.input)}, expected one of ${quoted(issue.values ?? [])}`;
    case "invalid_union":
      return "data did not match any variant of untagged enum";
    case "unrecognized_keys":
      return `unknown field \`${issue.keys?.[0] ?? ""}\``;
    case "too_small":
    case "too_big": {
      const strict = issue.inclusive === false ? "" : "=";
      const bound =
        issue.code === "too_small"
          ? `>${strict} ${String(issue.minimum)}`
          : `<${strict} ${String(issue.maximum)}`;
      const what = typeof issue.input === "number" ? "a number" : "a length";
      return `invalid value: ${unexpected(issue.input)}, expected ${what} ${bound}`;
    }
    default:
      return `invalid value: ${issue.message}`;
  }
}
