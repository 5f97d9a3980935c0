// For subagent tests: a fake model, a CODEX_HOME pointing at it, a manager whose events are kept, and ways
// to wait on those events (never on timers).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig, type Config } from "../../src/config/load.js";
import { childEngines } from "../../src/core/codex.js";
import { engineParts } from "../../src/engine/create-codex.js";
import type { KnownEventMsg } from "../../src/protocol/core-protocol.js";
import { testToolContext } from "./tool-context.js";
import type { ToolContext } from "../../src/core/tool-api/define-tool.js";
import { reply, startFakeModel, type Reply, type ScriptedReply } from "./fake-model.js";
import {
  SubagentManager,
  type RootThread,
  type SubagentManagerOptions,
} from "../../src/core/subagents/manager.js";
import { scratchDir } from "./scratch.js";

export type FakeModel = Awaited<ReturnType<typeof startFakeModel>>;
export type Input = Array<Record<string, unknown>>;

export interface TestHome {
  codexHome: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** A fresh CODEX_HOME whose config points the built-in provider at the fake model, and a working directory. */
function makeHome(modelUrl: string, extraToml: string): TestHome {
  const root = scratchDir("codex-ts-subagents-");
  const codexHome = join(root, "home");
  const cwd = join(root, "work");
  mkdirSync(codexHome);
  mkdirSync(join(cwd, ".git"), { recursive: true });
  writeFileSync(
    join(codexHome, "config.toml"),
    // The tests script the one-shot `shell` tool (the default is exec_command).
    `openai_base_url = "${modelUrl}"\nshell_tool = "shell"\n${extraToml}\n[model_providers.openai]\nrequest_max_retries = 0\nstream_max_retries = 0\n`,
  );
  const env = { PATH: process.env.PATH, HOME: root, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-test" };
  return { codexHome, cwd, env };
}

export interface Harness {
  model: FakeModel;
  home: TestHome;
  config: Config;
  manager: SubagentManager;
  events: EventLog;
  /** A tool context for the root's calls, in the test's working directory. */
  ctx(overrides?: Partial<ToolContext>): ToolContext;
  close(): Promise<void>;
}

/** Events emitted so far, and a wait for the next one that matches. */
export class EventLog {
  readonly all: KnownEventMsg[] = [];
  private readonly waiters: Array<() => void> = [];

  push(msg: KnownEventMsg): void {
    this.all.push(msg);
    for (const wake of this.waiters.splice(0)) wake();
  }

  of<T extends KnownEventMsg["type"]>(type: T): Array<Extract<KnownEventMsg, { type: T }>> {
    return this.all.filter((m): m is Extract<KnownEventMsg, { type: T }> => m.type === type);
  }

  /** Resolves with the first event (from index `from`) matching `predicate`; rejects after `timeoutMs`. */
  waitFor(
    predicate: (msg: KnownEventMsg) => boolean,
    { from = 0, timeoutMs = 15_000 }: { from?: number; timeoutMs?: number } = {},
  ): Promise<KnownEventMsg> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new Error(
            `timed out waiting for an event; got:\n${this.all.map((m) => JSON.stringify(m)).join("\n")}`,
          ),
        );
      }, timeoutMs);
      const check = () => {
        const found = this.all.slice(from).find(predicate);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else {
          this.waiters.push(check);
        }
      };
      check();
    });
  }
}

export async function startHarness(options: {
  fallback: ScriptedReply;
  toml?: string;
  root?: () => RootThread | undefined;
  manager?: Partial<SubagentManagerOptions>;
}): Promise<Harness> {
  const model = await startFakeModel({ fallback: options.fallback });
  const home = makeHome(model.url, options.toml ?? "");
  const config = loadConfig({
    codexHome: home.codexHome,
    cwd: home.cwd,
    env: home.env,
    systemConfigPath: join(home.codexHome, "no-system-config.toml"),
  });
  const events = new EventLog();
  const manager = new SubagentManager({
    config,
    env: home.env,
    engines: childEngines(engineParts),
    root:
      options.root ?? (() => ({ threadId: "root-thread", rolloutPath: join(home.codexHome, "none.jsonl") })),
    emit: (msg) => events.push(msg),
    ...options.manager,
  });
  return {
    model,
    home,
    config,
    manager,
    events,
    ctx: (overrides = {}) => testToolContext({ cwd: home.cwd, env: home.env, ...overrides }),
    close: async () => {
      await manager.closeAll();
      await model.close();
    },
  };
}

/** Text of every message in a request's input (developer, user and assistant). */
export function inputTexts(input: Input): string[] {
  return input
    .filter((item) => item.type === "message")
    .map((item) =>
      ((item.content as Array<{ text?: string }> | undefined) ?? []).map((c) => c.text ?? "").join(""),
    );
}

/** Which subagent sent a request: the last "You are subagent N" it was told (0 when none: the root). */
export function agentOf(input: Input): number {
  let agent = 0;
  for (const item of input) {
    const texts =
      item.type === "message" ? inputTexts([item]) : typeof item.output === "string" ? [item.output] : [];
    for (const text of texts) {
      const match = /You are (?:now )?subagent (\d+)/.exec(text);
      if (match) agent = Number(match[1]);
    }
  }
  return agent;
}

/** The outputs of tool calls in a request's input, oldest first. */
export function toolOutputs(input: Input): string[] {
  return input
    .filter((item) => item.type === "function_call_output" || item.type === "custom_tool_call_output")
    .map((item) => (typeof item.output === "string" ? item.output : JSON.stringify(item.output)));
}

type RecordedRequest = FakeModel["requests"][number];
type Step = Reply | ((input: Input) => Reply | Promise<Reply>);

/**
 * A fake-model fallback that plays one script per agent (told apart by agentOf), so concurrent agents each
 * get their own replies in order. Past the end of its script an agent gets `done`.
 */
export function scriptByAgent(scripts: Record<number, Step[]>) {
  const seen = new Map<number, Input[]>();
  const waiters: Array<() => void> = [];
  const fallback = (request: RecordedRequest) => {
    const input = (request.body.input ?? []) as Input;
    const agent = agentOf(input);
    const list = seen.get(agent) ?? [];
    list.push(input);
    seen.set(agent, list);
    for (const wake of waiters.splice(0)) wake();
    const step = scripts[agent]?.[list.length - 1] ?? reply.message(`(agent ${agent}: no more script)`);
    return typeof step === "function" ? step(input) : step;
  };
  return {
    fallback,
    requestsOf: (agent: number): Input[] => seen.get(agent) ?? [],
    /** Resolves once agent `agent` has made `n` requests. */
    waitForRequests: (agent: number, n: number, timeoutMs = 15_000): Promise<void> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`agent ${agent} made fewer than ${n} requests`)),
          timeoutMs,
        );
        const check = () => {
          if ((seen.get(agent)?.length ?? 0) >= n) {
            clearTimeout(timer);
            resolve();
          } else {
            waiters.push(check);
          }
        };
        check();
      }),
  };
}
