// A Tab or Enter typed before the `@` finder has the matches of the word typed (right after a letter, or
// while a first walk runs) is held until that search lands, at most HOLD_LIMIT_MS, so it inserts this
// word's best match and never an earlier word's. Keys typed meanwhile are held behind it and then routed in
// the order they came; Esc or a control key (Ctrl-C) gives up the wait: the held key is dropped and the
// others are routed at once. Other keys are routed at once: typing never waits for a search.
import type { KeyEvent } from "../input/key-parser.js";

/** How long a key waits for a search at most; past it, the key is routed with what is known then. */
export const HOLD_LIMIT_MS = 5_000;

export class HeldKeys {
  /** The keys typed while one waits; undefined when none does. */
  private held: KeyEvent[] | undefined;

  /** `route` handles one key; `waited` is set for a key that was held (it must not be held again). */
  constructor(private readonly route: (key: KeyEvent, waited: boolean) => void) {}

  /** Bumped when a wait ends or is given up: a wait that ends later finds it changed and does nothing. */
  private generation = 0;
  private timer: NodeJS.Timeout | undefined;

  press(key: KeyEvent): void {
    if (!this.held) return this.route(key, false);
    if (!givesUp(key)) return void this.held.push(key);
    const after = this.release();
    for (const next of after) this.route(next, false);
    this.route(key, false);
  }

  /** Holds `key`, and the keys typed after it, until `ready` resolves or HOLD_LIMIT_MS pass. */
  hold(key: KeyEvent, ready: Promise<void>): void {
    this.held = [];
    const generation = ++this.generation;
    const limit = new Promise<void>((resolve) => (this.timer = setTimeout(resolve, HOLD_LIMIT_MS)));
    void Promise.race([ready, limit]).then(() => {
      if (generation !== this.generation) return;
      const after = this.release();
      this.route(key, true);
      for (const next of after) this.press(next);
    });
  }

  /** Ends the wait: the keys held behind the waiting one. */
  private release(): KeyEvent[] {
    clearTimeout(this.timer);
    this.generation++;
    const after = this.held ?? [];
    this.held = undefined;
    return after;
  }
}

/** Esc, or a control key such as Ctrl-C: the person wants out, not the match. */
function givesUp(key: KeyEvent): boolean {
  return (key.type === "key" && key.name === "escape") || key.type === "ctrl";
}
