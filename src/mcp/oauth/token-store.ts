// OAuth credentials for HTTP MCP servers, kept in $CODEX_HOME/mcp-oauth.json (mode 0600) by server URL: the
// client registration (dynamic or given) and the latest tokens. Written whole to a temporary file that is
// renamed over the old one, so a reader never sees half a file; a damaged file reads as empty.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

export interface StoredServerAuth {
  clientInformation?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /** When the tokens were saved (ms), to tell their age. */
  savedAtMs?: number;
}

type StoreFile = Record<string, StoredServerAuth>;

export class McpOAuthStore {
  readonly path: string;

  constructor(codexHome: string) {
    this.path = join(codexHome, "mcp-oauth.json");
  }

  private readAll(): StoreFile {
    try {
      const value: unknown = JSON.parse(readFileSync(this.path, "utf8"));
      return typeof value === "object" && value !== null ? (value as StoreFile) : {};
    } catch {
      return {};
    }
  }

  get(serverUrl: string): StoredServerAuth {
    return this.readAll()[serverUrl] ?? {};
  }

  update(serverUrl: string, change: (current: StoredServerAuth) => StoredServerAuth): void {
    const all = this.readAll();
    all[serverUrl] = change(all[serverUrl] ?? {});
    this.writeAll(all);
  }

  /** Forgets a server's login (tokens and client registration); false when it had no tokens. */
  remove(serverUrl: string): boolean {
    const all = this.readAll();
    const entry = all[serverUrl];
    if (!entry) return false;
    delete all[serverUrl];
    this.writeAll(all);
    return entry.tokens !== undefined;
  }

  private writeAll(all: StoreFile): void {
    mkdirSync(join(this.path, ".."), { recursive: true });
    const temp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(all, null, 2), { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, this.path);
  }
}
