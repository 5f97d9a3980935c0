import { describe, expect, it } from "vitest";
import { KeyParser, PASTE_END, PASTE_START, type InputEvent, type KeyEvent } from "./key-parser.js";

const parse = (...chunks: string[]): InputEvent[] => {
  const parser = new KeyParser();
  return chunks.flatMap((c) => parser.push(c));
};

describe("KeyParser", () => {
  it("reads focus reports as focus events, not keys", () => {
    expect(parse("\x1b[O", "a", "\x1b[I")).toEqual([
      { type: "focus", focused: false },
      { type: "text", text: "a" },
      { type: "focus", focused: true },
    ]);
  });

  it.each<[string, KeyEvent[]]>([
    ["a", [{ type: "text", text: "a" }]],
    ["hello", [{ type: "text", text: "hello" }]],
    ["\r", [{ type: "key", name: "enter" }]],
    ["\n", [{ type: "key", name: "newline" }]],
    ["\t", [{ type: "key", name: "tab" }]],
    ["\x7f", [{ type: "key", name: "backspace" }]],
    ["\x03", [{ type: "ctrl", letter: "c" }]],
    ["\x04", [{ type: "ctrl", letter: "d" }]],
    ["\x1b", [{ type: "key", name: "escape" }]],
    ["\x1b[A", [{ type: "key", name: "up" }]],
    ["\x1bOB", [{ type: "key", name: "down" }]],
    ["\x1b[1;5C", [{ type: "key", name: "right", ctrl: true }]],
    ["\x1b[3~", [{ type: "key", name: "delete" }]],
    ["\x1b[5~", [{ type: "key", name: "pageup" }]],
    ["\x1b[H", [{ type: "key", name: "home" }]],
    ["\x1b[4~", [{ type: "key", name: "end" }]],
    ["\x1b[Z", [{ type: "key", name: "backtab" }]],
    ["\x1bb", [{ type: "meta", char: "b" }]],
    ["\x1b\x7f", [{ type: "key", name: "backspace", meta: true }]],
  ])("%j", (chunk, expected) => {
    expect(parse(chunk)).toEqual(expected);
  });

  it("reads the sequences terminals send for Shift+Enter as a newline", () => {
    for (const seq of ["\x1b[13;2u", "\x1b[27;2;13~", "\x1b\r"]) {
      expect(parse(seq)).toEqual([{ type: "key", name: "newline" }]);
    }
    expect(parse("\x1b[13u")).toEqual([{ type: "key", name: "enter" }]);
  });

  it("reads kitty keyboard codes for Ctrl+letter and Escape", () => {
    expect(parse("\x1b[99;5u")).toEqual([{ type: "ctrl", letter: "c" }]);
    expect(parse("\x1b[27u")).toEqual([{ type: "key", name: "escape" }]);
  });

  it("splits typed text from control keys in one chunk", () => {
    expect(parse("ab\x7fc")).toEqual([
      { type: "text", text: "ab" },
      { type: "key", name: "backspace" },
      { type: "text", text: "c" },
    ]);
    expect(parse("hello\r")).toEqual([
      { type: "text", text: "hello" },
      { type: "key", name: "enter" },
    ]);
  });

  it("keeps a bracketed paste whole, across chunks, line breaks included", () => {
    const big = "x".repeat(10_000);
    expect(parse(PASTE_START, "line 1\r\nline 2\r", big, `\x1b[A${PASTE_END}`)).toEqual([
      { type: "paste", text: `line 1\nline 2\n${big}\x1b[A` },
    ]);
    expect(parse(`${PASTE_START}a\rb${PASTE_END}`)).toEqual([{ type: "paste", text: "a\nb" }]);
  });

  it("treats an unbracketed chunk with line breaks inside as a paste (a final CR is Enter)", () => {
    expect(parse("one\rtwo\r")).toEqual([
      { type: "paste", text: "one\ntwo" },
      { type: "key", name: "enter" },
    ]);
  });

  it("with paste bursts off (disable_paste_burst), such a chunk is typed keys: each CR is Enter", () => {
    const parser = new KeyParser({ pasteBurst: false });
    expect(parser.push("one\rtwo\r")).toEqual([
      { type: "text", text: "one" },
      { type: "key", name: "enter" },
      { type: "text", text: "two" },
      { type: "key", name: "enter" },
    ]);
  });

  it("ignores sequences it does not know", () => {
    expect(parse("\x1b[?1;2c")).toEqual([]);
  });
});
