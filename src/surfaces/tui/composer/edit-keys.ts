// Which keys edit the composer, and how. Keys that mean something to the app (Enter, Esc, Ctrl+C, Ctrl+D)
// are not here: the key router handles those first.
import type { KeyEvent } from "../input/key-parser.js";
import * as c from "./composer-state.js";

/** The composer after the key, or undefined when the key does not edit text. */
export function editComposer(state: c.ComposerState, key: KeyEvent): c.ComposerState | undefined {
  switch (key.type) {
    case "text":
    case "paste":
      return c.insertText(state, key.text);
    case "meta":
      if (key.char === "b") return c.moveWordLeft(state);
      if (key.char === "f") return c.moveWordRight(state);
      return undefined;
    case "ctrl":
      switch (key.letter) {
        case "a":
          return c.moveLineStart(state);
        case "e":
          return c.moveLineEnd(state);
        case "b":
          return c.moveLeft(state);
        case "f":
          return c.moveRight(state);
        case "u":
          return c.killToLineStart(state);
        case "k":
          return c.killToLineEnd(state);
        case "w":
          return c.deleteWordBack(state);
        case "p":
          return c.moveUp(state);
        case "n":
          return c.moveDown(state);
        default:
          return undefined;
      }
    case "key":
      switch (key.name) {
        case "newline":
          return c.insertText(state, "\n");
        case "backspace":
          return key.meta || key.ctrl ? c.deleteWordBack(state) : c.backspace(state);
        case "delete":
          return c.deleteForward(state);
        case "left":
          return key.ctrl || key.meta ? c.moveWordLeft(state) : c.moveLeft(state);
        case "right":
          return key.ctrl || key.meta ? c.moveWordRight(state) : c.moveRight(state);
        case "home":
          return c.moveLineStart(state);
        case "end":
          return c.moveLineEnd(state);
        case "up":
          return c.moveUp(state);
        case "down":
          return c.moveDown(state);
        default:
          return undefined;
      }
  }
}
