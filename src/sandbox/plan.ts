// Decides how a command runs under a sandbox policy: which backend, with which argv and env.
// Pure given its inputs (filesystem questions go through `probe`), so every decision is unit-tested.
import path from "node:path";
import type { SandboxPolicy } from "../protocol/policies.js";
import { buildBwrapArgs, type BwrapArgsInput } from "./bwrap-args.js";
import type { DeniedPath } from "./expand-read-denial.js";
import { nodeFsProbe, type FsProbe } from "./fs-probe.js";
import { buildLandlockArgs } from "./landlock.js";
import { wrapWithPlaceholderCleanup, type PlaceholderCleanup } from "./placeholder-cleanup.js";
import { buildSeatbeltArgs } from "./seatbelt.js";
import { resolveSandboxPaths, type SandboxPaths } from "./writable-roots.js";

export type SandboxBackend = "direct" | "bwrap" | "landlock" | "seatbelt";

export interface RunnablePlan {
  backend: SandboxBackend;
  argv: string[];
  env: Record<string, string>;
  /** `["/"]` for direct: everything is writable. */
  writableRoots: string[];
  readOnlySubpaths: string[];
  /** Protected paths that do not exist and must not be created (see writable-roots.ts). */
  maskedSubpaths: string[];
  networkAllowed: boolean;
  /** The command reaches the network only through the allowlist proxy (`allowed_domains`). */
  networkProxied?: boolean;
  /** Something the user should hear once: the sandbox runs, but weaker than the policy asks. */
  warning?: string;
}

/** No sandbox can be had here; the caller must ask for approval instead of running unsandboxed. */
export interface UnavailablePlan {
  backend: "unavailable";
  reason: string;
}

export type ExecPlan = RunnablePlan | UnavailablePlan;

export interface PlanExecInput {
  policy: SandboxPolicy;
  command: string[];
  /** Where the command runs. */
  cwd: string;
  /** Whose writable roots apply (workspace-write): the turn's cwd. Default: `cwd`. */
  rootsCwd?: string;
  /** The command's environment, already filtered by the shell environment policy. */
  env: Record<string, string>;
  codexHome?: string;
  platform: NodeJS.Platform;
  bwrapAvailable: boolean;
  /** Why bwrap is unavailable (from detection), quoted in the plan's reason. */
  bwrapUnavailableReason?: string;
  bwrapPath?: string;
  /** From detection: where the wrapper opens the network-off seccomp filter (Unix sockets, ptrace). */
  seccompFilterPath?: string;
  /** From detection: the filter for commands that keep the network (ptrace and friends). */
  seccompNetworkOnFilterPath?: string;
  /** Removes the empty placeholders left for missing protected paths (see placeholder-cleanup.ts). */
  placeholderCleanup?: PlaceholderCleanup;
  /** From detection, when bwrap is unavailable: the Landlock helper that sandboxes instead. */
  landlockHelperPath?: string;
  /** From detection: why the Landlock helper cannot be used either. */
  landlockUnavailableReason?: string;
  /** From detection: why there is no filter, quoted in the plan's warning. */
  seccompUnavailableReason?: string;
  probe?: FsProbe;
  /**
   * For a policy with `allowed_domains`: the proxy's Unix socket and how to run the bridge in front of the
   * command (`[node, dist/proxy-bridge.js]`). Without it such a policy runs with the network off.
   */
  networkProxy?: NetworkProxyInput;
  /** Why there is no proxy (quoted in the warning when the network falls back to off). */
  networkProxyUnavailableReason?: string;
  /**
   * What the permission profile denies, expanded for this command (see expand-read-denial.ts). Enforced
   * with bwrap under every policy, danger-full-access included; with no bwrap there is no sandbox for it.
   */
  deniedPaths?: readonly DeniedPath[];
  /** The empty mode-000 file bound over denied files (deny-placeholders.ts). */
  denyPlaceholder?: string;
  /**
   * A profile that does not read the whole filesystem: what it reads (bwrap only, like `deniedPaths`).
   * Not applied to danger-full-access, nor to commands approved to run outside the sandbox.
   */
  readableRoots?: readonly string[];
}

export interface NetworkProxyInput {
  socketPath: string;
  bridgeArgv: readonly string[];
}

/** The policy asks for an allowlist: network only through the proxy. */
export function wantsNetworkProxy(policy: SandboxPolicy): boolean {
  return policy.type === "workspace-write" && policy.network_access && policy.allowed_domains !== undefined;
}

/** Set for sandboxed commands so tools (and tests) can tell the network is off on purpose. */
export const NETWORK_DISABLED_ENV = "CODEX_SANDBOX_NETWORK_DISABLED";
export const SANDBOX_ENV = "CODEX_SANDBOX";

