import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TaggedBlockParser, type TaggedSegment } from "./tagged-block-parser.js";

type Tag = "block";
type Segment = TaggedSegment<Tag>;
const specs = [{ tag: "block" as const, open: "<tag>", close: "</tag>" }];

function parse(deltas: readonly string[], canOpen?: () => boolean): Segment[] {
  const parser = new TaggedBlockParser<Tag>(specs, canOpen ? { canOpen } : {});
  const out: Segment[] = [];
  for (const delta of deltas) out.push(...parser.push(delta));
  out.push(...parser.finish());
  return merge(out);
}

/** Segments with adjacent text of the same kind joined (one push merges; separate pushes do not). */
function merge(segments: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    const last = out.at(-1);
    if (s.type === "normal" && last?.type === "normal") last.text += s.text;
    else if (s.type === "blockDelta" && last?.type === "blockDelta") last.text += s.text;
    else out.push({ ...s });
  }
  return out;
}

const normal = (text: string): Segment => ({ type: "normal", text });
const delta = (text: string): Segment => ({ type: "blockDelta", tag: "block", text });
const start: Segment = { type: "blockStart", tag: "block" };
const end: Segment = { type: "blockEnd", tag: "block" };

describe("TaggedBlockParser", () => {
  it("holds a tag prefix until the line decides it", () => {
    const parser = new TaggedBlockParser<Tag>(specs);
    expect(parser.push("<t")).toEqual([]);
    expect(parser.push("ag>\nline\n</tag>\n")).toEqual([start, delta("line\n"), end]);
    expect(parser.finish()).toEqual([]);
  });

  it("recognises a tag split across three deltas", () => {
    expect(parse(["intro\n<ta", "g", ">\nstep\n</t", "a", "g>\nafter"])).toEqual([
      normal("intro\n"),
      start,
      delta("step\n"),
      end,
      normal("after"),
    ]);
  });

  it("releases a line as soon as it cannot be a tag", () => {
    const parser = new TaggedBlockParser<Tag>(specs);
    expect(parser.push("<tab")).toEqual([normal("<tab")]);
    expect(parser.push("le> rest")).toEqual([normal("le> rest")]);
    expect(parser.push("\n<")).toEqual([normal("\n")]);
  });

  it.each([
    ["extra text after the tag", "<tag> extra\n"],
    ["text before the tag", "x <tag>\n"],
    ["another tag name", "<tags>\n"],
    ["a blank inside the tag", "<ta g>\n"],
    ["a close tag with no open block", "</tag>\n"],
    ["an upper-case tag", "<TAG>\n"],
  ])("keeps tag-like lines that are not tags as normal text: %s", (_name, line) => {
    expect(parse([line, "more\n"])).toEqual([normal(`${line}more\n`)]);
  });

  it("accepts tags with surrounding blanks and CRLF line ends", () => {
    expect(parse(["  <tag>\t\r\n", "a\r\n", "</tag>  \r\n", "b\r\n"])).toEqual([
      start,
      delta("a\r\n"),
      end,
      normal("b\r\n"),
    ]);
  });

  it("closes an unterminated block on finish", () => {
    expect(parse(["<tag>\nline one\nline two"])).toEqual([start, delta("line one\nline two"), end]);
  });

  it("closes on a tag line without its newline at the end", () => {
    expect(parse(["<tag>\nx\n</tag>"])).toEqual([start, delta("x\n"), end]);
  });

  it("flushes a held prefix that never became a tag at finish", () => {
    expect(parse(["hello\n<prop"])).toEqual([normal("hello\n<prop")]);
  });

  it("treats an open tag inside a block as block text", () => {
    expect(parse(["<tag>\n<tag>\n</tag>\n"])).toEqual([start, delta("<tag>\n"), end]);
  });

  it("keeps a refused block as normal text, tags included", () => {
    expect(parse(["<tag>\nx\n</tag>\n"], () => false)).toEqual([normal("<tag>\nx\n</tag>\n")]);
  });

  it("passes plain text through at once", () => {
    const parser = new TaggedBlockParser<Tag>(specs);
    expect(parser.push("plain text")).toEqual([normal("plain text")]);
    expect(parser.push(" and more\n")).toEqual([normal(" and more\n")]);
  });
});

