// Drives the built binary the way a user or a client would: real processes, real stdio.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { scratchDir } from "./scratch.js";

export const CLI = resolve(import.meta.dirname, "../../dist/cli.js");

export interface TestHome {
  codexHome: string;
  /** A scratch working directory (a git repository unless asked otherwise). */
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface HomeOptions {
  /** Make the working directory a git repository (default true). */
  git?: boolean;
  /**
   * The `shell_tool` the config pins. Most tests script the one-shot `shell` tool (`reply.shell(...)`), so
   * "shell" is the default here; "default" writes no key, so codex-ts's own default (exec_command and
   * write_stdin) applies. A top-level `shell_tool` line in `extraToml` wins.
   */
  shellTool?: "shell" | "exec_command" | "default";
}

/** A fresh CODEX_HOME whose config points the built-in provider at the fake model. */
export function makeHome(modelUrl: string, extraToml = "", options: HomeOptions = {}): TestHome {
  const root = scratchDir("codex-ts-test-");
  const codexHome = join(root, "home");
  const cwd = join(root, "work");
  mkdirSync(codexHome);
  mkdirSync(cwd);
  if (options.git !== false) mkdirSync(join(cwd, ".git"));
  const shellTool = options.shellTool ?? "shell";
  const extraTopLevel = extraToml.split(/^\s*\[/m)[0] ?? "";
  const pinShellTool = shellTool !== "default" && !/^\s*shell_tool\s*=/m.test(extraTopLevel);
  writeFileSync(
    join(codexHome, "config.toml"),
    // Top-level keys of `extraToml` come before the first table, where TOML needs them.
    `openai_base_url = "${modelUrl}"\n${pinShellTool ? `shell_tool = "${shellTool}"\n` : ""}${extraToml}\n` +
      `[model_providers.openai]\nrequest_max_retries = 2\nstream_max_retries = 2\n`,
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: root,
    CODEX_HOME: codexHome,
    OPENAI_API_KEY: "sk-test",
    // Browser logins on any free port: tests run side by side, and only one process can hold 1455.
    CODEX_TS_LOGIN_PORT: "0",
  };
  return { codexHome, cwd, env };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to completion, bounded by `timeoutMs` (generous: a loaded machine slows every run). */
export function runCli(
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; stdin?: string; timeoutMs?: number; cli?: string },
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    // `cli`: a copy of dist elsewhere (a package laid out as installed).
    const child = spawn(process.execPath, [options.cli ?? CLI, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`codex-ts ${args.join(" ")} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
    // A command that exits without reading its input closes the pipe: EPIPE is not the test's failure.
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.stdin ?? "");
  });
}

export function jsonLines(text: string): Array<Record<string, unknown>> {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A long-lived CLI process that speaks JSON lines (proto, app-server). Every line it prints is kept. */
export class JsonLinesProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly received: Array<Record<string, unknown>> = [];
  stderr = "";
  private readonly waiters: Array<() => void> = [];
  readonly exited: Promise<number | null>;

  constructor(args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }) {
    this.child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: options.env });
    this.child.stderr.setEncoding("utf8").on("data", (c: string) => (this.stderr += c));
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      this.received.push(JSON.parse(line) as Record<string, unknown>);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.exited = new Promise((r) => this.child.on("close", (code) => r(code)));
  }

  send(value: unknown): void {
    this.child.stdin.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`);
  }

  /** Waits for a message matching `predicate` among those received after index `from`. */
  waitFor(
    predicate: (m: Record<string, unknown>) => boolean,
    options: { from?: number; timeoutMs?: number } = {},
  ): Promise<Record<string, unknown>> {
    const from = options.from ?? 0;
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        reject(
          new Error(
            `timed out waiting; received:\n${this.received.map((m) => JSON.stringify(m)).join("\n")}\nstderr: ${this.stderr}`,
          ),
        );
      }, options.timeoutMs ?? 15_000);
      const check = () => {
        const found = this.received.slice(from).find(predicate);
        if (found) {
          clearTimeout(timer);
          resolvePromise(found);
        } else {
          this.waiters.push(check);
        }
      };
      check();
    });
  }

  async close(): Promise<number | null> {
    this.child.stdin.end();
    // Generous: on a loaded machine winding down and exiting take seconds.
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 30_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}
