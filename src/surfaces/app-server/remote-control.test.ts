import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installationId } from "./remote-control.js";
import { scratchDir } from "../../../test/support/scratch.js";

describe("installationId", () => {
  it("is made once, kept whole, and the same on every read", () => {
    const home = scratchDir("codex-ts-installation-");
    const id = installationId(home);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(installationId(home)).toBe(id);
    expect(readFileSync(join(home, "installation_id"), "utf8")).toBe(id);
    expect(readdirSync(home)).toEqual(["installation_id"]);
  });

  it("reads the file once per process and home", () => {
    const home = scratchDir("codex-ts-installation-");
    const id = installationId(home);
    writeFileSync(join(home, "installation_id"), "00000000-0000-4000-8000-000000000000");
    expect(installationId(home)).toBe(id);
  });

  it("replaces a damaged file (an empty one left by a crash) with a kept id", () => {
    const home = scratchDir("codex-ts-installation-");
    writeFileSync(join(home, "installation_id"), "");
    const id = installationId(home);
    expect(readFileSync(join(home, "installation_id"), "utf8")).toBe(id);
    expect(installationId(home)).toBe(id);
    expect(readdirSync(home)).toEqual(["installation_id"]);
  });
});
