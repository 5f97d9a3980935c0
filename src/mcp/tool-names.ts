// Names the model calls MCP tools by: SERVER__TOOL, kept to the API's `^[a-zA-Z0-9_-]{1,64}$`. A name too long,
// or taken by another tool, gets a hash of its full identity instead of its tail, so the result depends only
// on the set of tools, never on the order servers became ready.
import { createHash } from "node:crypto";

export const MAX_TOOL_NAME_LENGTH = 64;
const SEPARATOR = "__";
const HASH_LENGTH = 8;

export interface ToolIdentity {
  server: string;
  tool: string;
}

export function sanitizeNamePart(part: string): string {
  const cleaned = part.replace(/[^a-zA-Z0-9_-]/g, "_");
  return cleaned === "" ? "_" : cleaned;
}

function hashOf(identity: ToolIdentity, salt: number): string {
  return createHash("sha256")
    .update(`${identity.server}\0${identity.tool}\0${salt}`)
    .digest("hex")
    .slice(0, HASH_LENGTH);
}

function key(identity: ToolIdentity): string {
  return `${identity.server}\0${identity.tool}`;
}

/**
 * Qualified names for a set of tools, keyed by `server\0tool`. `reserved` holds names already in use
 * (built-in tools), which MCP tools never take.
 */
export function qualifyToolNames(
  identities: readonly ToolIdentity[],
  reserved: ReadonlySet<string> = new Set(),
): Map<string, string> {
  const sorted = [...identities].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const taken = new Set(reserved);
  const names = new Map<string, string>();
  // Plain names first, so a hashed name never takes the plain name of a tool later in the order.
  const plain = (id: ToolIdentity) =>
    `${sanitizeNamePart(id.server)}${SEPARATOR}${sanitizeNamePart(id.tool)}`;
  const counts = new Map<string, number>();
  for (const id of sorted) counts.set(plain(id), (counts.get(plain(id)) ?? 0) + 1);
  for (const id of sorted) {
    const name = plain(id);
    if (name.length <= MAX_TOOL_NAME_LENGTH && counts.get(name) === 1 && !taken.has(name)) {
      names.set(key(id), name);
      taken.add(name);
    }
  }
  for (const id of sorted) {
    if (names.has(key(id))) continue;
    const base = plain(id).slice(0, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1);
    let salt = 0;
    let name = `${base}_${hashOf(id, salt)}`;
    while (taken.has(name)) name = `${base}_${hashOf(id, ++salt)}`;
    names.set(key(id), name);
    taken.add(name);
  }
  return names;
}

export function toolKey(server: string, tool: string): string {
  return key({ server, tool });
}
