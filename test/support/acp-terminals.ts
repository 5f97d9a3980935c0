// The terminals of the test "editor": ACP's terminal/* methods over real child processes, as an editor runs
// them (the command as given, output kept up to the byte limit, exit status once it ended).
import { spawn, type ChildProcess } from "node:child_process";
import type {
  CreateTerminalRequest,
  TerminalExitStatus,
  TerminalOutputResponse,
} from "@agentclientprotocol/sdk";

interface Term {
  request: CreateTerminalRequest;
  child: ChildProcess;
  output: string;
  truncated: boolean;
  exit: Promise<TerminalExitStatus>;
  status?: TerminalExitStatus;
  released: boolean;
}

export class EditorTerminals {
  readonly created: Array<CreateTerminalRequest & { terminalId: string }> = [];
  private readonly terms = new Map<string, Term>();
  private next = 1;

  create(request: CreateTerminalRequest): { terminalId: string } {
    const terminalId = `term_${this.next++}`;
    const env = Object.fromEntries((request.env ?? []).map((v) => [v.name, v.value]));
    const child = spawn(request.command, request.args ?? [], {
      cwd: request.cwd ?? undefined,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const term: Term = {
      request,
      child,
      output: "",
      truncated: false,
      released: false,
      exit: new Promise((resolve) => {
        child.on("error", () => resolve({ exitCode: 127, signal: null }));
        child.on("close", (code, signal) => resolve({ exitCode: code, signal }));
      }),
    };
    void term.exit.then((status) => (term.status = status));
    const limit = request.outputByteLimit ?? Number.MAX_SAFE_INTEGER;
    const add = (chunk: Buffer) => {
      term.output += chunk.toString("utf8");
      if (term.output.length > limit) {
        term.output = term.output.slice(-limit);
        term.truncated = true;
      }
    };
    child.stdout?.on("data", add);
    child.stderr?.on("data", add);
    this.terms.set(terminalId, term);
    this.created.push({ ...request, terminalId });
    return { terminalId };
  }

  output(terminalId: string): TerminalOutputResponse {
    const term = this.get(terminalId);
    return { output: term.output, truncated: term.truncated, exitStatus: term.status ?? null };
  }

  async waitForExit(terminalId: string): Promise<TerminalExitStatus> {
    return this.get(terminalId).exit;
  }

  kill(terminalId: string): Record<string, never> {
    const { child } = this.get(terminalId);
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    return {};
  }

  release(terminalId: string): Record<string, never> {
    this.kill(terminalId);
    this.get(terminalId).released = true;
    return {};
  }

  isReleased(terminalId: string): boolean {
    return this.terms.get(terminalId)?.released ?? false;
  }

  /** Kills what is still running (the test is over). */
  closeAll(): void {
    for (const { child } of this.terms.values()) {
      if (child.pid !== undefined && child.exitCode === null) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
    }
  }

  private get(terminalId: string): Term {
    const term = this.terms.get(terminalId);
    if (!term) throw new Error(`unknown terminal ${terminalId}`);
    return term;
  }
}
