// What a client sets on a thread beside its rollout: its goal and its git metadata (thread/goal/*,
// thread/metadata/update), in $CODEX_HOME/thread_metadata.json keyed by thread id. Each change rewrites the
// file whole (a temporary file renamed over it), so a crash never leaves half a file.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ThreadGoal, GitInfo } from "../protocol/app-server/v2/thread-extra.js";

export const METADATA_FILE = "thread_metadata.json";

export interface ThreadMetadata {
  goal?: ThreadGoal;
  gitInfo?: GitInfo;
}

export class ThreadMetadataStore {
  constructor(private readonly codexHome: string) {}

  get(threadId: string): ThreadMetadata {
    return this.readAll()[threadId.toLowerCase()] ?? {};
  }

  update(threadId: string, change: (current: ThreadMetadata) => ThreadMetadata): ThreadMetadata {
    const all = this.readAll();
    const key = threadId.toLowerCase();
    const next = change(all[key] ?? {});
    if (next.goal === undefined && next.gitInfo === undefined) delete all[key];
    else all[key] = next;
    const path = join(this.codexHome, METADATA_FILE);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`);
    renameSync(tmp, path);
    return next;
  }

  delete(threadId: string): void {
    this.update(threadId, () => ({}));
  }

  private readAll(): Record<string, ThreadMetadata> {
    const path = join(this.codexHome, METADATA_FILE);
    if (!existsSync(path)) return {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
      return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, ThreadMetadata>) : {};
    } catch {
      return {};
    }
  }
}
