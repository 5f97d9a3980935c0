// `--oss` and Chat Completions providers end to end, on exec, app-server, mcp-server and with subagents: the
// built binary against nothing (a clear error naming the URL) and against the fake
// model's Ollama endpoints (/api/tags, /api/show, /v1/chat/completions) and an LM Studio-like /v1/models.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import http from "node:http";
import { readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { chatReply } from "../support/fake-chat.js";
import { CLI, JsonLinesProcess, makeHome, runCli, type TestHome } from "../support/cli.js";
import { runTurn, useAppServer, type FakeModel, type Json } from "../support/app-server-fixture.js";
import { TmuxSession } from "../support/tmux.js";

const app = useAppServer();
const mcpClients: Client[] = [];
let term: TmuxSession | undefined;
afterEach(async () => {
  term?.kill();
  term = undefined;
  for (const client of mcpClients.splice(0)) await client.close();
});

/** A port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A home with no OpenAI key at all, whose Ollama is the fake model. */
async function ollamaHome(options: Parameters<typeof app.startModel>[0] = {}) {
  const { home, model } = await app.startModel({
    ...options,
    home: { shellTool: "default" },
    model: {
      ollamaModels: [
        { name: "gpt-oss:20b", contextLength: 65_536, capabilities: ["completion", "tools", "thinking"] },
        { name: "qwen3-coder:30b", contextLength: 262_144, capabilities: ["completion", "tools"] },
        { name: "llava:7b", contextLength: 4_096, capabilities: ["completion", "vision"] },
      ],
      ...options.model,
    },
  });
  const env = { ...home.env, OPENAI_API_KEY: undefined, CODEX_OSS_BASE_URL: model.url };
  return { home: { ...home, env }, model };
}

const exec = (home: TestHome, args: string[]) =>
  runCli(["exec", "--skip-git-repo-check", ...args], { env: home.env, cwd: home.cwd });

const paths = (model: FakeModel) => model.requests.map((r) => r.path);

describe("--oss", () => {
  it("with no server running: a clear error naming the URL, and how to start one", async () => {
    const port = await closedPort();
    const home = makeHome("http://127.0.0.1:9/v1");
    const res = await exec({ ...home, env: { ...home.env, CODEX_OSS_PORT: String(port) } }, ["--oss", "hi"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`No Ollama server answers at http://localhost:${port}`);
    expect(res.stderr).toContain("ollama serve");
  });

  it("checks the model with /api/tags, then talks Chat Completions to Ollama's default model", async () => {
    const { home, model } = await ollamaHome({
      model: { replies: [chatReply.message("local hello", { flavor: "ollama", reasoning: "easy" })] },
    });
    const res = await exec(home, ["--oss", "-c", 'model_reasoning_effort="low"', "hi"]);
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    expect(res.stdout.trim()).toBe("local hello");
    expect(paths(model)).toEqual(["/api/tags", "/v1/chat/completions"]);
    const body = model.requests[1]?.body;
    expect(body).toMatchObject({ model: "gpt-oss:20b", reasoning_effort: "low", stream: true });
    expect(model.requests[1]?.headers.authorization).toBeUndefined();
  });

  it("names a missing model, what the server has, and how to pull it, without asking for an answer", async () => {
    const { home, model } = await ollamaHome();
    const res = await exec(home, ["--oss", "-m", "llama3", "hi"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      `model 'llama3' is not available on the Ollama server at ${model.url.replace(/\/v1$/, "")}. ` +
        "It has: gpt-oss:20b, qwen3-coder:30b, llava:7b. Pull it with `ollama pull llama3`",
    );
    expect(paths(model)).toEqual(["/api/tags"]);
  });

  it("offers no tools to a model whose server says it takes none", async () => {
    const { home, model } = await ollamaHome({ model: { replies: [chatReply.message("no tools here")] } });
    const res = await exec(home, ["--oss", "-m", "llava:7b", "hi"]);
    expect(res.code).toBe(0);
    expect(model.requests[1]?.body.tools).toBeUndefined();
  });

  it("--local-provider lmstudio checks /v1/models and uses LM Studio's default model", async () => {
    const { home, model } = await app.startModel({
      home: { shellTool: "default" },
      model: {
        lmStudioModels: [{ id: "openai/gpt-oss-20b", type: "llm", loadedContextLength: 16_384 }],
        replies: [chatReply.message("from lm studio")],
      },
    });
    const c = await app.spawn(home, {
      args: ["--local-provider", "lmstudio", "-c", `model_providers.lmstudio.base_url="${model.url}"`],
    });
    const list = await c.call("model/list", {});
    expect(list.data).toEqual([
      expect.objectContaining({ id: "openai/gpt-oss-20b", contextWindow: 16_384, inputModalities: ["text"] }),
    ]);
    const res = await exec(home, [
      "--local-provider",
      "lmstudio",
      "-c",
      `model_providers.lmstudio.base_url="${model.url}"`,
      "hi",
    ]);
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    expect(res.stdout.trim()).toBe("from lm studio");
    expect(model.requests.at(-1)?.body.model).toBe("openai/gpt-oss-20b");
  });

  it("compacts a local model's thread at the context window its server reported", async () => {
    const COMPACT = "You are about to run out of context";
    const { home, model } = await ollamaHome({
      model: {
        ollamaModels: [{ name: "small:1b", contextLength: 1_000, capabilities: ["completion", "tools"] }],
        replies: [
          // 950 tokens of a 1000-token window: past the 90% limit, so the next request compacts first.
          chatReply.toolCalls([{ name: "exec_command", args: { cmd: "echo filling" }, id: "call_f" }], {
            usage: { input: 950, output: 10 },
          }),
          chatReply.message("SUMMARY OF WORK"),
          chatReply.message("finished"),
        ],
      },
    });
    const res = await exec(home, ["--oss", "-m", "small:1b", "-s", "workspace-write", "fill it"]);
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    const chats = model.requests.filter((r) => r.path === "/v1/chat/completions");
    const lastUser = (n: number) => {
      const messages = (chats[n]?.body.messages ?? []) as Array<{ role: string; content: unknown }>;
      return String(messages.filter((m) => m.role === "user").at(-1)?.content);
    };
    expect(chats).toHaveLength(3);
    expect(lastUser(1)).toContain(COMPACT);
    expect(JSON.stringify(chats[2]?.body.messages)).toContain("SUMMARY OF WORK");
  });
});

describe("--oss on the app-server", () => {
  it("model/list shows the local models with their windows; a turn runs against Ollama", async () => {
    const { home, model } = await ollamaHome({
      model: { replies: [chatReply.message("app-server local", { flavor: "ollama" })] },
    });
    const c = await app.spawn(home, { args: ["--oss"] });
    const list = await c.call("model/list", {});
    const models = list.data as Json[];
    expect(models.map((m) => m.id)).toEqual(["gpt-oss:20b", "qwen3-coder:30b", "llava:7b"]);
    expect(models[0]).toMatchObject({ isDefault: true, contextWindow: 65_536, inputModalities: ["text"] });
    expect(models[1]).toMatchObject({
      isDefault: false,
      contextWindow: 262_144,
      supportedReasoningEfforts: [],
    });
    expect(models[2]).toMatchObject({ contextWindow: 4_096, inputModalities: ["text", "image"] });

    const started = await c.call("thread/start", {});
    const threadId = String((started.thread as Json).id);
    expect(started.model).toBe("gpt-oss:20b");
    const turn = await runTurn(c, threadId, "hello");
    expect(turn.status).toBe("completed");
    expect(model.requests.at(-1)?.body.model).toBe("gpt-oss:20b");
  });
});

describe("--oss on the mcp-server", () => {
  it("the codex tool runs a thread against Ollama and answers with the local model's message", async () => {
    const { home, model } = await ollamaHome({
      model: { replies: [chatReply.message("mcp local answer", { flavor: "ollama" })] },
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp-server", "--oss"],
      env: Object.fromEntries(
        Object.entries(home.env).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      cwd: home.cwd,
      stderr: "pipe",
    });
    const client = new Client({ name: "e2e", version: "1.0.0" });
    mcpClients.push(client);
    await client.connect(transport);
    const result = await client.callTool(
      { name: "codex", arguments: { prompt: "hello", sandbox: "read-only" } },
      undefined,
      { timeout: 20_000 },
    );
    expect(result.isError).toBeFalsy();
    const content = result.content as Array<{ text?: string }>;
    expect(content.map((c) => c.text ?? "").join("")).toBe("mcp local answer");
    expect(paths(model)).toEqual(["/api/tags", "/v1/chat/completions"]);
  });
});

describe("a Chat Completions provider with subagents (proto)", () => {
  it("the root spawns and awaits a child; both talk Chat Completions", async () => {
    type Message = { role: string; content: unknown };
    const firstUser = (messages: Message[]) => String(messages.find((m) => m.role === "user")?.content);
    const { home, model } = await app.startModel({
      home: { shellTool: "default" },
      toml:
        'model = "local-coder"\nmodel_provider = "local"\n[subagents]\nenabled = true\n' +
        '[model_providers.local]\nbase_url = "URL"\nwire_api = "chat"\n',
      model: {
        fallback: (request) => {
          const messages = (request.body.messages ?? []) as Message[];
          if (firstUser(messages).includes("task-z")) return chatReply.message("child done");
          const outputs = messages.filter((m) => m.role === "tool");
          if (outputs.length === 0) {
            return chatReply.toolCalls([{ name: "subagent_spawn", args: { task: "task-z: say done" } }]);
          }
          if (outputs.length === 1)
            return chatReply.toolCalls([{ name: "subagent_await", args: { agent_id: 1 } }]);
          return chatReply.message(`root saw: ${String(outputs.at(-1)?.content)}`);
        },
      },
    });
    // The provider's URL is the fake model's, known only now.
    const configPath = `${home.codexHome}/config.toml`;
    writeFileSync(configPath, readFileSync(configPath, "utf8").replace('"URL"', `"${model.url}"`));
    const proto = new JsonLinesProcess(["proto", "-s", "danger-full-access", "-a", "never"], {
      env: { ...home.env, OPENAI_API_KEY: undefined },
      cwd: home.cwd,
    });
    try {
      proto.send({ id: "c", op: { type: "configure_session" } });
      proto.send({ id: "t", op: { type: "user_turn", items: [{ type: "text", text: "delegate" }] } });
      const done = await proto.waitFor(
        (e) => e.id === "t" && ["task_complete", "error"].includes(String((e.msg as Json).type)),
        { timeoutMs: 20_000 },
      );
      expect(done.msg).toMatchObject({ type: "task_complete" });
      expect(String((done.msg as Json).last_agent_message)).toMatch(/^root saw: .*child done/s);
      expect(model.requests.every((r) => r.path === "/v1/chat/completions")).toBe(true);
      expect(model.requests).toHaveLength(4);
    } finally {
      proto.child.stdin.end();
      await proto.exited;
    }
  });
});

describe("--oss in the interactive UI", () => {
  it("answers from Ollama and shows the local model with the context its server reported", async () => {
    const { home } = await ollamaHome({
      model: { replies: [chatReply.message("Hello from a local model.", { flavor: "ollama" })] },
    });
    // A model codex-ts has no table for: "context left" shows only because the server told its window.
    term = TmuxSession.start({
      args: ["--oss", "-m", "qwen3-coder:30b"],
      env: home.env,
      cwd: home.cwd,
      width: 100,
      height: 30,
    });
    await term.waitFor("Ask codex-ts to do anything");
    term.type("hello");
    term.press("Enter");
    // The context figure comes with the usage, after the answer's text is already on screen.
    const screen = await term.waitFor(
      (shown) => shown.includes("Hello from a local model.") && /context left/.test(shown),
    );
    expect(screen).toMatch(/qwen3-coder:30b · default mode · \d+% context left/);
  });
});
