// A streaming, line-based parser that splits text into normal text and tagged blocks. A tag counts only when
// it stands alone on its line (surrounding spaces, tabs and a CR of CRLF allowed), so the parser holds back a
// line only while it could still turn out to be a tag; as soon as it cannot, the text goes out. Nothing is ever
// held past the end of its line. `finish()` flushes what is held and closes a block left open.

export interface TagSpec<T extends string> {
  tag: T;
  open: string;
  close: string;
}

export type TaggedSegment<T extends string> =
  | { type: "normal"; text: string }
  | { type: "blockStart"; tag: T }
  | { type: "blockDelta"; tag: T; text: string }
  | { type: "blockEnd"; tag: T };

export interface TaggedBlockParserOptions<T extends string> {
  /**
   * Asked when an open tag line completes outside a block. Returning false keeps the line (and so the block
   * that would have followed) as normal text: callers use it to allow one block only.
   */
  canOpen?: (tag: T) => boolean;
}

export class TaggedBlockParser<T extends string> {
  private active: T | undefined;
  /** The start of the current line, held while it may still be a tag line. */
  private held = "";
  /** True while the current line is still undecided (it is being held). */
  private deciding = true;

  constructor(
    private readonly specs: readonly TagSpec<T>[],
    private readonly options: TaggedBlockParserOptions<T> = {},
  ) {}

  /** The tag of the block being read, if any. */
  get openBlock(): T | undefined {
    return this.active;
  }

  push(delta: string): TaggedSegment<T>[] {
    const out: TaggedSegment<T>[] = [];
    let run = "";
    for (const ch of delta) {
      if (!this.deciding) {
        run += ch;
        if (ch === "\n") {
          this.text(run, out);
          run = "";
          this.deciding = true;
        }
        continue;
      }
      this.held += ch;
      if (ch === "\n") {
        this.endLine(out);
      } else if (!this.couldBeTag(this.held)) {
        // This line cannot be a tag: release it now and pass the rest of the line straight through.
        this.text(this.held, out);
        this.held = "";
        this.deciding = false;
      }
    }
    if (run !== "") this.text(run, out);
    return out;
  }

  finish(): TaggedSegment<T>[] {
    const out: TaggedSegment<T>[] = [];
    if (this.held !== "") this.endLine(out);
    if (this.active !== undefined) {
      add(out, { type: "blockEnd", tag: this.active });
      this.active = undefined;
    }
    this.deciding = true;
    return out;
  }

  /** A whole line (or the held tail at finish): a tag line changes state, anything else is text. */
  private endLine(out: TaggedSegment<T>[]): void {
    const line = this.held;
    this.held = "";
    this.deciding = true;
    const slug = line.trim();
    if (this.active === undefined) {
      const spec = this.specs.find((s) => s.open === slug);
      if (spec && (this.options.canOpen?.(spec.tag) ?? true)) {
        this.active = spec.tag;
        add(out, { type: "blockStart", tag: spec.tag });
        return;
      }
    } else if (this.specs.some((s) => s.tag === this.active && s.close === slug)) {
      add(out, { type: "blockEnd", tag: this.active });
      this.active = undefined;
      return;
    }
    this.text(line, out);
  }

  private couldBeTag(held: string): boolean {
    const slug = held.trimStart();
    if (slug === "") return true;
    const core = slug.trimEnd();
    // Trailing blanks after a complete tag are fine; a blank inside a tag is not.
    if (core.length < slug.length && !this.specs.some((s) => s.open === core || s.close === core)) {
      return false;
    }
    return this.specs.some((s) => s.open.startsWith(core) || s.close.startsWith(core));
  }

  private text(text: string, out: TaggedSegment<T>[]): void {
    if (this.active === undefined) add(out, { type: "normal", text });
    else add(out, { type: "blockDelta", tag: this.active, text });
  }
}

/** Appends a segment, merging text into the previous segment of the same kind. */
function add<T extends string>(out: TaggedSegment<T>[], segment: TaggedSegment<T>): void {
  const last = out.at(-1);
  if (segment.type === "normal" || segment.type === "blockDelta") {
    if (segment.text === "") return;
    if (last?.type === "normal" && segment.type === "normal") {
      last.text += segment.text;
      return;
    }
    if (last?.type === "blockDelta" && segment.type === "blockDelta" && last.tag === segment.tag) {
      last.text += segment.text;
      return;
    }
  }
  out.push(segment);
}
