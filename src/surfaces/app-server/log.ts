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

/**
 * Opens the file on first use, so a server that logs nothing creates nothing. `dir` may be asked for then
 * (it comes from the config, which the server reads after the handshake): lines wait in order until it is
 * known.
 */
export function createFileLogger(dir: string | (() => Promise<string>)): Logger {
  let stream: WriteStream | undefined;
  let broken = false;
  let opening: Promise<void> | undefined;
  const waiting: string[] = [];
  const open = (folder: string): void => {
    try {
      mkdirSync(folder, { recursive: true });
      const opened = createWriteStream(join(folder, "app-server.log"), { flags: "a" });
      // A log that cannot be written must not take the server down.
      opened.on("error", () => (broken = true));
      stream = opened;
    } catch {
      broken = true;
    }
  };
  const write = (level: string, message: string) => {
    if (broken) return;
    const line = `${new Date().toISOString()} ${level} [pid ${process.pid}] ${message}\n`;
    if (stream) {
      stream.write(line);
      return;
    }
    if (typeof dir === "string") {
      open(dir);
      (stream as WriteStream | undefined)?.write(line);
      return;
    }
    waiting.push(line);
    opening ??= dir()
      .then(open, () => (broken = true))
      .then(() => {
        for (const waited of waiting.splice(0)) if (!broken) stream?.write(waited);
      });
  };
  return {
    info: (m) => write("INFO", m),
    warn: (m) => write("WARN", m),
    error: (m) => write("ERROR", m),
    close: async () => {
      await opening;
      await new Promise<void>((resolve) => {
        if (!stream) resolve();
        else stream.end(() => resolve());
      });
    },
  };
}
