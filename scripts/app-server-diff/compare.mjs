/* eslint-disable @typescript-eslint/ban-ts-comment -- untyped JSON from two servers; a by-hand tool, not built or tested */
// @ts-nocheck -- a by-hand tool reading two servers' untyped JSON; not part of the build or the tests.
// Compares two transcripts from driver.mjs (Codex's, then ours) by shape, not by value:
// - responses are paired by (session, request id): a different outcome (result / error code / none) is
//   reported, else the result's shape (keys and value types, recursively; arrays by the union of their
//   elements, told apart by their `type`; enum-like fields `type`, `status`, `role` by value);
// - notifications and server requests are paired by (session, turn, method, order within the turn) (a turn
//   is numbered by the order its id first appears; thread-level messages count per thread, the rest per
//   session): a pair is compared by shape, an unpaired one is missing or extra. Streaming deltas are
//   compared once per turn (their count depends on chunking);
// - ids, uuids, timestamps and the session's temporary paths are normalised before anything is printed.
// Usage: node compare.mjs oracle.jsonl ours.jsonl [--json]
import { readFileSync } from "node:fs";

const load = (file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIME = /\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}(\.\d+)?Z?/g;
const ENUMS = new Set(["type", "status", "role"]);

/** Values made comparable across the two runs: temp root, uuids, timestamps. */
function normalise(text, root) {
  let s = String(text);
  if (root) s = s.split(root).join("<root>");
  return s.replace(UUID, "<uuid>").replace(TIME, "<time>");
}

/** A map key that names data (a thread id, a path, an env var) rather than a field: collapsed to <key>. */
const dataKey = (k) =>
  /[0-9a-f]{8}-[0-9a-f]{4}-/i.test(k) || k.startsWith("/") || /[./\\:@]/.test(k) || /^\d+$/.test(k);

/** Maps whose keys are data too (flag names, provider ids): which keys each lists is a value, not a shape. */
const MAP_PATHS = new Set([".config.features", ".config.model_providers"]);

/** Paths of the value's shape -> set of types ("string", "object", "string=idle" for enum-like keys). */
function shape(value, path, into, key) {
  const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  const label = type === "string" && ENUMS.has(key) ? `string=${value}` : type;
  into.set(path, (into.get(path) ?? new Set()).add(label));
  if (type === "object")
    for (const [k, v] of Object.entries(value))
      shape(v, `${path}.${dataKey(k) || MAP_PATHS.has(path) ? "<key>" : k}`, into, k);
  if (type === "array")
    for (const v of value) {
      const tag = v && typeof v === "object" && typeof v.type === "string" ? `[${v.type}]` : "[]";
      shape(v, `${path}${tag}`, into);
    }
  return into;
}

/** The parent path of a shape path (`.a.b[x]` -> `.a.b`). */
const parentOf = (path) => path.replace(/(\.[^.[]+|\[[^\]]*\])$/, "");

/**
 * Shape differences between Codex's value `a` and ours `b`, as {kind, text}: `null` for a field Codex sends
 * as null that ours leaves out (harmless to a client reading `?? null`), `shape` for the rest.
 */
function diffShapes(a, b) {
  const sa = shape(a, "", new Map());
  const sb = shape(b, "", new Map());
  const out = [];
  const onlyNull = (set) => set && [...set].every((t) => t === "null");
  for (const [path, types] of sa) {
    const parent = parentOf(path);
    if (!sb.has(path)) {
      // Report only the top of a missing subtree, and nothing under a value that is null in ours.
      if (parent !== path && (!sb.has(parent) || onlyNull(sb.get(parent))) && sa.has(parent)) continue;
      if (onlyNull(types)) out.push({ kind: "null", text: path });
      else out.push({ kind: "shape", text: `ours lacks ${path || "(value)"} (${[...types].join("|")})` });
      continue;
    }
    const ours = sb.get(path);
    const real = [...types].filter((t) => t !== "null");
    const clash = real.filter((t) => !ours.has(t));
    if (clash.length && !onlyNull(ours))
      out.push({
        kind: "shape",
        text: `${path || "(value)"}: Codex ${[...types].join("|")}, ours ${[...ours].join("|")}`,
      });
    else if (clash.length)
      out.push({ kind: "shape", text: `${path}: null in ours, Codex ${real.join("|")}` });
  }
  for (const [path, types] of sb)
    if (!sa.has(path)) {
      const parent = parentOf(path);
      if (parent !== path && (!sa.has(parent) || onlyNull(sa.get(parent))) && sb.has(parent)) continue;
      if (!onlyNull(types)) out.push({ kind: "shape", text: `ours adds ${path}` });
    }
  return out;
}

