// The app-server's log: app-server.log in `log_dir` ($CODEX_HOME/log by default), never stdout (stdout is
// the protocol).
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { join } from "node:path";

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  close(): Promise<void>;
}

/** Opens the file on first use, so a server that logs nothing creates nothing. */
export function createFileLogger(dir: string): Logger {
  let stream: WriteStream | undefined;
  let broken = false;
  const write = (level: string, message: string) => {
    if (broken) return;
    if (!stream) {
      try {
        mkdirSync(dir, { recursive: true });
        stream = createWriteStream(join(dir, "app-server.log"), { flags: "a" });
        // A log that cannot be written must not take the server down.
        stream.on("error", () => (broken = true));
      } catch {
        broken = true;
        return;
      }
    }
    stream.write(`${new Date().toISOString()} ${level} [pid ${process.pid}] ${message}\n`);
  };
  return {
    info: (m) => write("INFO", m),
    warn: (m) => write("WARN", m),
    error: (m) => write("ERROR", m),
    close: () =>
      new Promise((resolve) => {
        if (!stream) resolve();
        else stream.end(() => resolve());
      }),
  };
}
