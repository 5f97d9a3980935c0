// Thread attachments and sections, in $CODEX_HOME/thread_organization.json (rewritten whole through a
// renamed temporary file). Sections keep their threads in order; "Pinned" always exists, with the id
// Codex gives it.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ThreadAttachment, ThreadSection } from "../protocol/app-server/v2/thread-organize.js";

export const ORGANIZATION_FILE = "thread_organization.json";
export const PINNED_SECTION: ThreadSection = {
  id: "01984de2-8f74-7c91-a3b2-5c5e937cf318",
  name: "Pinned",
  appearance: null,
};

interface Organization {
  sections: ThreadSection[];
  /** Section id -> its threads, in order. */
  members: Record<string, string[]>;
  attachments: Array<ThreadAttachment & { threadId: string }>;
  /** Thread id -> when it entered its current section (Unix seconds). */
  entered: Record<string, number>;
}

export interface SectionPlacement {
  section: ThreadSection | null;
  sectionEnteredAt: number | null;
}

export class ThreadOrganizer {
  constructor(private readonly codexHome: string) {}

  read(): Organization {
    const path = join(this.codexHome, ORGANIZATION_FILE);
    let stored: Partial<Organization> = {};
    if (existsSync(path)) {
      try {
        stored = JSON.parse(readFileSync(path, "utf8")) as Partial<Organization>;
      } catch {
        stored = {};
      }
    }
    const sections = stored.sections ?? [];
    return {
      sections: sections.some((s) => s.id === PINNED_SECTION.id) ? sections : [PINNED_SECTION, ...sections],
      members: stored.members ?? {},
      attachments: stored.attachments ?? [],
      entered: stored.entered ?? {},
    };
  }

  /** The section a thread is in and since when; nulls when it is in none. */
  placement(threadId: string, org: Organization = this.read()): SectionPlacement {
    const id = threadId.toLowerCase();
    for (const [sectionId, threads] of Object.entries(org.members)) {
      if (!threads.some((t) => t.toLowerCase() === id)) continue;
      const section = org.sections.find((s) => s.id === sectionId);
      if (!section) continue;
      return { section: { ...section }, sectionEnteredAt: org.entered[threadId] ?? null };
    }
    return { section: null, sectionEnteredAt: null };
  }

  change<T>(edit: (org: Organization) => T): T {
    const org = this.read();
    const result = edit(org);
    const path = join(this.codexHome, ORGANIZATION_FILE);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(org, null, 2)}\n`);
    renameSync(tmp, path);
    return result;
  }

  newId(): string {
    return randomUUID();
  }

  /** Forgets a deleted thread everywhere. */
  forget(threadId: string): void {
    this.change((org) => {
      for (const id of Object.keys(org.members))
        org.members[id] = org.members[id]!.filter((t) => t !== threadId);
      org.attachments = org.attachments.filter((a) => a.threadId !== threadId);
      delete org.entered[threadId];
    });
  }
}
