// Skills per working directory, discovered once and kept until someone asks for a reload (`list_skills` with
// `force_reload`). Shared by `list_skills` and the turns, so both see the same list.
import { resolve } from "node:path";
import type { SkillsListEntry } from "../protocol/core-protocol.js";
import { discoverSkills, type SkillsOutcome } from "./discover-skills.js";

export class SkillsManager {
  private readonly byCwd = new Map<string, SkillsOutcome>();
  private extraRoots: string[] = [];

  constructor(private readonly codexHome: string) {}

  forCwd(cwd: string, options: { forceReload?: boolean } = {}): SkillsOutcome {
    const key = resolve(cwd);
    let outcome = options.forceReload ? undefined : this.byCwd.get(key);
    if (!outcome) {
      outcome = discoverSkills(this.codexHome, key, this.extraRoots);
      this.byCwd.set(key, outcome);
    }
    return outcome;
  }

  /** More folders to search for every cwd (replacing the previous ones); the next lookups rediscover. */
  setExtraRoots(roots: readonly string[]): void {
    this.extraRoots = [...roots];
    this.byCwd.clear();
  }

  extraRootsList(): readonly string[] {
    return this.extraRoots;
  }

  /** The `list_skills` answer: one entry per cwd, in the order asked. */
  list(cwds: readonly string[], forceReload: boolean): SkillsListEntry[] {
    return cwds.map((cwd) => {
      const { skills, errors } = this.forCwd(cwd, { forceReload });
      return { cwd: resolve(cwd), skills, errors };
    });
  }
}