export function planExec(input: PlanExecInput): ExecPlan {
  const { policy, command } = input;
  if (command.length === 0) throw new Error("cannot plan an empty command");
  const denied = input.deniedPaths ?? [];
  const limitsReads = input.readableRoots !== undefined && policy.type !== "danger-full-access";
  if ((denied.length > 0 || limitsReads) && (input.platform !== "linux" || !input.bwrapAvailable)) {
    const why = input.platform === "linux" ? (input.bwrapUnavailableReason ?? "bwrap is not available") : "";
    const what =
      denied.length > 0
        ? `denies reading ${denied[0]?.path ?? ""}${denied.length > 1 ? ` and ${denied.length - 1} more` : ""}`
        : "limits reads to the paths it names";
    return {
      backend: "unavailable",
      reason:
        `the permission profile ${what}, which only bubblewrap can enforce` +
        (why ? ` (${why})` : ` (not on ${input.platform})`),
    };
  }
  if (policy.type === "danger-full-access" && denied.length > 0) return planDenyOnly(input, denied);
  if (policy.type === "danger-full-access") {
    return {
      backend: "direct",
      argv: [...command],
      env: { ...input.env },
      writableRoots: ["/"],
      readOnlySubpaths: [],
      maskedSubpaths: [],
      networkAllowed: true,
    };
  }

  const paths = sandboxPathsFor(policy, input);
  const proxy = proxyFor(input);
  // With an allowlist the network is either proxied (bwrap) or off: never fully on.
  const networkAllowed =
    policy.type === "workspace-write" && policy.network_access && !wantsNetworkProxy(policy);
  const env = { ...input.env };
  if (!networkAllowed && proxy === undefined) env[NETWORK_DISABLED_ENV] = "1";
  const common = { ...paths, networkAllowed };

  switch (input.platform) {
    case "linux": {
      if (!input.bwrapAvailable) {
        const detail = input.bwrapUnavailableReason ?? "bubblewrap (bwrap) is not available";
        if (input.landlockHelperPath !== undefined)
          return planLandlock(input, input.landlockHelperPath, env, common, detail);
        const fallback = input.landlockUnavailableReason ? `; ${input.landlockUnavailableReason}` : "";
        return { backend: "unavailable", reason: `cannot sandbox on Linux: ${detail}${fallback}` };
      }
      if (proxy === undefined) {
        const seccompFilterPath = networkAllowed ? input.seccompNetworkOnFilterPath : input.seccompFilterPath;
        const argv = withCleanup(
          input,
          common.maskedSubpaths,
          buildBwrapArgs({
            ...common,
            command,
            cwd: input.cwd,
            bwrapPath: input.bwrapPath,
            seccompFilterPath,
            ...denyInput(input),
          }),
        );
        const plan: RunnablePlan = { backend: "bwrap", argv, env, ...common };
        const warnings = [
          ...(seccompFilterPath === undefined ? [noSeccompWarning(input, networkAllowed)] : []),
          ...(wantsNetworkProxy(policy) ? [noProxyWarning(input)] : []),
        ];
        if (warnings.length > 0) plan.warning = warnings.join("; ");
        return plan;
      }
      return planProxiedBwrap(input, proxy, env, common);
    }
    case "darwin": {
      env[SANDBOX_ENV] = "seatbelt";
      // Seatbelt rules name paths, existing or not: a missing protected path is simply one more exclusion.
      const readOnlySubpaths = [...common.readOnlySubpaths, ...common.maskedSubpaths];
      const argv = buildSeatbeltArgs({ ...common, readOnlySubpaths, command });
      const plan: RunnablePlan = { backend: "seatbelt", argv, env, ...common };
      if (wantsNetworkProxy(policy))
        plan.warning =
          "allowed_domains is only enforced on Linux with bwrap: sandboxed commands run with the network off";
      return plan;
    }
    default:
      return { backend: "unavailable", reason: `no sandbox backend for platform "${input.platform}"` };
  }
}

/**
 * bwrap with its own network namespace (nothing but loopback) and the proxy's socket: the bridge runs
 * first inside the sandbox and hands the command a loopback proxy port. The seccomp filter is the
 * network-on one, because the bridge must listen on loopback and connect to the socket; the namespace,
 * not the filter, is what leaves no other route out.
 */
function planProxiedBwrap(
  input: PlanExecInput,
  proxy: NetworkProxyInput,
  env: Record<string, string>,
  common: SandboxPaths & { networkAllowed: boolean },
): RunnablePlan {
  const seccompFilterPath = input.seccompNetworkOnFilterPath;
  // The socket's directory may lie in a writable root (/tmp): read-only, so no command can swap the socket.
  const socketDir = path.dirname(proxy.socketPath);
  const readOnlySubpaths = [...common.readOnlySubpaths, socketDir];
  const argv = withCleanup(
    input,
    common.maskedSubpaths,
    buildBwrapArgs({
      ...common,
      readOnlySubpaths,
      networkProxied: true,
      command: [...proxy.bridgeArgv, proxy.socketPath, "--", ...input.command],
      cwd: input.cwd,
      bwrapPath: input.bwrapPath,
      seccompFilterPath,
      // The bridge (node and its script) runs inside, whatever the profile reads.
      ...denyInput(
        input,
        proxy.bridgeArgv.filter((p) => path.isAbsolute(p)),
      ),
    }),
  );
  const plan: RunnablePlan = { backend: "bwrap", argv, env, ...common, networkProxied: true };
  if (seccompFilterPath === undefined) plan.warning = noSeccompWarning(input, true);
  return plan;
}

