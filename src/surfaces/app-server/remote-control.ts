// remoteControl/status/changed: what Codex tells a client right after initialize. codex-ts has no remote
// control, so the status is always `disabled`; the identity is this machine's name and the installation id
// kept in $CODEX_HOME/installation_id (the same file Codex keeps, so both name this home alike).
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The home's installation id: read, or made once (exclusive create, so two servers agree on one). */
export function installationId(codexHome: string): string {
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
  const made = randomUUID();
  try {
    writeFileSync(file, made, { flag: "wx" });
    return made;
  } catch {
    // Another process wrote it first (or the home is missing or read-only): theirs if readable, else this one.
    return read() ?? made;
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
