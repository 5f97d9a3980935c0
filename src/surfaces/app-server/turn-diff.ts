// The turn-level unified diff (`turn/diff/updated`): every file change the turn applied, one git-style
// section per file, in the order they were applied.
import type { FileChange } from "../../protocol/core-protocol.js";

function lines(text: string): string[] {
  const all = text.split("\n");
  if (all.at(-1) === "") all.pop();
  return all;
}

export function fileDiffSection(path: string, change: FileChange): string {
  const shown = path.replace(/^\/+/, "");
  switch (change.type) {
    case "add": {
      const added = lines(change.content);
      return (
        [
          `diff --git a/${shown} b/${shown}`,
          "new file",
          "--- /dev/null",
          `+++ b/${shown}`,
          `@@ -0,0 +1,${added.length} @@`,
          ...added.map((l) => `+${l}`),
        ].join("\n") + "\n"
      );
    }
    case "delete": {
      const removed = lines(change.content);
      return (
        [
          `diff --git a/${shown} b/${shown}`,
          "deleted file",
          `--- a/${shown}`,
          "+++ /dev/null",
          `@@ -1,${removed.length} +0,0 @@`,
          ...removed.map((l) => `-${l}`),
        ].join("\n") + "\n"
      );
    }
    case "update": {
      const target = (change.move_path ?? path).replace(/^\/+/, "");
      return `diff --git a/${shown} b/${target}\n--- a/${shown}\n+++ b/${target}\n${change.unified_diff}`;
    }
  }
}

/** Accumulates one turn's applied changes. */
export class TurnDiff {
  private sections: string[] = [];

  reset(): void {
    this.sections = [];
  }

  /** Adds a successful patch's changes; returns the whole turn's diff so far. */
  add(changes: Record<string, FileChange>): string {
    for (const [path, change] of Object.entries(changes)) this.sections.push(fileDiffSection(path, change));
    return this.sections.join("");
  }
}
