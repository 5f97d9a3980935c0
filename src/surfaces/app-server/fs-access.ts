// Where fs/* and command/exec may write: the writable area of the server's sandbox policy (its default
// config for the server's cwd), the same area a turn's patches and commands get. Reads are not limited, as
// no Codex sandbox limits reading.
import { realpathSync } from "node:fs";
import { dirname, basename, join } from "node:path";
import type { SandboxPolicy } from "../../protocol/policies.js";
import { isWithin } from "../../sandbox/writable-roots.js";
import { writableAreaForPolicy } from "../../tools/apply-patch/run-apply-patch.js";
import { badRequest } from "./errors.js";

/** `path` with its existing part resolved through symlinks (a link cannot lead a write out of the area). */
function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(canonical(parent), basename(path));
  }
}

export function assertWritable(
  path: string,
  policy: SandboxPolicy,
  cwd: string,
  env: NodeJS.ProcessEnv,
): void {
  if (policy.type === "danger-full-access") return;
  const area = writableAreaForPolicy(policy, cwd, env);
  const real = canonical(path);
  const inside = area.roots.some((root) => isWithin(real, root));
  const protectedPath = area.readOnly.find((ro) => isWithin(real, ro));
  if (!inside || protectedPath) {
    throw badRequest(
      `${path} is outside the sandbox's writable area (sandbox ${policy.type}` +
        `${protectedPath ? `; ${protectedPath} is read-only` : ""})`,
      { code: "sandboxDenied" },
    );
  }
}
