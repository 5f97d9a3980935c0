// A Unix socket file whose server is gone without removing it, as a process killed with SIGKILL leaves one.
import { spawn } from "node:child_process";

const LISTEN = 'require("net").createServer().listen(process.argv[1], () => console.log("up"))';

/** Binds `socketPath` in a child process, then kills it: the file stays, and connecting is refused. */
export async function leaveDeadSocket(socketPath: string, timeoutMs = 20_000): Promise<void> {
  const child = spawn(process.execPath, ["-e", LISTEN, socketPath], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no server listened on ${socketPath}`)), timeoutMs);
      child.stdout.once("data", () => resolve());
      child.once("exit", (code) => reject(new Error(`the listener exited with ${code} before listening`)));
    });
  } finally {
    clearTimeout(timer);
    child.kill("SIGKILL");
    await exited;
  }
}
