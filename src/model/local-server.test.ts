import { afterEach, describe, expect, it } from "vitest";
import { startFakeModel } from "../../test/support/fake-model.js";
import { checkLocalServer, serverRoot } from "./local-server.js";
import { contextWindowFor, learnModelInfo, supportsImages, supportsTools } from "./model-info.js";
import { resolveProvider } from "../config/providers.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const signal = () => AbortSignal.timeout(5_000);

describe("checkLocalServer (Ollama)", () => {
  it("finds `name` as `name:latest` and learns the window and capabilities, config first", async () => {
    model = await startFakeModel({
      ollamaModels: [
        { name: "llava:latest", contextLength: 4096, capabilities: ["completion", "vision"] },
        { name: "coder:7b", contextLength: 32768, capabilities: ["completion", "tools"] },
      ],
    });
    const provider = resolveProvider("ollama", { model_providers: { ollama: { base_url: model.url } } }, {});
    expect(serverRoot(provider.baseUrl)).toBe(model.url.replace(/\/v1$/, ""));

    await checkLocalServer(provider, "llava", signal());
    expect(contextWindowFor("llava")).toBe(4096);
    expect(supportsTools("llava")).toBe(false);
    expect(supportsImages("llava")).toBe(true);

    learnModelInfo("coder:7b", { contextWindow: 16384 });
    await checkLocalServer(provider, "coder:7b", signal());
    expect(contextWindowFor("coder:7b")).toBe(16384);
    expect(supportsTools("coder:7b")).toBe(true);

    await expect(checkLocalServer(provider, "coder:13b", signal())).rejects.toThrow(
      /model 'coder:13b' is not available .* It has: llava:latest, coder:7b\. Pull it with `ollama pull coder:13b`/,
    );
  });
});