// ---------------------------------------------------------------- properties

/** Texts built from pieces that are likely to form (or almost form) tags. */
const piece = fc.constantFrom(
  "<tag>",
  "</tag>",
  "<ta",
  "g>",
  "</",
  "<",
  ">",
  "\n",
  "\r\n",
  " ",
  "\t",
  "text",
  "x",
  "<tag> x",
  "é",
  "🙂",
);
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(""));

/** Splits `s` (by code point) at the given cut points. */
function splitAt(s: string, cuts: readonly number[]): string[] {
  const chars = [...s];
  const points = [...new Set(cuts.map((c) => c % (chars.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    out.push(chars.slice(from, p).join(""));
    from = p;
  }
  out.push(chars.slice(from).join(""));
  return out;
}

const textAndSplit = text.chain((s) =>
  fc.tuple(fc.constant(s), fc.array(fc.nat({ max: 400 }), { maxLength: 20 })),
);

describe("TaggedBlockParser properties", () => {
  it("gives the same segments for any split of the same input", () => {
    fc.assert(
      fc.property(textAndSplit, ([s, cuts]) => {
        expect(parse(splitAt(s, cuts))).toEqual(parse([s]));
      }),
      { numRuns: 500 },
    );
  });

  it("loses no text: normal text, block text and tag lines add up to the input", () => {
    fc.assert(
      fc.property(text, (s) => {
        const segments = parse([s]);
        const kept = segments.map((seg) => ("text" in seg ? seg.text : "")).join("");
        expect(kept.length).toBeLessThanOrEqual(s.length);
        // Only whole tag lines are dropped.
        const dropped = s.split(/(?<=\n)/).filter((line) => /^[ \t]*<\/?tag>[ \t\r]*\n?$/.test(line));
        expect(kept.length + dropped.join("").length).toBeGreaterThanOrEqual(s.length);
      }),
      { numRuns: 300 },
    );
  });

  it("never holds text past the end of its line", () => {
    fc.assert(
      fc.property(textAndSplit, ([s, cuts]) => {
        const parser = new TaggedBlockParser<Tag>(specs);
        let fed = "";
        const emitted: Segment[] = [];
        for (const chunk of splitAt(s, cuts)) {
          fed += chunk;
          emitted.push(...parser.push(chunk));
          // Everything up to the last newline fed is decided: a parse of just those lines gives the same.
          const wholeLines = fed.slice(0, fed.lastIndexOf("\n") + 1);
          const reference = new TaggedBlockParser<Tag>(specs).push(wholeLines);
          const textOf = (segs: Segment[], type: Segment["type"]) =>
            segs.map((seg) => (seg.type === type && "text" in seg ? seg.text : "")).join("");
          expect(textOf(emitted, "normal").startsWith(textOf(reference, "normal"))).toBe(true);
          expect(textOf(emitted, "blockDelta").startsWith(textOf(reference, "blockDelta"))).toBe(true);
          expect(emitted.filter((seg) => seg.type === "blockStart").length).toBeGreaterThanOrEqual(
            reference.filter((seg) => seg.type === "blockStart").length,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("always ends outside a block after finish", () => {
    fc.assert(
      fc.property(text, (s) => {
        const parser = new TaggedBlockParser<Tag>(specs);
        parser.push(s);
        parser.finish();
        expect(parser.openBlock).toBeUndefined();
        const all = parse([s]);
        expect(all.filter((seg) => seg.type === "blockStart").length).toBe(
          all.filter((seg) => seg.type === "blockEnd").length,
        );
      }),
      { numRuns: 200 },
    );
  });
});
