// A byte buffer with a fixed capacity: it keeps the first half and the most recent half of what was pushed
// and counts what fell out of the middle, so a chatty process cannot exhaust memory between two polls.

export interface OutputSlice {
  head: Buffer;
  tail: Buffer;
  /** Bytes dropped between `head` and `tail`. */
  omittedBytes: number;
  /** Every byte pushed, kept or not. */
  totalBytes: number;
}

export class HeadTailBuffer {
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private omitted = 0;
  private total = 0;
  private readonly headCapacity: number;
  private readonly tailCapacity: number;

  constructor(capacity: number) {
    this.headCapacity = Math.floor(capacity / 2);
    this.tailCapacity = capacity - this.headCapacity;
  }

  get totalBytes(): number {
    return this.total;
  }

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.total += chunk.length;
    let rest = chunk;
    const headRoom = this.headCapacity - this.headBytes;
    if (headRoom > 0) {
      const intoHead = rest.subarray(0, headRoom);
      this.head.push(intoHead);
      this.headBytes += intoHead.length;
      rest = rest.subarray(intoHead.length);
    }
    if (rest.length === 0) return;
    this.tail.push(rest);
    this.tailBytes += rest.length;
    this.trimTail();
  }

  /** What the buffer holds, without emptying it. */
  peek(): OutputSlice {
    return {
      head: Buffer.concat(this.head),
      tail: Buffer.concat(this.tail),
      omittedBytes: this.omitted,
      totalBytes: this.total,
    };
  }

  /** What the buffer holds; the buffer starts over empty. */
  take(): OutputSlice {
    const slice = this.peek();
    this.head = [];
    this.headBytes = 0;
    this.tail = [];
    this.tailBytes = 0;
    this.omitted = 0;
    this.total = 0;
    return slice;
  }

  private trimTail(): void {
    while (this.tailBytes > this.tailCapacity) {
      const first = this.tail[0];
      if (!first) return;
      const excess = this.tailBytes - this.tailCapacity;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailBytes -= first.length;
        this.omitted += first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailBytes -= excess;
        this.omitted += excess;
      }
    }
  }
}
