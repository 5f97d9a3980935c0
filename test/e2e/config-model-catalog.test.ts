// `model_catalog_json`: a JSON file of model metadata in Codex's models.json shape. model/list lists its
// models (not the provider's), and what it says of the model in use reaches the request (its default
// reasoning effort) and compaction (its auto_compact_token_limit). A bad file is a clear error.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { AppServerClient } from "../support/app-server-client.js";
import { isEvent as is } from "../support/proto-events.js";
import { JsonLinesProcess, makeHome, runCli } from "../support/cli.js";

type Json = Record<string, unknown>;
let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let client: AppServerClient | undefined;
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await proto?.close();
  proto = undefined;
  await model?.close();
  model = undefined;
});

const CATALOG = {
  models: [
    {
      slug: "acme-coder",
      display_name: "Acme Coder",
      description: "Our own coding model.",
      context_window: 64000,
      auto_compact_token_limit: 1000,
      default_reasoning_level: "high",
      supported_reasoning_levels: [
        { effort: "low", description: "Quick" },
        { effort: "high", description: "Thorough" },
      ],
      input_modalities: ["text"],
      visibility: "list",
      shell_type: "shell_command",
    },
    { slug: "acme-internal", display_name: "Acme Internal", visibility: "hide" },
  ],
};

function homeWithCatalog(url: string, catalog: unknown, extra = "") {
  // The path is relative: taken from config.toml's folder.
  const home = makeHome(url, `model = "acme-coder"\nmodel_catalog_json = "catalog.json"\n${extra}`);
  writeFileSync(
    join(home.codexHome, "catalog.json"),
    typeof catalog === "string" ? catalog : JSON.stringify(catalog),
  );
  return home;
}

describe("model_catalog_json", () => {
  it("model/list lists the catalog's models, hidden ones only on request", async () => {
    model = await startFakeModel();
    const home = homeWithCatalog(model.url, CATALOG);
    client = AppServerClient.spawn([], { env: home.env, cwd: home.cwd });
    await client.initialize("ide");
    const list = await client.call("model/list", {});
    expect(list.data).toEqual([
      {
        id: "acme-coder",
        model: "acme-coder",
        displayName: "Acme Coder",
        description: "Our own coding model.",
        hidden: false,
        isDefault: true,
        supportedReasoningEfforts: [
          { reasoningEffort: "low", description: "Quick" },
          { reasoningEffort: "high", description: "Thorough" },
        ],
        defaultReasoningEffort: "high",
        inputModalities: ["text"],
        contextWindow: 64000,
        // Codex's fields codex-ts has nothing for in a catalog: empty or null, as Codex sends them.
        additionalSpeedTiers: [],
        serviceTiers: [],
        defaultServiceTier: null,
        supportsPersonality: true,
        upgrade: null,
        upgradeInfo: null,
        modelSpecialty: null,
        availableAccessPrograms: null,
        availabilityNux: null,
        multiAgentVersion: null,
      },
    ]);
    const all = await client.call("model/list", { includeHidden: true });
    expect((all.data as Json[]).map((m) => [m.id, m.hidden])).toEqual([
      ["acme-coder", false],
      ["acme-internal", true],
    ]);
    // The provider's own list was not asked for.
    expect(model.requests.filter((r) => r.path.endsWith("/models"))).toHaveLength(0);
  });

  it("the model's default effort goes into the request; model_reasoning_effort still wins", async () => {
    model = await startFakeModel({ replies: [reply.message("done"), reply.message("done")] });
    const home = homeWithCatalog(model.url, CATALOG);
    expect((await runCli(["exec", "hello"], { env: home.env, cwd: home.cwd })).code).toBe(0);
    expect((model.requests[0]?.body.reasoning as Json | undefined)?.effort).toBe("high");
    const again = await runCli(["exec", "-c", "model_reasoning_effort=low", "hello"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(again.code).toBe(0);
    expect((model.requests[1]?.body.reasoning as Json | undefined)?.effort).toBe("low");
  });

  it("its auto_compact_token_limit compacts the turn after one that passed it", async () => {
    model = await startFakeModel({
      replies: [reply.message("first answer", { usage: { input: 1500, output: 5 } })],
      fallback: (request: { body: { input?: Json[] } }) =>
        lastUserText(request.body.input ?? []).startsWith("You are about to run out of context")
          ? reply.message("SUMMARY")
          : reply.message("later answer"),
    });
    const home = homeWithCatalog(model.url, CATALOG);
    const p = (proto = new JsonLinesProcess(["proto"], { env: home.env, cwd: home.cwd }));
    p.send({ id: "c", op: { type: "configure_session" } });
    await p.waitFor(is("session_configured"));
    for (const id of ["t1", "t2"]) {
      p.send({ id, op: { type: "user_turn", items: [{ type: "text", text: id }] } });
      await p.waitFor(is("task_complete", id));
    }
    expect(p.received.filter(is("context_compacted")).map((e) => e.id)).toEqual(["t2"]);
  });

  it("a missing, malformed or empty catalog stops with the reason", async () => {
    model = await startFakeModel({ replies: [reply.message("done")] });
    for (const [content, reason] of [
      ["{not json", "not JSON"],
      [{ models: [{ display_name: "no slug" }] }, "models.0.slug"],
      [{ models: [] }, "lists no models"],
    ] as const) {
      const home = homeWithCatalog(model.url, content);
      const run = await runCli(["exec", "hello"], { env: home.env, cwd: home.cwd });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("model_catalog_json");
      expect(run.stderr).toContain(reason);
    }
    const home = makeHome(model.url, 'model_catalog_json = "nowhere.json"');
    const run = await runCli(["exec", "hello"], { env: home.env, cwd: home.cwd });
    expect(run.stderr).toContain("no such file");
    expect(model.requests).toHaveLength(0);
  });
});
