import { describe, expect, it } from "vitest";
import { HeadTailBuffer } from "./head-tail-buffer.js";
import {
  charBoundaryAtOrAfter,
  charBoundaryAtOrBefore,
  incompleteUtf8TailLength,
} from "./utf8-boundaries.js";

const text = (b: Buffer) => b.toString("utf8");

describe("HeadTailBuffer", () => {
  it("keeps everything under its capacity, then starts over after take()", () => {
    const buffer = new HeadTailBuffer(10);
    buffer.push(Buffer.from("abc"));
    buffer.push(Buffer.from("defg"));
    const slice = buffer.take();
    expect(text(Buffer.concat([slice.head, slice.tail]))).toBe("abcdefg");
    expect(slice).toMatchObject({ omittedBytes: 0, totalBytes: 7 });
    expect(buffer.take()).toMatchObject({ omittedBytes: 0, totalBytes: 0 });
  });

  it("keeps the first and the latest half and counts the dropped middle exactly", () => {
    const buffer = new HeadTailBuffer(10);
    for (const chunk of ["0123", "4567", "89ab", "cdef", "ghij"]) buffer.push(Buffer.from(chunk));
    const slice = buffer.peek();
    expect(text(slice.head)).toBe("01234");
    expect(text(slice.tail)).toBe("fghij");
    expect(slice).toMatchObject({ omittedBytes: 10, totalBytes: 20 });
  });

  it("handles one chunk larger than the whole capacity", () => {
    const buffer = new HeadTailBuffer(4);
    buffer.push(Buffer.from("abcdefghij"));
    const slice = buffer.peek();
    expect([text(slice.head), text(slice.tail), slice.omittedBytes]).toEqual(["ab", "ij", 6]);
  });
});

describe("UTF-8 boundaries", () => {
  const bytes = Buffer.from("aé€😀"); // 1 + 2 + 3 + 4 bytes
  it("moves offsets off the middle of a character", () => {
    expect(charBoundaryAtOrBefore(bytes, 2)).toBe(1);
    expect(charBoundaryAtOrAfter(bytes, 2)).toBe(3);
    expect(charBoundaryAtOrBefore(bytes, 8)).toBe(6);
    expect(charBoundaryAtOrAfter(bytes, 8)).toBe(10);
    expect(charBoundaryAtOrBefore(bytes, 3)).toBe(3);
  });

  it("finds a character whose last bytes have not arrived", () => {
    expect(incompleteUtf8TailLength(bytes)).toBe(0);
    expect(incompleteUtf8TailLength(bytes.subarray(0, 9))).toBe(3);
    expect(incompleteUtf8TailLength(bytes.subarray(0, 7))).toBe(1);
    expect(incompleteUtf8TailLength(bytes.subarray(0, 5))).toBe(2);
    expect(incompleteUtf8TailLength(bytes.subarray(0, 2))).toBe(1);
    expect(incompleteUtf8TailLength(Buffer.alloc(0))).toBe(0);
  });
});
