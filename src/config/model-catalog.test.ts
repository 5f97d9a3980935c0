import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readModelCatalog } from "./model-catalog.js";
import { scratchDir } from "../../test/support/scratch.js";

function catalogFile(slugs: string[]): { dir: string; path: string; write: (slugs: string[]) => void } {
  const dir = scratchDir("codex-ts-catalog-");
  const path = join(dir, "models.json");
  const write = (s: string[]): void =>
    writeFileSync(path, JSON.stringify({ models: s.map((slug) => ({ slug })) }));
  write(slugs);
  return { dir, path, write };
}

const layersFor = (path: string) => [{ source: "-c", value: { model_catalog_json: path } }];

describe("readModelCatalog", () => {
  it("reads an unchanged file once, and again when its size or time changes", () => {
    const { dir, path, write } = catalogFile(["one"]);
    const first = readModelCatalog(layersFor(path), dir, dir);
    expect(first?.map((m) => m.slug)).toEqual(["one"]);
    // The same array: the file was not read and validated a second time.
    expect(readModelCatalog(layersFor(path), dir, dir)).toBe(first);

    write(["one", "two"]);
    const grown = readModelCatalog(layersFor(path), dir, dir);
    expect(grown?.map((m) => m.slug)).toEqual(["one", "two"]);

    // Same size, other slugs, a later modification time: read again.
    write(["one", "six"]);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path, later, later);
    expect(readModelCatalog(layersFor(path), dir, dir)?.map((m) => m.slug)).toEqual(["one", "six"]);
  });

  it("says again why a bad file fails on every load, and reads it once fixed", () => {
    const { dir, path, write } = catalogFile([]);
    expect(() => readModelCatalog(layersFor(path), dir, dir)).toThrow(/lists no models/);
    expect(() => readModelCatalog(layersFor(path), dir, dir)).toThrow(/lists no models/);
    write(["fixed"]);
    expect(readModelCatalog(layersFor(path), dir, dir)?.map((m) => m.slug)).toEqual(["fixed"]);
  });

  it("leaves the catalog out when no layer names one", () => {
    expect(readModelCatalog([{ source: "defaults", value: {} }], "/", "/")).toBeUndefined();
  });
});
