// Server-sent events: bytes in, one message per blank-line-terminated block out.
export interface SseMessage {
  event: string | undefined;
  data: string;
}

export async function* parseSse(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = "";
  let event: string | undefined;
  let data: string[] = [];
  for await (const chunk of chunks) {
    buffer += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.search(/\r\n|\r|\n/)) !== -1) {
      const line = buffer.slice(0, nl);
      // A lone \r at the end of the buffer may be the first half of \r\n: wait for more.
      if (buffer[nl] === "\r" && nl === buffer.length - 1) break;
      buffer = buffer.slice(nl + (buffer.startsWith("\r\n", nl) ? 2 : 1));
      if (line === "") {
        if (data.length > 0) yield { event, data: data.join("\n") };
        event = undefined;
        data = [];
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
  }
  // A final block without its blank line is incomplete (the stream was cut): it is dropped, as the spec says.
}
