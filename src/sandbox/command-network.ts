// The allowlist proxy's lifetime for one sandboxed command: started before the command is planned (its
// socket path goes into the bwrap argv), closed when the command ends, and its denials turned into a note
// for the model. One proxy per command, so every denial belongs to the command that caused it.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllowlist } from "./domain-allowlist.js";
import { describeDenials, startNetworkProxy, type NetworkDenial } from "./network-proxy.js";
import type { SandboxPolicy } from "../protocol/policies.js";
import { wantsNetworkProxy, type NetworkProxyInput } from "./plan.js";

export const BRIDGE_NAME = "proxy-bridge.js";

/** `dist/proxy-bridge.js` of this package, found from wherever this module was loaded. */
export function defaultBridgePath(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "package.json"))) {
      const candidate = path.join(dir, "dist", BRIDGE_NAME);
      return existsSync(candidate) ? candidate : undefined;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export interface CommandNetwork {
  planInput: NetworkProxyInput;
  /** Closes the proxy; the note for the model when connections were refused. */
  finish: () => Promise<string | undefined>;
}

export type CommandNetworkResult = { ok: CommandNetwork } | { unavailable: string };

export async function startCommandNetwork(
  allowedDomains: readonly string[],
  onDenied: (denial: NetworkDenial) => void,
  bridgePath: string | undefined = defaultBridgePath(),
): Promise<CommandNetworkResult> {
  if (bridgePath === undefined) return { unavailable: `the proxy bridge (dist/${BRIDGE_NAME}) is missing` };
  let proxy;
  try {
    proxy = await startNetworkProxy({ allowlist: parseAllowlist(allowedDomains), onDenied });
  } catch (err) {
    return { unavailable: `the network proxy could not start: ${(err as Error).message}` };
  }
  let finished: Promise<string | undefined> | undefined;
  return {
    ok: {
      planInput: { socketPath: proxy.socketPath, bridgeArgv: [process.execPath, bridgePath] },
      finish: () => (finished ??= proxy.close().then(() => describeDenials(proxy.denials))),
    },
  };
}

/** What the user reads, as it happens, for each refused connection. */
export function denialWarning(denial: NetworkDenial): string {
  return `sandbox: network access to ${denial.host}:${denial.port} was denied (not in sandbox_workspace_write.allowed_domains)`;
}

export interface PolicyNetwork {
  /** Spread into planExec's input. */
  planInput: { networkProxy?: NetworkProxyInput; networkProxyUnavailableReason?: string };
  finish?: () => Promise<string | undefined>;
}

/**
 * The allowlist proxy for one command, when the policy asks for one and bwrap can isolate the network
 * (the plan falls back to network off otherwise, saying why). `warn` hears every refusal.
 */
export async function networkForPolicy(
  policy: SandboxPolicy,
  bwrapAvailable: boolean,
  warn: ((message: string) => void) | undefined,
): Promise<PolicyNetwork> {
  if (policy.type !== "workspace-write" || !wantsNetworkProxy(policy) || !bwrapAvailable) {
    return { planInput: {} };
  }
  const started = await startCommandNetwork(policy.allowed_domains ?? [], (denial) =>
    warn?.(denialWarning(denial)),
  );
  if ("unavailable" in started) return { planInput: { networkProxyUnavailableReason: started.unavailable } };
  return { planInput: { networkProxy: started.ok.planInput }, finish: started.ok.finish };
}
