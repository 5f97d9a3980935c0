// An in-process terminal for rendering benches: Ink writes to it, it counts the bytes and throws them away.
import { EventEmitter } from "node:events";

export class FakeTerminal extends EventEmitter {
  readonly isTTY = true;
  readonly rows = 40;
  bytes = 0;

  constructor(readonly columns: number) {
    super();
  }

  write(chunk: string): boolean {
    this.bytes += chunk.length;
    return true;
  }
}

/** A stdin that is not a terminal (no keys), as Ink accepts it. */
export function quietStdin() {
  return Object.assign(new EventEmitter(), { isTTY: false, setRawMode() {}, ref() {}, unref() {} });
}
