import { describe, expect, it } from "vitest";
import type { KeyEvent } from "../input/key-parser.js";
import { HeldKeys } from "./held-keys.js";

const tab: KeyEvent = { type: "key", name: "tab" };
const esc: KeyEvent = { type: "key", name: "escape" };
const letter = (text: string): KeyEvent => ({ type: "text", text });

describe("HeldKeys", () => {
  it("routes a held key once its search lands, then the keys typed meanwhile, in order", async () => {
    const routed: Array<[KeyEvent, boolean]> = [];
    const keys = new HeldKeys((key, waited) => routed.push([key, waited]));
    let land!: () => void;
    keys.hold(tab, new Promise<void>((resolve) => (land = resolve)));
    keys.press(letter("a"));
    expect(routed).toEqual([]);
    land();
    await new Promise((resolve) => setImmediate(resolve));
    expect(routed).toEqual([
      [tab, true],
      [letter("a"), false],
    ]);
  });

  it("gives the wait up on Esc or Ctrl-C: the held key is dropped, the others routed at once", async () => {
    for (const out of [esc, { type: "ctrl", letter: "c" } satisfies KeyEvent]) {
      const routed: KeyEvent[] = [];
      const keys = new HeldKeys((key) => routed.push(key));
      let land!: () => void;
      keys.hold(tab, new Promise<void>((resolve) => (land = resolve)));
      keys.press(letter("b"));
      keys.press(out);
      expect(routed).toEqual([letter("b"), out]);
      land(); // the search landing later routes nothing more
      await new Promise((resolve) => setImmediate(resolve));
      keys.press(letter("c"));
      expect(routed).toEqual([letter("b"), out, letter("c")]);
    }
  });
});
