// A real redis-server for the fleet tests: a free loopback port, AOF on, data in a temp directory. It can
// be stopped and started again on the same port and directory (a Redis restart with its data kept).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { onFileEnd, scratchDir } from "./scratch.js";

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export class RedisServer {
  private child: ChildProcess | undefined;
  private output = "";

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort(), scratchDir("codex-ts-redis-"));
    // Stopped before its data folder goes, should the test not stop it.
    onFileEnd(() => server.stop());
    await server.launch();
    return server;
  }

  /** Starts redis-server and resolves once it accepts connections (it says so on stdout). */
  async launch(): Promise<void> {
    this.output = "";
    const child = spawn(
      "redis-server",
      [
        "--port",
        String(this.port),
        "--bind",
        "127.0.0.1",
        "--dir",
        this.dir,
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        "--save",
        "",
        "--protected-mode",
        "yes",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    this.child = child;
    await new Promise<void>((resolveReady, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start:\n${this.output}`)),
        30_000,
      );
      const onData = (chunk: Buffer) => {
        this.output += chunk.toString();
        if (this.output.includes("Ready to accept connections")) {
          clearTimeout(timer);
          resolveReady();
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.on("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${this.output}`));
      });
    });
  }

  /** Stops it (SIGTERM: Redis flushes the AOF and exits) and waits for the exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
    this.child = undefined;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.launch();
  }
}
