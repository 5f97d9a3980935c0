// `codex-ts proto`: the queue pair over stdio. Submissions as JSON lines on stdin, Events as JSON lines on
// stdout. A bad line gets an `error` event naming it; the session keeps serving.
import { createInterface } from "node:readline";
import { createCodex } from "../../engine/create-codex.js";
import { describeZodError } from "../../protocol/errors.js";
import { Op, Submission } from "../../protocol/core-protocol.js";
import { loadCliConfigOrReport, type SharedFlags } from "../shared/cli-config.js";
import { ProtocolOutput } from "../shared/output.js";

const KNOWN_OPS = new Set<string>(Op.options.map((o) => o.shape.type.value));

/** Why a parsed line is not a Submission, in words that point at the fix. */
export function describeBadSubmission(value: unknown): string {
  const op = (value as { op?: { type?: unknown } } | null)?.op;
  if (op && typeof op === "object" && typeof op.type === "string" && !KNOWN_OPS.has(op.type)) {
    return `unknown op type '${op.type}'`;
  }
  const parsed = Submission.safeParse(value);
  return parsed.success ? "" : `invalid submission: ${describeZodError(parsed.error)}`;
}

export async function runProto(flags: SharedFlags): Promise<number> {
  const config = loadCliConfigOrReport(flags);
  if (!config) return 1;
  const codex = createCodex({ config });
  const out = new ProtocolOutput();
  const writer = (async () => {
    for await (const event of codex) out.line(JSON.stringify(event));
  })();

  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      codex.report("", {
        type: "error",
        message: `line ${lineNumber}: invalid JSON: ${(err as Error).message}`,
      });
      continue;
    }
    const parsed = Submission.safeParse(value);
    if (!parsed.success) {
      const id =
        typeof (value as { id?: unknown } | null)?.id === "string" ? (value as { id: string }).id : "";
      codex.report(id, { type: "error", message: `line ${lineNumber}: ${describeBadSubmission(value)}` });
      continue;
    }
    codex.submitWithId(parsed.data);
  }
  // stdin closed: let a running task finish, then shut down.
  await codex.idle();
  await codex.close();
  await writer;
  return 0;
}
