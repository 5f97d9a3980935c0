import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findRepoRoot, loadAgentsDocs } from "./agents-md.js";

describe("AGENTS.md discovery", () => {
  it("reads global, then repo root down to cwd, capped in bytes", () => {
    const root = mkdtempSync(join(tmpdir(), "codex-ts-agents-"));
    const home = join(root, "home");
    const repo = join(root, "repo");
    const sub = join(repo, "pkg", "inner");
    mkdirSync(home);
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(root, "AGENTS.md"), "ABOVE THE REPO");
    writeFileSync(join(home, "AGENTS.md"), "global");
    writeFileSync(join(repo, "AGENTS.md"), "root");
    writeFileSync(join(repo, "pkg", "AGENTS.md"), "package");
    expect(findRepoRoot(sub)).toBe(repo);
    expect(loadAgentsDocs(home, sub, 1024).map((d) => d.text)).toEqual(["global", "root", "package"]);
    expect(loadAgentsDocs(home, sub, 8).map((d) => d.text)).toEqual(["global", "ro"]);
  });
});
