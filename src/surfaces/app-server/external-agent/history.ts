// The record of imports (ours and those a client reports with import/recordHistory), newest first, in
// $CODEX_HOME/external-agent-imports.json. A damaged file reads as empty and is replaced on the next write.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ImportHistory } from "../../../protocol/app-server/v2/external-agent.js";

const HistoryFile = z.object({ imports: z.array(ImportHistory) });

export class ImportHistoryStore {
  private readonly path: string;

  constructor(private readonly codexHome: string) {
    this.path = join(codexHome, "external-agent-imports.json");
  }

  read(): ImportHistory[] {
    try {
      const parsed = HistoryFile.safeParse(JSON.parse(readFileSync(this.path, "utf8")));
      return parsed.success ? parsed.data.imports : [];
    } catch {
      return [];
    }
  }

  add(entry: ImportHistory): void {
    const imports = [entry, ...this.read()];
    mkdirSync(this.codexHome, { recursive: true });
    const temp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ imports }, null, 2));
    renameSync(temp, this.path);
  }
}
