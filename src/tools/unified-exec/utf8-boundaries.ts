// Byte offsets that do not split a UTF-8 character, so cut output never shows replacement characters.

const isContinuationByte = (byte: number): boolean => (byte & 0xc0) === 0x80;

/** The largest offset <= `offset` that starts a character (or is the end of `bytes`). */
export function charBoundaryAtOrBefore(bytes: Buffer, offset: number): number {
  let at = Math.max(0, Math.min(offset, bytes.length));
  while (at > 0 && at < bytes.length && isContinuationByte(bytes[at] ?? 0)) at--;
  return at;
}

/** The smallest offset >= `offset` that starts a character (or is the end of `bytes`). */
export function charBoundaryAtOrAfter(bytes: Buffer, offset: number): number {
  let at = Math.max(0, Math.min(offset, bytes.length));
  while (at < bytes.length && isContinuationByte(bytes[at] ?? 0)) at++;
  return at;
}

/** How many trailing bytes form a character that has not fully arrived yet (0 to 3). */
export function incompleteUtf8TailLength(bytes: Buffer): number {
  // A character is at most 4 bytes: look back at most 3 bytes for its lead byte.
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if (isContinuationByte(byte)) continue;
    const expected = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return expected > back ? back : 0;
  }
  return 0;
}