const isDelta = (method) => /delta$/i.test(method) || method.endsWith("/delta");
const turnIdOf = (p) => p?.turnId ?? p?.turn?.id;
const threadIdOf = (p) => p?.threadId ?? p?.thread?.id ?? p?.conversationId;

/** One side's transcript by session: requests by id, answers by id, notifications by pairing key. */
function index(log) {
  const sessions = new Map();
  let s;
  for (const e of log) {
    if (e.dir === "mark") {
      s = {
        root: e.root,
        requests: new Map(),
        answers: new Map(),
        notes: new Map(),
        order: [],
        turns: new Map(),
        threads: new Map(),
        errors: [],
      };
      sessions.set(e.session, s);
      continue;
    }
    if (!s) continue;
    if (e.dir === "error" || e.dir === "timeout") {
      s.errors.push(
        e.dir === "error" ? e.message.split("\n")[0] : `timeout ${e.msg.method ?? e.msg.waitFor}`,
      );
      continue;
    }
    const m = e.msg;
    if (!m) continue;
    if (e.dir === "out" && m.method && m.id !== undefined) s.requests.set(m.id, m);
    else if (e.dir === "in" && !m.method && m.id !== undefined) s.answers.set(m.id, m);
    else if (e.dir === "in" && m.method) {
      const turn = turnIdOf(m.params);
      const thread = threadIdOf(m.params);
      let group = "session";
      if (turn !== undefined) {
        if (!s.turns.has(turn)) s.turns.set(turn, s.turns.size + 1);
        group = `turn ${s.turns.get(turn)}`;
      } else if (thread !== undefined) {
        if (!s.threads.has(thread)) s.threads.set(thread, s.threads.size + 1);
        group = `thread ${s.threads.get(thread)}`;
      }
      const name = m.params?.item?.type ? `${m.method}:${m.params.item.type}` : m.method;
      const key = `${group} | ${name}`;
      const list = s.notes.get(key) ?? [];
      if (isDelta(m.method) && list.length) continue;
      list.push(m);
      s.notes.set(key, list);
      s.order.push({ group, name });
    }
  }
  return sessions;
}

const outcome = (m) => (!m ? "no answer" : m.error ? `error ${m.error.code}` : "result");

