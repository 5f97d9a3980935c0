// What is kept about a thread beside its rollout (goal and git metadata, read state, section placement),
// forgotten when the thread is deleted: by thread/delete and by `codex-ts delete` alike. A store whose file
// was never written is left alone (forgetting creates no files).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { METADATA_FILE, ThreadMetadataStore } from "./thread-metadata.js";
import { ORGANIZATION_FILE, ThreadOrganizer } from "./thread-organizer.js";
import { ThreadReadStateStore } from "./thread-read-states.js";

export function forgetThreadState(codexHome: string, ids: readonly string[]): void {
  const metadata = existsSync(join(codexHome, METADATA_FILE))
    ? new ThreadMetadataStore(codexHome)
    : undefined;
  const organizer = existsSync(join(codexHome, ORGANIZATION_FILE))
    ? new ThreadOrganizer(codexHome)
    : undefined;
  const readStates = new ThreadReadStateStore(codexHome);
  for (const id of ids) {
    metadata?.delete(id);
    readStates.delete(id);
    organizer?.forget(id);
  }
}
