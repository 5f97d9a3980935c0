// A small line diff (Myers' O((N+M)·D) algorithm) and the unified-diff text the UI shows for an update.

export interface DiffOp {
  type: "equal" | "delete" | "insert";
  /** Position in the old lines (for an insert: where it goes). */
  oldIndex: number;
  /** Position in the new lines (for a delete: where it was). */
  newIndex: number;
}

/** Beyond this many edits the middle is reported as one replacement: still correct, never quadratic. */
const DEFAULT_MAX_EDIT_DISTANCE = 2000;

/** The edit script turning `a` into `b`, shortest when it has at most `maxEditDistance` edits. */
export function diffLines(
  a: readonly string[],
  b: readonly string[],
  maxEditDistance = DEFAULT_MAX_EDIT_DISTANCE,
): DiffOp[] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix++;
  }
  const ops: DiffOp[] = [];
  for (let i = 0; i < prefix; i++) ops.push({ type: "equal", oldIndex: i, newIndex: i });
  const middle = { a, b, aStart: prefix, aEnd: a.length - suffix, bStart: prefix, bEnd: b.length - suffix };
  // A loop, not push(...): a spread of a huge script would overflow the argument limit.
  for (const op of shortestEditScript(middle, maxEditDistance) ?? replaceAll(middle)) ops.push(op);
  for (let i = suffix; i > 0; i--) {
    ops.push({ type: "equal", oldIndex: a.length - i, newIndex: b.length - i });
  }
  return ops;
}

interface DiffRange {
  a: readonly string[];
  b: readonly string[];
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

function shortestEditScript(range: DiffRange, maxEditDistance: number): DiffOp[] | undefined {
  const { a, b, aStart, bStart } = range;
  const n = range.aEnd - aStart;
  const m = range.bEnd - bStart;
  if (n === 0 || m === 0) return replaceAll(range);
  const maxD = Math.min(n + m, maxEditDistance);
  const offset = maxD + 1;
  // v[offset + k]: furthest x reached on diagonal k (y = x - k).
  const v = new Int32Array(2 * maxD + 3);
  // trace[d]: v for diagonals -d..d as it stood before step d, for walking the path back.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= maxD; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[aStart + x] === b[bStart + y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(range, trace, d);
    }
  }
  return undefined;
}

function backtrack(range: DiffRange, trace: readonly Int32Array[], finalD: number): DiffOp[] {
  const { aStart, bStart } = range;
  const reversed: DiffOp[] = [];
  let x = range.aEnd - aStart;
  let y = range.bEnd - bStart;
  const equal = (toX: number, toY: number) => {
    while (x > toX && y > toY) {
      x--;
      y--;
      reversed.push({ type: "equal", oldIndex: aStart + x, newIndex: bStart + y });
    }
  };
  for (let d = finalD; d > 0; d--) {
    const before = trace[d]!;
    const at = (k: number) => before[k + d]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    equal(down ? previousX : previousX + 1, down ? previousY + 1 : previousY);
    if (down) {
      y--;
      reversed.push({ type: "insert", oldIndex: aStart + x, newIndex: bStart + y });
    } else {
      x--;
      reversed.push({ type: "delete", oldIndex: aStart + x, newIndex: bStart + y });
    }
  }
  equal(0, 0);
  return reversed.reverse();
}

function replaceAll(range: DiffRange): DiffOp[] {
  const ops: DiffOp[] = [];
  for (let i = range.aStart; i < range.aEnd; i++)
    ops.push({ type: "delete", oldIndex: i, newIndex: range.bStart });
  for (let j = range.bStart; j < range.bEnd; j++)
    ops.push({ type: "insert", oldIndex: range.aEnd, newIndex: j });
  return ops;
}

export interface UnifiedDiffOptions {
  /** Unchanged lines shown around each change (default 3). */
  context?: number;
  /** When both are given, `--- old` / `+++ new` header lines come first. */
  oldLabel?: string;
  newLabel?: string;
}

/** Unified diff of two texts; "" when they are equal. A last line without newline is marked as diff does. */
export function unifiedDiff(oldText: string, newText: string, options: UnifiedDiffOptions = {}): string {
  if (oldText === newText) return "";
  const context = options.context ?? 3;
  const a = splitKeepingNewlines(oldText);
  const b = splitKeepingNewlines(newText);
  const ops = diffLines(a, b);
  const out: string[] = [];
  if (options.oldLabel !== undefined && options.newLabel !== undefined) {
    out.push(`--- ${options.oldLabel}`, `+++ ${options.newLabel}`);
  }
  for (const [start, end] of hunkRanges(ops, context)) {
    const first = ops[start]!;
    let oldCount = 0;
    let newCount = 0;
    // The header's counts are known only after the body: reserve its line.
    const headerAt = out.push("") - 1;
    for (let i = start; i < end; i++) {
      const op = ops[i]!;
      if (op.type !== "insert") oldCount++;
      if (op.type !== "delete") newCount++;
      const line = op.type === "insert" ? b[op.newIndex]! : a[op.oldIndex]!;
      const prefix = op.type === "equal" ? " " : op.type === "delete" ? "-" : "+";
      out.push(prefix + line.replace(/\r?\n$/, ""));
      if (!line.endsWith("\n")) out.push("\\ No newline at end of file");
    }
    out[headerAt] = `@@ -${rangeLabel(first.oldIndex, oldCount)} +${rangeLabel(first.newIndex, newCount)} @@`;
  }
  return `${out.join("\n")}\n`;
}

/** Op index ranges [start, end) of hunks: changes at most 2·context lines apart share a hunk. */
function hunkRanges(ops: readonly DiffOp[], context: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let i = 0;
  while (i < ops.length) {
    while (i < ops.length && ops[i]!.type === "equal") i++;
    if (i >= ops.length) break;
    const start = Math.max(0, i - context);
    let lastChange = i;
    for (let j = i + 1; j < ops.length && j - lastChange <= 2 * context + 1; j++) {
      if (ops[j]!.type !== "equal") lastChange = j;
    }
    const end = Math.min(ops.length, lastChange + 1 + context);
    ranges.push([start, end]);
    i = lastChange + 1;
  }
  return ranges;
}

function rangeLabel(index: number, count: number): string {
  if (count === 0) return `${index},0`;
  return count === 1 ? `${index + 1}` : `${index + 1},${count}`;
}

/** Lines with their "\n" kept (a plain loop: a lookbehind split is several times slower on big files). */
function splitKeepingNewlines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline + 1;
    lines.push(text.slice(start, end));
    start = end;
  }
  return lines;
}
