import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSse, type SseMessage } from "./sse.js";

async function collect(chunks: string[]): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  // eslint-disable-next-line @typescript-eslint/require-await -- an async source, as a socket is
  async function* source() {
    for (const c of chunks) yield new TextEncoder().encode(c);
  }
  for await (const m of parseSse(source())) out.push(m);
  return out;
}

describe("parseSse", () => {
  it("parses events, multi-line data, comments and CRLF", async () => {
    const text =
      'event: a\ndata: {"x":1}\n\n: keep-alive\n\nevent: b\r\ndata: line1\r\ndata: line2\r\n\r\ndata:nospace\n\n';
    expect(await collect([text])).toEqual([
      { event: "a", data: '{"x":1}' },
      { event: "b", data: "line1\nline2" },
      { event: undefined, data: "nospace" },
    ]);
  });

  it("keeps two streams read in turn apart (each stops mid-chunk at every message)", async () => {
    const chunk = (name: string) =>
      Array.from({ length: 5 }, (_, i) => `event: ${name}\ndata: ${name}-${i}\n\n`).join("");
    // eslint-disable-next-line @typescript-eslint/require-await -- an async source, as a socket is
    async function* source(name: string) {
      yield new TextEncoder().encode(chunk(name));
    }
    const a = parseSse(source("a"));
    const b = parseSse(source("b"));
    const got: Record<string, string[]> = { a: [], b: [] };
    for (let i = 0; i < 6; i++) {
      for (const [name, stream] of [
        ["a", a],
        ["b", b],
      ] as const) {
        const next = await stream.next();
        if (!next.done) got[name]!.push(next.value.data);
      }
    }
    expect(got.a).toEqual(["a-0", "a-1", "a-2", "a-3", "a-4"]);
    expect(got.b).toEqual(["b-0", "b-1", "b-2", "b-3", "b-4"]);
  });

  it("drops a final block that never got its blank line (a cut stream)", async () => {
    expect(await collect(["data: whole\n\ndata: torn"])).toEqual([{ event: undefined, data: "whole" }]);
  });

  it("gives the same messages however the bytes are split", async () => {
    const text =
      'event: response.output_text.delta\r\ndata: {"delta":"héllo ✓"}\r\n\r\nevent: x\ndata: 2\n\n';
    const expected = await collect([text]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: text.length }), { maxLength: 8 }), async (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const bytes = new TextEncoder().encode(text);
        const chunks: Uint8Array[] = [];
        let prev = 0;
        for (const p of [...points, bytes.length]) {
          chunks.push(bytes.slice(prev, Math.min(p, bytes.length)));
          prev = Math.min(p, bytes.length);
        }
        const out: SseMessage[] = [];
        // eslint-disable-next-line @typescript-eslint/require-await -- an async source, as a socket is
        async function* source() {
          yield* chunks;
        }
        for await (const m of parseSse(source())) out.push(m);
        expect(out).toEqual(expected);
      }),
    );
  });
});
