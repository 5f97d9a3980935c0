// A Tab or Enter typed before the `@` finder has the matches of the word typed (right after a letter, or
// while a first walk runs) is held until that search lands, at most HOLD_LIMIT_MS, so it inserts this
// word's best match and never an earlier word's. Keys typed meanwhile are held behind it and then routed in
// the order they came. Other keys are routed at once: typing never waits for a search.
import type { KeyEvent } from "../input/key-parser.js";

/** How long a key waits for a search at most; past it, the key is routed with what is known then. */
export const HOLD_LIMIT_MS = 5_000;

export class HeldKeys {
  /** The keys typed while one waits; undefined when none does. */
  private held: KeyEvent[] | undefined;

  /** `route` handles one key; `waited` is set for a key that was held (it must not be held again). */
  constructor(private readonly route: (key: KeyEvent, waited: boolean) => void) {}

  press(key: KeyEvent): void {
    if (this.held) this.held.push(key);
    else this.route(key, false);
  }

  /** Holds `key`, and the keys typed after it, until `ready` resolves or HOLD_LIMIT_MS pass. */
  hold(key: KeyEvent, ready: Promise<void>): void {
    this.held = [];
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, HOLD_LIMIT_MS)));
    void Promise.race([ready, limit]).then(() => {
      clearTimeout(timer);
      const after = this.held ?? [];
      this.held = undefined;
      this.route(key, true);
      for (const next of after) this.press(next);
    });
  }
}
