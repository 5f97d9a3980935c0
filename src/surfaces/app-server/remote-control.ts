// remoteControl/status/changed: what Codex tells a client right after initialize. codex-ts has no remote
// control, so the status is always `disabled`; the identity is this machine's name and the installation id
// kept in $CODEX_HOME/installation_id (the same file Codex keeps, so both name this home alike).
import { randomUUID } from "node:crypto";
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids this process has read or made, by home: initialize asks for one on every connection. */
const known = new Map<string, string>();

/** The home's installation id, read or made on the first call for that home, then remembered. */
export function installationId(codexHome: string): string {
  let id = known.get(codexHome);
  if (id === undefined) {
    id = readOrMake(codexHome);
    known.set(codexHome, id);
  }
  return id;
}

/** Read, or made once (created whole and exclusively, so two servers agree). */
function readOrMake(codexHome: string): string {
  const file = join(codexHome, "installation_id");
  const read = (): string | undefined => {
    try {
      const text = readFileSync(file, "utf8").trim();
      return UUID.test(text) ? text : undefined;
    } catch {
      return undefined;
    }
  };
  const existing = read();
  if (existing) return existing;
  // Written whole to a file of its own, then linked into place: a reader never sees it half-written, and
  // the link fails when another process got there first. A damaged file is replaced by a rename.
  const made = randomUUID();
  const temp = `${file}.${process.pid}.${made}.tmp`;
  try {
    writeFileSync(temp, made, { flag: "wx", mode: 0o644 });
    try {
      linkSync(temp, file);
      return made;
    } catch {
      const theirs = read();
      if (theirs) return theirs;
      renameSync(temp, file);
      return made;
    }
  } catch {
    // The home is missing or read-only: this process's id, not kept.
    return read() ?? made;
  } finally {
    rmSync(temp, { force: true });
  }
}

export function remoteControlStatus(
  codexHome: string,
): Extract<ServerNotification, { method: "remoteControl/status/changed" }> {
  return {
    method: "remoteControl/status/changed",
    params: {
      status: "disabled",
      serverName: hostname(),
      installationId: installationId(codexHome),
      environmentId: null,
    },
  };
}
