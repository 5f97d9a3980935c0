// `codex-ts debug models [--bundled]`: the model catalog in Codex's models.json shape, from model/list's
// sources: model_catalog_json, else the provider's GET /models, else the built-in list (--bundled: that alone).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

type Catalog = { models: Array<Record<string, unknown>> };

function parsed(stdout: string): Catalog {
  // One line of JSON, as Codex prints it.
  expect(stdout.endsWith("}\n")).toBe(true);
  expect(stdout.trimEnd().includes("\n")).toBe(false);
  return JSON.parse(stdout) as Catalog;
}

describe("debug models", () => {
  it("lists the provider's models, each as a catalog entry", async () => {
    model = await startFakeModel({ models: ["gpt-5.1-codex", "house-model"] });
    const home = makeHome(model.url);
    const res = await runCli(["debug", "models"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    const { models } = parsed(res.stdout);
    expect(models.map((m) => m.slug)).toEqual(["gpt-5.1-codex", "house-model"]);
    expect(models[0]).toMatchObject({
      display_name: "GPT-5.1-Codex",
      default_reasoning_level: "medium",
      visibility: "list",
      supported_in_api: true,
      priority: 1,
      context_window: 272000,
      input_modalities: ["text", "image"],
      additional_speed_tiers: ["fast"],
    });
    expect(models[0]?.supported_reasoning_levels).toContainEqual({
      effort: "high",
      description: "Greater reasoning depth for complex problems",
    });
    expect(models[1]).toMatchObject({ display_name: "house-model", priority: 2 });
  });

  it("--bundled prints the built-in list without asking the provider or reading model_catalog_json", async () => {
    model = await startFakeModel({ models: ["house-model"] });
    const home = makeHome(model.url, 'model_catalog_json = "missing-catalog.json"');
    const res = await runCli(["debug", "models", "--bundled"], { env: home.env, cwd: home.cwd });
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    const slugs = parsed(res.stdout).models.map((m) => m.slug);
    expect(slugs).toContain("gpt-5.1-codex");
    expect(slugs).not.toContain("house-model");
  });

  it("model_catalog_json's entries are the catalog, as written; a bad file is an error", async () => {
    model = await startFakeModel({ models: ["house-model"] });
    const home = makeHome(model.url, 'model_catalog_json = "catalog.json"');
    const entry = { slug: "mine", display_name: "Mine", context_window: 9000, extra_field: [1, 2] };
    writeFileSync(join(home.codexHome, "catalog.json"), JSON.stringify({ models: [entry] }));
    const res = await runCli(["debug", "models"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    expect(parsed(res.stdout)).toEqual({ models: [entry] });

    writeFileSync(join(home.codexHome, "catalog.json"), '{"models": []}');
    const bad = await runCli(["debug", "models"], { env: home.env, cwd: home.cwd });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/^Error: invalid config: model_catalog_json: the catalog lists no models/);
  });
});