function denyInput(
  input: PlanExecInput,
  alsoReadable: readonly string[] = [],
): Pick<BwrapArgsInput, "deniedPaths" | "denyPlaceholder" | "readableRoots"> {
  const denied = input.deniedPaths ?? [];
  const readable = input.readableRoots;
  return {
    ...(readable !== undefined ? { readableRoots: [...readable, ...alsoReadable] } : {}),
    ...(denied.length > 0 ? { deniedPaths: denied } : {}),
    ...(denied.length > 0 && input.denyPlaceholder ? { denyPlaceholder: input.denyPlaceholder } : {}),
  };
}

/**
 * Full access but for what the profile denies: everything writable, the host network, and the denied
 * paths masked. Used for danger-full-access and for commands approved to run outside the sandbox.
 */
function planDenyOnly(input: PlanExecInput, denied: readonly DeniedPath[]): RunnablePlan {
  const common = { writableRoots: ["/"], readOnlySubpaths: [], maskedSubpaths: [], networkAllowed: true };
  const argv = buildBwrapArgs({
    ...common,
    command: input.command,
    cwd: input.cwd,
    bwrapPath: input.bwrapPath,
    seccompFilterPath: input.seccompNetworkOnFilterPath,
    deniedPaths: denied,
    ...(input.denyPlaceholder ? { denyPlaceholder: input.denyPlaceholder } : {}),
  });
  return { backend: "bwrap", argv, env: { ...input.env }, ...common };
}

function proxyFor(input: PlanExecInput): NetworkProxyInput | undefined {
  if (!wantsNetworkProxy(input.policy)) return undefined;
  if (input.platform !== "linux" || !input.bwrapAvailable) return undefined;
  return input.networkProxy;
}

function noProxyWarning(input: PlanExecInput): string {
  const reason = input.networkProxyUnavailableReason ?? "the network proxy is not available";
  return `allowed_domains is set but ${reason}: sandboxed commands run with the network off`;
}

function planLandlock(
  input: PlanExecInput,
  helperPath: string,
  env: Record<string, string>,
  common: SandboxPaths & { networkAllowed: boolean },
  bwrapProblem: string,
): RunnablePlan {
  const seccompFilterPath = common.networkAllowed
    ? input.seccompNetworkOnFilterPath
    : input.seccompFilterPath;
  const argv = withCleanup(
    input,
    common.maskedSubpaths,
    buildLandlockArgs({
      helperPath,
      command: input.command,
      writePaths: common.writableRoots,
      readOnlyPaths: common.readOnlySubpaths,
      maskedPaths: common.maskedSubpaths,
      ...(seccompFilterPath !== undefined ? { seccompFilterPath } : {}),
    }),
  );
  const gaps = [
    "no separate PID or network namespace",
    ...(seccompFilterPath === undefined ? ["no seccomp filter (network and ptrace not restricted)"] : []),
    ...(wantsNetworkProxy(input.policy)
      ? ["allowed_domains needs bwrap's network namespace: network off"]
      : []),
  ];
  return {
    backend: "landlock",
    argv,
    env,
    ...common,
    warning: `${bwrapProblem}; sandboxing with Landlock + seccomp instead (${gaps.join("; ")})`,
  };
}

function withCleanup(input: PlanExecInput, masked: readonly string[], argv: string[]): string[] {
  return input.placeholderCleanup === undefined
    ? argv
    : wrapWithPlaceholderCleanup(argv, masked, input.placeholderCleanup);
}

function noSeccompWarning(input: PlanExecInput, networkAllowed: boolean): string {
  const reason = input.seccompUnavailableReason ?? "no filter was provided";
  if (networkAllowed) {
    return `sandbox is partial: no seccomp filter (${reason}); sandboxed commands can use ptrace`;
  }
  return (
    `network sandbox is partial: no seccomp filter (${reason}); sandboxed commands have no network ` +
    "but can still connect to Unix sockets they can see on disk (e.g. /var/run/docker.sock) and use ptrace"
  );
}

function sandboxPathsFor(policy: SandboxPolicy, input: PlanExecInput): SandboxPaths {
  if (policy.type !== "workspace-write")
    return { writableRoots: [], readOnlySubpaths: [], maskedSubpaths: [] };
  return resolveSandboxPaths({
    policy,
    cwd: input.rootsCwd ?? input.cwd,
    env: input.env,
    codexHome: input.codexHome,
    probe: input.probe ?? nodeFsProbe,
  });
}