/** Differences of one session, aggregated over requests of the same method and messages of the same key. */
function compareSession(o, u) {
  const found = new Map(); // text -> where (request ids)
  const nulls = new Map(); // label -> set of paths
  const clean = (t) => normalise(normalise(t, o.root), u.root);
  const say = (text, where = "") => {
    const key = clean(text);
    found.set(key, (found.get(key) ?? new Set()).add(where));
  };
  const shapes = (label, where, a, b) => {
    for (const d of diffShapes(a, b)) {
      if (d.kind === "null") nulls.set(label, (nulls.get(label) ?? new Set()).add(d.text));
      else say(`${label}: ${d.text}`, where);
    }
  };
  for (const err of o.errors) say(`Codex run: ${err}`);
  for (const err of u.errors) say(`our run: ${err}`);
  for (const [id, req] of o.requests) {
    const mine = u.requests.get(id);
    if (!mine || mine.method !== req.method) {
      say(`#${id} ${req.method}: the sessions diverge here (ours sent ${mine?.method ?? "nothing"})`);
      break;
    }
    const [a, b] = [o.answers.get(id), u.answers.get(id)];
    if (outcome(a) !== outcome(b)) {
      const why = (m) => (m?.error ? ` (${m.error.message.slice(0, 100)})` : "");
      say(`#${id} ${req.method}: Codex ${outcome(a)}${why(a)} / ours ${outcome(b)}${why(b)}`);
    } else if (a?.result !== undefined) shapes(`${req.method} result`, `#${id}`, a.result, b.result);
  }
  for (const [key, list] of o.notes) {
    const mine = u.notes.get(key) ?? [];
    if (mine.length < list.length) say(`${key}: missing in ours (Codex ${list.length}, ours ${mine.length})`);
    const method = key.split(" | ")[1];
    list.forEach((n, i) => {
      if (mine[i]) shapes(method, key.split(" | ")[0], n.params ?? {}, mine[i].params ?? {});
    });
  }
  for (const [key, list] of u.notes) {
    const theirs = o.notes.get(key) ?? [];
    if (list.length > theirs.length)
      say(`${key}: extra in ours (Codex ${theirs.length}, ours ${list.length})`);
  }
  // Order within each turn, over the methods both sides send.
  const seq = (s, group) => s.order.filter((x) => x.group === group).map((x) => x.name);
  const groups = new Set(o.order.map((x) => x.group).filter((g) => g.startsWith("turn")));
  for (const g of groups) {
    const [a, b] = [seq(o, g), seq(u, g)];
    const common = new Set(a.filter((x) => b.includes(x)));
    const dedupe = (xs) => xs.filter((x) => common.has(x)).filter((x, i, all) => x !== all[i - 1]);
    const [da, db] = [dedupe(a), dedupe(b)];
    if (da.join() !== db.join())
      say(`${g}: order differs\n      Codex ${da.join(", ")}\n      ours  ${db.join(", ")}`);
  }
  const lines = [...found].map(([text, where]) => {
    const w = [...where].filter(Boolean);
    return w.length ? `${text}  [${w.slice(0, 4).join(" ")}${w.length > 4 ? " ..." : ""}]` : text;
  });
  const minor = [...nulls].map(
    ([label, paths]) => `${label}: leaves out what Codex sends as null: ${[...paths].join(" ")}`,
  );
  return {
    lines: lines.filter((l) => !KNOWN.some((k) => k.test(l))),
    known: lines.filter((l) => KNOWN.some((k) => k.test(l))),
    minor,
  };
}

/** Differences owned by other work, kept out of the main list (still counted). */
const KNOWN = [
  /startedAtMs|completedAtMs|clientId|text_elements/,
  /thread\/settings\/updated/,
  /recencyAt|sectionPosition/,
];

const args = process.argv.slice(2);
const verbose = args.includes("--minor");
const [oracle, ours] = [index(load(args[0])), index(load(args[1]))];
const methods = { codex: new Set(), ours: new Set() };
const sections = [];
let total = 0;
let known = 0;
let minor = 0;
for (const [name, o] of oracle) {
  const u = ours.get(name);
  if (!u) {
    sections.push(`== ${name}: not played against ours`);
    continue;
  }
  // Codex answers an unknown method -32600 "unknown variant": not a method it has.
  const unknownToCodex = (e) => e?.code === -32601 || /unknown variant/.test(e?.message ?? "");
  for (const [id, r] of o.requests)
    if (!unknownToCodex(o.answers.get(id)?.error)) methods.codex.add(r.method);
  for (const [id, r] of u.requests) if (u.answers.get(id)?.error?.code !== -32601) methods.ours.add(r.method);
  const found = compareSession(o, u);
  total += found.lines.length;
  known += found.known.length;
  minor += found.minor.length;
  sections.push(`== ${name}: ${found.lines.length ? `${found.lines.length} difference(s)` : "same shapes"}`);
  for (const l of found.lines) sections.push(`  ${l}`);
  if (verbose) for (const l of [...found.known, ...found.minor]) sections.push(`  (minor) ${l}`);
}
const unimplemented = [...methods.codex].filter((m) => !methods.ours.has(m));
console.log(
  `${total} difference(s) over ${oracle.size} session(s); ${known} known and owned elsewhere, ${minor} null-only (--minor shows them)`,
);
console.log(`methods Codex answers and ours does not (-32601): ${unimplemented.join(", ") || "none"}`);
console.log(sections.join("\n"));
