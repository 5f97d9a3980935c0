// Skills per working directory, discovered once and kept until someone asks for a reload (`list_skills` with
// `force_reload`). Shared by `list_skills` and the turns, so both see the same list.
import { resolve } from "node:path";
import type { Config } from "../config/load.js";
import type { UserHome } from "../config/user-home.js";
import { DEFAULT_ROOT_MARKERS, rootMarkersOf } from "../config/repo-folders.js";
import type { SkillsListEntry } from "../protocol/core-protocol.js";
import { discoverSkills, type SkillsOutcome } from "./discover-skills.js";

export class SkillsManager {
  private readonly byCwd = new Map<string, SkillsOutcome>();
  private extraRoots: string[] = [];

  constructor(
    /** CODEX_HOME, or a config (whose `--ignore-user-config` leaves the user's skill toggles out). */
    private readonly home: UserHome,
    /** What marks the project root, up to which repo skills are looked for (`project_root_markers`). */
    readonly rootMarkers: readonly string[] = DEFAULT_ROOT_MARKERS,
  ) {}

  /**
   * The manager for a config: its CODEX_HOME and its root markers, which the system and user files set (a
   * project's own file cannot move its root, as for project config, hooks and rules).
   */
  static forConfig(config: Pick<Config, "codexHome" | "layers" | "ignoreUserConfig">): SkillsManager {
    const home = {
      codexHome: config.codexHome,
      ...(config.ignoreUserConfig ? { ignoreUserConfig: true } : {}),
    };
    return new SkillsManager(home, skillRootMarkers(config));
  }

  forCwd(cwd: string, options: { forceReload?: boolean } = {}): SkillsOutcome {
    const key = resolve(cwd);
    let outcome = options.forceReload ? undefined : this.byCwd.get(key);
    if (!outcome) {
      outcome = discoverSkills(this.home, key, this.extraRoots, this.rootMarkers);
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

/** The root markers skills follow for a config (default `.git`). */
export function skillRootMarkers(config: Pick<Config, "layers">): readonly string[] {
  return rootMarkersOf(config.layers) ?? DEFAULT_ROOT_MARKERS;
}
