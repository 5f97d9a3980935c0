// `codex-ts web --no-open` as a real process: its first stdout line is the URL (with the token).
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { CLI, type TestHome } from "./cli.js";

export interface WebProcess {
  /** The URL printed on the first line, token included. */
  url: string;
  origin: string;
  token: string;
  stderr(): string;
  close(): Promise<void>;
}

export async function startWeb(home: TestHome, args: string[] = []): Promise<WebProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [CLI, "web", "--no-open", ...args], {
    env: home.env,
    cwd: home.cwd,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`codex-ts web exited (${code}): ${stderr}`)));
  });
  const match = /^Open (http:\/\/[^/]+)\/\?token=(\S+)$/.exec(firstLine);
  if (!match) throw new Error(`unexpected first line: ${firstLine}`);
  return {
    url: firstLine.slice("Open ".length),
    origin: match[1]!,
    token: match[2]!,
    stderr: () => stderr,
    close: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
