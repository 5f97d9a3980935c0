// The provider's model list: what GET {base_url}/models answered (its status, so model/list can tell a
// refused token from a provider without a list), and the models shown for it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resolveProvider } from "../../config/providers.js";
import { fetchProviderModels, modelsFrom } from "./model-list.js";

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A provider whose /models answers `status` and `body`; records the authorization headers. */
async function provider(status: number, body: unknown) {
  const seen: Array<string | undefined> = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers.authorization);
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { info: resolveProvider("openai", { openai_base_url: baseUrl }, {}), seen };
}

describe("fetchProviderModels", () => {
  it("gives the listed ids with the status, sending the credentials", async () => {
    const p = await provider(200, { data: [{ id: "m-1" }, { id: "gpt-5.1-codex" }, { nope: 1 }] });
    expect(await fetchProviderModels(p.info, { bearer: "tok", headers: {} })).toEqual({
      status: 200,
      ids: ["m-1", "gpt-5.1-codex"],
    });
    expect(p.seen).toEqual(["Bearer tok"]);
  });

  it("tells a 401 from other answers, and a provider that does not answer", async () => {
    expect(await fetchProviderModels((await provider(401, {})).info, undefined)).toEqual({
      status: 401,
      ids: undefined,
    });
    expect(await fetchProviderModels((await provider(200, { data: [] })).info, undefined)).toEqual({
      status: 200,
      ids: undefined,
    });
    const gone = resolveProvider("openai", { openai_base_url: "http://127.0.0.1:1/v1" }, {});
    expect(await fetchProviderModels(gone, undefined)).toEqual({ status: 0, ids: undefined });
  });
});

describe("modelsFrom", () => {
  it("describes the provider's ids, or falls back to the built-in list", () => {
    const listed = modelsFrom(["gpt-5.1-codex", "local-model"], "local-model");
    expect(listed.map((m) => [m.id, m.displayName, m.isDefault])).toEqual([
      ["gpt-5.1-codex", "GPT-5.1-Codex", false],
      ["local-model", "local-model", true],
    ]);
    const builtIn = modelsFrom(undefined, "gpt-5.1-codex");
    expect(builtIn[0]).toMatchObject({ id: "gpt-5.1-codex", isDefault: true, contextWindow: 272_000 });
  });
});
