// 1,600 mutated JSON-RPC messages on one connection: every message that calls for an answer gets exactly
// one, with the id it was sent with (digit for digit, even past 2^53), or null when no id can be read;
// notifications and stray responses get none; the server lives on and still answers a plain request.
import { isLosslessNumber, parse as parseLossless } from "lossless-json";
import { describe, expect, it } from "vitest";
import { useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();
const COUNT = 1_600;

/** A small seeded generator, so a failure can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Seed = [method: string, params: unknown];
const seeds = (cwd: string): Seed[] => [
  ["config/read", {}],
  ["config/read", { includeLayers: true }],
  ["model/list", { limit: 2 }],
  ["thread/list", { limit: 3 }],
  ["thread/read", { threadId: "no-such-thread" }],
  ["turn/start", { threadId: "no-such-thread", input: [{ type: "text", text: "hi" }] }],
  ["turn/interrupt", { threadId: "no-such-thread", turnId: "t" }],
  ["account/read", {}],
  ["fuzzyFileSearch", { query: "a", roots: [cwd] }],
  ["initialize", { clientInfo: { name: "again", version: "1" } }],
  ["no/such/method", { x: 1 }],
];

const WEIRD_VALUES: unknown[] = [
  null,
  true,
  1.5,
  -7,
  "",
  "x".repeat(300),
  [],
  [1, [2]],
  { a: { b: {} } },
  1e308,
];

/** One mutated message as text; `i` keeps the readable ids unique. */
function mutate(rand: () => number, seed: Seed, i: number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const [method, params] = seed;
  const ids: unknown[] = [
    i,
    -i - 1,
    `s-${i}`,
    "RAW_BIG",
    "RAW_NEG_BIG",
    "RAW_FRACTION",
    null,
    true,
    { i },
    [i],
  ];
  let id: unknown = pick(ids);
  const message: Record<string, unknown> = {};
  const idMode = rand();
  if (idMode > 0.1) message.id = id;
  else id = undefined;
  const methodMode = rand();
  if (methodMode < 0.8) message.method = method;
  else if (methodMode < 0.9) message.method = pick(WEIRD_VALUES);
  if (rand() < 0.85) message.params = params;
  else message.params = pick(WEIRD_VALUES);
  if (rand() < 0.05) message.result = {};
  if (rand() < 0.05) message.error = pick([{ code: 1, message: "m" }, "bad"]);
  let text = JSON.stringify(message)
    .replace('"RAW_BIG"', `${9_007_199_254_740_993n + BigInt(i)}`)
    .replace('"RAW_NEG_BIG"', `-${123_456_789_012_345_678_901_234n + BigInt(i)}`)
    .replace('"RAW_FRACTION"', `${i}.25`);
  const damage = rand();
  if (damage < 0.1) text = text.slice(0, Math.floor(rand() * text.length) + 1);
  else if (damage < 0.15) text = `${text}}`;
  else if (damage < 0.2) {
    const at = Math.floor(rand() * text.length);
    const junk = pick(["\u0000", "\u00ff", "\ufffd", '"', "{", "]", ",", "\\", "\u2028", "😀"]);
    text = text.slice(0, at) + junk + text.slice(at);
  } else if (damage < 0.22) text = "[".repeat(5_000);
  return text.trim() === "" ? "{}" : text;
}

/** The id the answer must carry (as JSON text), null, "?" for "any", or undefined for no answer. */
function expectedAnswer(text: string): string | undefined {
  let value: unknown;
  try {
    value = parseLossless(text);
  } catch {
    return "?";
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "null";
  const m = value as Record<string, unknown>;
  const echo = idText(m.id);
  const readable = typeof m.id === "string" || (isLosslessNumber(m.id) && /^-?\d+$/.test(m.id.value));
  if ("method" in m) {
    if (typeof m.method !== "string") return echo;
    if (!("id" in m)) return undefined;
    return echo;
  }
  if ("result" in m || "error" in m) {
    if (!readable) return echo;
    if ("error" in m) {
      const e = m.error as Record<string, unknown> | null;
      const ok =
        typeof e === "object" && e !== null && isLosslessNumber(e.code) && typeof e.message === "string";
      return ok ? undefined : echo;
    }
    return undefined;
  }
  return echo;
}

function idText(id: unknown): string {
  if (typeof id === "string") return JSON.stringify(id);
  if (isLosslessNumber(id)) return id.value;
  return "null";
}

describe("app-server fuzz", () => {
  it("answers every request among 1,600 mutated messages with its exact id", async () => {
    const { home, client } = await app.start();
    const rand = prng(0xc0de);
    const seedList = seeds(home.cwd);
    const lines = Array.from({ length: COUNT }, (_, i) =>
      mutate(rand, seedList[i % seedList.length]!, i + 1),
    );
    const expected = lines.map(expectedAnswer).filter((id): id is string => id !== undefined);
    expect(expected.length).toBeGreaterThan(1_200);

    const from = client.rawLines.length;
    for (const line of lines) client.sendRaw(line);
    const got: string[] = [];
    let read = from;
    const collect = (): boolean => {
      for (; read < client.rawLines.length; read++) {
        const m = parseLossless(client.rawLines[read]!) as Record<string, unknown>;
        if (!("method" in m)) got.push(idText(m.id));
      }
      return got.length >= expected.length;
    };
    await client.waitFor(collect, { timeoutMs: 60_000, what: `${expected.length} answers` });

    expect(got.length).toBe(expected.length);
    const exact = expected.filter((id) => id !== "?").sort();
    const remaining = [...got];
    for (const id of exact) {
      const at = remaining.indexOf(id);
      expect(at, `an answer with id ${id}`).toBeGreaterThanOrEqual(0);
      remaining.splice(at, 1);
    }
    // Answers to requests sent raw cannot be matched to a method; every other message is still checked.
    const unmatched = client.violations.filter((v) => v.startsWith("response to unknown id"));
    expect(unmatched.length).toBeLessThanOrEqual(got.length);
    client.violations.splice(
      0,
      client.violations.length,
      ...client.violations.filter((v) => !unmatched.includes(v)),
    );
    // Still alive and in order after all that.
    const response = await client.waitResponse(client.request("config/read", {}, { id: "after" }));
    expect(response.result).toBeDefined();
  });
});
