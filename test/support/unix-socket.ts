// Waiting for an app-server's Unix socket: the server makes its directory, then lays the socket's symlink
// once clients can connect.
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { waitForFile } from "./wait-for-file.js";

/** Resolves once `path` exists, its directory included (made by the server, perhaps not yet). */
export async function waitForSocket(path: string, timeoutMs = 20_000): Promise<void> {
  const dir = dirname(path);
  if (!existsSync(dir)) await waitForFile(dir, timeoutMs);
  await waitForFile(path, timeoutMs);
}
