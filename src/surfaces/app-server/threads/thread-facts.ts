// Facts about a live thread's folder that Codex 0.169 reports with the thread: the cwd's git state and the
// AGENTS.md files the engine loads (the same lookup as its initial context).
import type { Config } from "../../../config/load.js";
import { agentsDocsOptions, loadAgentsDocs } from "../../../core/agents-md.js";
import { readGitInfo } from "../../../core/git-info.js";
import type { Thread } from "../../../protocol/app-server/v2/thread.js";
import { wireGitInfo } from "./wire-thread.js";

export function cwdGitInfo(cwd: string): Thread["gitInfo"] {
  return wireGitInfo(readGitInfo(cwd));
}

export function instructionSources(config: Config, cwd: string): string[] {
  return loadAgentsDocs(agentsDocsOptions(config, cwd)).map((d) => d.path);
}
