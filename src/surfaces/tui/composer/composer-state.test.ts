import { describe, expect, it } from "vitest";
import * as c from "./composer-state.js";

const at = (text: string, cursor = text.length, history: string[] = []): c.ComposerState => ({
  text,
  cursor,
  history,
});

describe("composer editing", () => {
  it("inserts at the cursor and deletes around it", () => {
    let s = c.insertText(at("helo", 3), "l");
    expect(s).toMatchObject({ text: "hello", cursor: 4 });
    s = c.backspace(s);
    expect(s).toMatchObject({ text: "helo", cursor: 3 });
    s = c.deleteForward(s);
    expect(s).toMatchObject({ text: "hel", cursor: 3 });
    expect(c.backspace(at("x", 0))).toMatchObject({ text: "x", cursor: 0 });
  });

  it("never splits a surrogate pair", () => {
    const s = at("a😀b", 3);
    expect(c.moveLeft(s).cursor).toBe(1);
    expect(c.backspace(s)).toMatchObject({ text: "ab", cursor: 1 });
    expect(c.moveRight(at("a😀b", 1)).cursor).toBe(3);
  });

  it("moves by line and by word, and kills to the line's ends", () => {
    const text = "first line\nsecond words here";
    expect(c.moveLineStart(at(text)).cursor).toBe(11);
    expect(c.moveLineEnd(at(text, 0)).cursor).toBe(10);
    expect(c.moveWordLeft(at(text)).cursor).toBe(text.length - 4);
    expect(c.deleteWordBack(at(text)).text).toBe("first line\nsecond words ");
    expect(c.killToLineStart(at(text)).text).toBe("first line\n");
    expect(c.killToLineEnd(at(text, 5)).text).toBe("first\nsecond words here");
    expect(c.killToLineEnd(at(text, 10)).text).toBe("first linesecond words here");
  });

  it("moves up and down between lines, keeping the column", () => {
    const s = at("abcdef\nxy\nlonger line", 4);
    const down = c.moveDown(s);
    expect(down.cursor).toBe(9);
    expect(c.moveDown(down).cursor).toBe(12);
    expect(c.moveUp(c.moveDown(down)).cursor).toBe(9);
  });

  it("browses history with Up/Down and returns to the draft", () => {
    let s = at("draft", 5, ["one", "two"]);
    s = c.moveUp(s);
    expect(s.text).toBe("two");
    s = c.moveUp(s);
    expect(s.text).toBe("one");
    expect(c.moveUp(s).text).toBe("one");
    s = c.moveDown(s);
    expect(s.text).toBe("two");
    s = c.moveDown(s);
    expect(s).toMatchObject({ text: "draft", cursor: 5 });
    expect(s.browsing).toBeUndefined();
  });

  it("submits, remembering the text once", () => {
    const { text, next } = c.submit(at("run the tests", 3, ["run the tests"]));
    expect(text).toBe("run the tests");
    expect(next).toEqual({ text: "", cursor: 0, history: ["run the tests"] });
    expect(c.submit(at("new")).next.history).toEqual(["new"]);
    expect(c.submit(at("   ")).next.history).toEqual([]);
  });

  it("keeps a large paste intact", () => {
    const paste = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join("\n");
    const { text } = c.submit(c.insertText(at("before: "), paste));
    expect(text).toBe(`before: ${paste}`);
  });
});
