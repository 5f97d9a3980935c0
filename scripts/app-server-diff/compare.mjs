/* eslint-disable @typescript-eslint/ban-ts-comment -- untyped JSON from two servers; a by-hand tool, not built or tested */
// @ts-nocheck -- a by-hand tool reading two servers' untyped JSON; not part of the build or the tests.
// Compares two transcripts from driver.mjs: per request (in order), the response's shape (keys and value
// types, recursively; arrays by their first element) and the notifications the server sent before the next
// request (their methods in order, and each method's params shape). Prints what ours lacks, adds or types
// differently. Usage: node compare.mjs oracle.jsonl ours.jsonl
import { readFileSync } from "node:fs";

const load = (file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/** The transcript as steps: each client request with its answer and the notifications until the next. */
function steps(log) {
  const out = [];
  let current = { label: "(start)", answer: undefined, notes: [] };
  const byId = new Map();
  for (const e of log) {
    if (e.dir === "mark") {
      out.push(current);
      current = { label: `== session ${e.label}`, answer: undefined, notes: [] };
    } else if (e.dir === "out" && e.msg.id !== undefined) {
      out.push(current);
      current = { label: e.msg.method, answer: undefined, notes: [] };
      byId.set(e.msg.id, current);
    } else if (e.dir === "in" && e.msg.method) {
      current.notes.push(e.msg);
    } else if (e.dir === "in" && e.msg.id !== undefined) {
      const step = byId.get(e.msg.id);
      if (step) step.answer = e.msg;
    }
  }
  out.push(current);
  return out.filter((s) => s.label !== "(start)" || s.notes.length > 0);
}

function shape(value, path, into) {
  const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  into.set(path, (into.get(path) ?? new Set()).add(type));
  if (type === "object") for (const [k, v] of Object.entries(value)) shape(v, `${path}.${k}`, into);
  if (type === "array" && value.length > 0) shape(value[0], `${path}[]`, into);
  return into;
}

function diffShapes(label, a, b, report) {
  const sa = shape(a, "", new Map());
  const sb = shape(b, "", new Map());
  for (const [path, types] of sa) {
    if (!sb.has(path)) report.push(`${label}: ours lacks ${path || "(value)"} (${[...types].join("|")})`);
    else {
      const ours = sb.get(path);
      const clash = [...types].filter((t) => t !== "null" && !ours.has(t) && !ours.has("null"));
      if (clash.length)
        report.push(`${label}: ${path} is ${[...ours].join("|")} in ours, ${[...types].join("|")} in Codex`);
    }
  }
  for (const path of sb.keys()) if (!sa.has(path)) report.push(`${label}: ours adds ${path}`);
}

const [oracle, ours] = [steps(load(process.argv[2])), steps(load(process.argv[3]))];
const report = [];
for (let i = 0; i < Math.max(oracle.length, ours.length); i++) {
  const o = oracle[i];
  const u = ours[i];
  if (!o || !u || o.label !== u.label) {
    report.push(`step ${i}: Codex ${o?.label} / ours ${u?.label}: transcripts diverge here`);
    break;
  }
  if (o.label.startsWith("==")) {
    report.push(o.label);
  }
  const kind = (m) => (m?.error ? `error ${m.error.code}` : m ? "result" : "no answer");
  if (kind(o.answer) !== kind(u.answer))
    report.push(`${o.label}: Codex ${kind(o.answer)}, ours ${kind(u.answer)}`);
  else if (o.answer?.result !== undefined)
    diffShapes(`${o.label} result`, o.answer.result, u.answer.result, report);
  const om = o.notes.map((n) => n.method);
  const um = u.notes.map((n) => n.method);
  if (om.join() !== um.join())
    report.push(`${o.label} notifications:\n    Codex ${om.join(", ")}\n    ours  ${um.join(", ")}`);
  for (const n of o.notes) {
    const key = (m) => `${m.method}:${m.params?.item?.type ?? ""}`;
    const mine = u.notes.find((m) => key(m) === key(n));
    if (mine) diffShapes(`${o.label} -> ${n.method}`, n.params ?? {}, mine.params ?? {}, report);
  }
}
console.log([...new Set(report)].join("\n"));
