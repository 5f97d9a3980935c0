// The built-in local providers, `--oss`, providers' default models, and the README's local-model configs.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { modelInfo } from "../model/model-info.js";
import { ConfigError, loadConfig } from "./load.js";
import { scratchDir } from "../../test/support/scratch.js";

function home(toml: string): string {
  const dir = scratchDir("codex-ts-config-");
  writeFileSync(join(dir, "config.toml"), toml);
  return dir;
}

const load = (toml: string, options: Parameters<typeof loadConfig>[0] = {}) => {
  const dir = home(toml);
  return loadConfig({
    codexHome: dir,
    cwd: dir,
    env: {},
    systemConfigPath: join(dir, "none.toml"),
    ...options,
  });
};

describe("--oss and local providers", () => {
  it("--oss picks Ollama with its default model, speaking Chat Completions", () => {
    const config = load("", { oss: {} });
    expect(config.modelProviderId).toBe("ollama");
    expect(config.model).toBe("gpt-oss:20b");
    expect(config.provider).toMatchObject({
      baseUrl: "http://localhost:11434/v1",
      wireApi: "chat",
      local: "ollama",
      requiresOpenaiAuth: false,
    });
  });

  it("oss_provider and --local-provider choose LM Studio; a model from any layer wins over the default", () => {
    expect(load('oss_provider = "lmstudio"\n', { oss: {} }).model).toBe("openai/gpt-oss-20b");
    const config = load('model = "qwen/qwen3-coder-30b"\n', { oss: { provider: "lmstudio" } });
    expect(config.provider.baseUrl).toBe("http://localhost:1234/v1");
    expect(config.model).toBe("qwen/qwen3-coder-30b");
    expect(() => load("", { oss: { provider: "vllm" } })).toThrow(ConfigError);
  });

  it("a [model_providers.ollama] table changes only the keys it sets", () => {
    const config = load(
      '[model_providers.ollama]\nbase_url = "http://gpu-box:11434/v1"\ndefault_model = "qwen3-coder:30b"\n',
      {
        oss: {},
      },
    );
    expect(config.provider).toMatchObject({
      baseUrl: "http://gpu-box:11434/v1",
      wireApi: "chat",
      local: "ollama",
    });
    expect(config.model).toBe("qwen3-coder:30b");
  });

  it("remembers what config says of the model", () => {
    load('model = "my-local"\nmodel_context_window = 32768\nmodel_supports_images = false\n');
    expect(modelInfo("my-local")).toEqual({ contextWindow: 32768, supportsImages: false });
  });
});

describe("the README's local-model configs", () => {
  const readme = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8");
  const block = [...readme.matchAll(/```toml\n([\s\S]*?)```/g)]
    .map((m) => m[1] ?? "")
    .find((text) => text.includes("[model_providers.vllm]"));

  it.each([
    ["ollama", "qwen3-coder:30b", "http://localhost:11434/v1"],
    ["lmstudio", "qwen/qwen3-coder-30b", "http://localhost:1234/v1"],
    ["vllm", "Qwen/Qwen3-Coder-30B-A3B-Instruct", "http://localhost:8000/v1"],
    ["llamacpp", "local", "http://localhost:8080/v1"],
  ])("%s loads as a Chat Completions provider", (id, model, baseUrl) => {
    expect(block).toBeDefined();
    const config = load(`model_provider = "${id}"\n${block ?? ""}`);
    expect(config.model).toBe(model);
    expect(config.provider).toMatchObject({ baseUrl, wireApi: "chat" });
  });
});
