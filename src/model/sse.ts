// Server-sent events: bytes in, one message per blank-line-terminated block out. Linear in the input: each
// chunk is scanned once, and a long line that spans many chunks is kept as parts and joined once.
export interface SseMessage {
  event: string | undefined;
  data: string;
}

export async function* parseSse(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  // One per stream: a global regex carries its scan position (lastIndex), and this generator stops in the
  // middle of a chunk at every message, while other streams (concurrent turns) go on scanning theirs.
  const lineBreak = /\r\n|\r|\n/g;
  let partial: string[] = [];
  // The previous chunk ended in \r: a \n at the start of this one belongs to that line break.
  let afterCarriageReturn = false;
  let event: string | undefined;
  let data: string[] = [];

  const takeLine = (line: string): SseMessage | undefined => {
    if (line === "") {
      const message = data.length > 0 ? { event, data: data.join("\n") } : undefined;
      event = undefined;
      data = [];
      return message;
    }
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    return undefined;
  };

  for await (const chunk of chunks) {
    let text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    if (afterCarriageReturn && text.startsWith("\n")) text = text.slice(1);
    afterCarriageReturn = false;
    let start = 0;
    lineBreak.lastIndex = 0;
    for (let match = lineBreak.exec(text); match; match = lineBreak.exec(text)) {
      const piece = text.slice(start, match.index);
      const line = partial.length > 0 ? partial.join("") + piece : piece;
      partial = [];
      start = lineBreak.lastIndex;
      if (match[0] === "\r" && start === text.length) afterCarriageReturn = true;
      const message = takeLine(line);
      if (message) yield message;
    }
    if (start < text.length) partial.push(text.slice(start));
  }
  // A final block without its blank line is incomplete (the stream was cut): it is dropped, as the spec says.
}
