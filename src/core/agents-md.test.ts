import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findRepoRoot, loadAgentsDocs } from "./agents-md.js";
import { scratchDir } from "../../test/support/scratch.js";

describe("AGENTS.md discovery", () => {
  it("reads global, then repo root down to cwd, capped in bytes", () => {
    const root = scratchDir("codex-ts-agents-");
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
    expect(loadAgentsDocs({ codexHome: home, cwd: sub, maxBytes: 1024 }).map((d) => d.text)).toEqual([
      "global",
      "root",
      "package",
    ]);
    expect(loadAgentsDocs({ codexHome: home, cwd: sub, maxBytes: 8 }).map((d) => d.text)).toEqual([
      "global",
      "ro",
    ]);
  });

  it("one file per folder: AGENTS.override.md, AGENTS.md, then the fallback names in order", () => {
    const root = scratchDir("codex-ts-agents-");
    const home = join(root, "home");
    const repo = join(root, "repo");
    const a = join(repo, "a");
    const b = join(a, "b");
    mkdirSync(home);
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(b, { recursive: true });
    writeFileSync(join(home, "AGENTS.md"), "global");
    writeFileSync(join(home, "AGENTS.override.md"), "global override");
    writeFileSync(join(repo, "CLAUDE.md"), "claude at root");
    writeFileSync(join(repo, "GEMINI.md"), "gemini at root");
    writeFileSync(join(a, "AGENTS.md"), "agents in a");
    writeFileSync(join(a, "CLAUDE.md"), "claude in a");
    writeFileSync(join(b, "AGENTS.override.md"), "override in b");
    writeFileSync(join(b, "AGENTS.md"), "agents in b");
    const texts = (fallbackFilenames: string[]) =>
      loadAgentsDocs({ codexHome: home, cwd: b, maxBytes: 1024, fallbackFilenames }).map((d) => d.text);
    expect(texts([])).toEqual(["global override", "agents in a", "override in b"]);
    expect(texts(["CLAUDE.md", "GEMINI.md"])).toEqual([
      "global override",
      "claude at root",
      "agents in a",
      "override in b",
    ]);
    expect(texts(["GEMINI.md", "CLAUDE.md"])[1]).toBe("gemini at root");
  });

  it("project_root_markers: other markers move the root; none means cwd only", () => {
    const root = scratchDir("codex-ts-agents-");
    const home = join(root, "home");
    const repo = join(root, "repo");
    const sub = join(repo, "pkg");
    mkdirSync(home);
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(root, ".hg"), "");
    writeFileSync(join(root, "AGENTS.md"), "above");
    writeFileSync(join(repo, "AGENTS.md"), "repo");
    writeFileSync(join(sub, "AGENTS.md"), "pkg");
    const texts = (rootMarkers: string[]) =>
      loadAgentsDocs({ codexHome: home, cwd: sub, maxBytes: 1024, rootMarkers }).map((d) => d.text);
    expect(texts([".git"])).toEqual(["repo", "pkg"]);
    expect(texts([".hg"])).toEqual(["above", "repo", "pkg"]);
    expect(texts([])).toEqual(["pkg"]);
  });
});
