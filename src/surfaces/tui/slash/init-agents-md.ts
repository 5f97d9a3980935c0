// `/init`: writes a starter AGENTS.md in the working directory, never over an existing one.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export const STARTER_AGENTS_MD = `# AGENTS.md

Instructions for coding agents working in this repository. codex-ts reads this file at the start of each
session (files in subdirectories add to it for work under them).

## Project
- What this project is, in two sentences:
- Where the code lives:

## Build and test
- Install:
- Build:
- Test (run before finishing a change):

## Conventions
- Style and formatting:
- Naming:
- What not to touch:
`;

export type InitResult = { written: true; path: string } | { written: false; path: string; reason: string };

export function writeStarterAgentsMd(cwd: string): InitResult {
  const path = join(cwd, "AGENTS.md");
  try {
    writeFileSync(path, STARTER_AGENTS_MD, { flag: "wx" });
    return { written: true, path };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      written: false,
      path,
      reason: code === "EEXIST" ? "it already exists; codex-ts left it as it is" : (err as Error).message,
    };
  }
}
