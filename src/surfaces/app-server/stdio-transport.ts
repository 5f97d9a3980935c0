// The default way in: newline-delimited JSON on stdin/stdout, one client.
import { LineSplitter } from "./line-splitter.js";
import type { AppServer } from "./server.js";

/** Serves the client on stdin/stdout until stdin ends. */
export function serveStdio(server: AppServer): Promise<void> {
  const connection = server.connect({ send: (text) => void process.stdout.write(`${text}\n`) });
  const splitter = new LineSplitter({
    line: (text) => connection.receive(text),
    tooLong: (length) => connection.receiveTooLong(length),
  });
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk: string) => splitter.push(chunk));
  return new Promise((resolve) => {
    process.stdin.once("end", () => {
      splitter.end();
      connection.close();
      resolve();
    });
  });
}
