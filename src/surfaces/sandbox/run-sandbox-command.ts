// `codex-ts sandbox [OPTIONS] CMD...` (and the older `sandbox linux -- CMD`): runs one command under a sandbox
// policy exactly as the agent's commands run (same plan, same environment policy), so users can test their
// setup. As in Codex 0.169 the policy is the permission profile `-P` names, else the config's
// `default_permissions`, else a `sandbox_mode` given with `-c` (a config file's is not read), else read-only.
import { spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { ConfigError, type Config } from "../../config/load.js";
import { bwrapPlanInput, detectBwrap } from "../../sandbox/detect.js";
import { buildCommandEnv, modelSecretsFrom } from "../../sandbox/env-policy.js";
import { networkForPolicy } from "../../sandbox/command-network.js";
import { denialPlanInput } from "../../sandbox/expand-read-denial.js";
import { planExec } from "../../sandbox/plan.js";
import { placeholderCleanupFor } from "../../sandbox/placeholder-cleanup.js";
import { loadCliConfig, type ConfigOverrideFlags } from "../shared/cli-config.js";

export interface SandboxFlags extends ConfigOverrideFlags {
  /** `-P NAME`: the permission profile, over any `sandbox_mode`. */
  permissionProfile?: string;
  profile?: string;
  cd?: string;
  /** Codex's managed requirements: codex-ts has no such layer, so there is nothing more to include. */
  includeManagedConfig?: boolean;
  sandboxStateJson?: string;
  sandboxStateReadableRoot?: string[];
  sandboxStateDisableNetwork?: boolean;
  /** Older Codex's `sandbox linux --full-auto`: workspace-write. */
  fullAuto?: boolean;
  /** The older `sandbox linux -s MODE`: the sandbox mode, over the config's. */
  sandbox?: string;
}

function fail(message: string): number {
  process.stderr.write(`Error: ${message}\n`);
  return 1;
}

export async function runSandboxCommand(command: string[], flags: SandboxFlags): Promise<number> {
  if (flags.sandboxStateJson !== undefined) {
    // Codex's MCP client sends this state to servers that ask for it; codex-ts's sends none, so none exists.
    return fail(
      "--sandbox-state-json is not supported: codex-ts sends no `codex/sandbox-state` to MCP servers, so " +
        "there is no such state to apply; choose the sandbox with -P NAME or -c instead",
    );
  }
  if (command.length === 0) return fail("sandbox command must not be empty");
  const cwd = resolve(flags.cd ?? ".");
  if (flags.cd !== undefined && !isDirectory(cwd)) return fail(`-C ${flags.cd}: no such directory`);
  let config: Config;
  try {
    config = loadSandboxConfig(flags, cwd);
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  const env = buildCommandEnv(
    config.toml.shell_environment_policy,
    process.env,
    modelSecretsFrom(process.env, config.provider.envKey),
  );
  const [program = ""] = command;
  if (!findExecutable(program, env.PATH ?? "", cwd)) {
    // Codex's wording and exit code for a command that cannot be started.
    process.stderr.write(`codex-ts sandbox: Failed to execvp ${program}: No such file or directory\n`);
    return 101;
  }
  const cleanup = placeholderCleanupFor(config.codexHome);
  let denial: Awaited<ReturnType<typeof denialPlanInput>>;
  try {
    denial = await denialPlanInput(config.readDenial, config.codexHome);
  } catch (err) {
    process.stderr.write(`codex-ts sandbox: ${(err as Error).message}\n`);
    return 1;
  }
  const bwrap = await detectBwrap();
  const network = await networkForPolicy(config.sandboxPolicy, bwrap.available, (message) =>
    process.stderr.write(`codex-ts ${message}\n`),
  );
  const plan = planExec({
    policy: config.sandboxPolicy,
    command,
    cwd,
    rootsCwd: config.cwd,
    env,
    codexHome: config.codexHome,
    ...(cleanup ? { placeholderCleanup: cleanup } : {}),
    platform: process.platform,
    ...bwrapPlanInput(bwrap),
    ...network.planInput,
    ...denial,
  });
  if (plan.backend === "unavailable" || plan.networkProxied !== true) await network.finish?.();
  if (plan.backend === "unavailable") {
    process.stderr.write(`codex-ts sandbox: ${plan.reason}\n`);
    return 1;
  }
  if (plan.warning) process.stderr.write(`codex-ts sandbox: warning: ${plan.warning}\n`);
  const code = await runPlanned(plan.argv, plan.env, command, cwd);
  const note = await network.finish?.();
  if (note !== undefined) process.stderr.write(`codex-ts sandbox: ${note}\n`);
  return code;
}

function loadSandboxConfig(flags: SandboxFlags, cwd: string): Config {
  const profile = flags.permissionProfile;
  // -P last, over any `-c default_permissions` (and, below, over every `sandbox_mode`).
  const config = [
    ...(flags.config ?? []),
    ...(profile !== undefined ? [`default_permissions=${JSON.stringify(profile)}`] : []),
  ];
  return loadCliConfig(
    {
      config,
      ...(flags.enable ? { enable: flags.enable } : {}),
      ...(flags.disable ? { disable: flags.disable } : {}),
      ...(flags.profile !== undefined ? { profile: flags.profile } : {}),
      ...(flags.fullAuto ? { fullAuto: true } : {}),
      ...(flags.sandbox !== undefined ? { sandbox: flags.sandbox } : {}),
      cd: cwd,
    },
    {},
    {},
    { ignoreSandboxModeIn: profile !== undefined ? "all" : "files" },
  );
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `program` can be started: a path (from `cwd`) or a name found on `path`. */
function findExecutable(program: string, path: string, cwd: string): boolean {
  const candidates = program.includes("/")
    ? [resolve(cwd, program)]
    : path.split(delimiter).map((dir) => join(resolve(cwd, dir || "."), program));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

function runPlanned(
  argv: string[],
  env: Record<string, string>,
  command: string[],
  cwd: string,
): Promise<number> {
  const [file, ...args] = argv;
  return new Promise((resolve) => {
    const child = spawn(file ?? command[0] ?? "", args, { env, cwd, stdio: "inherit" });
    child.on("error", (error) => {
      process.stderr.write(`codex-ts sandbox: could not start ${file}: ${error.message}\n`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 + signalNumber(signal) : 1)));
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15, SIGSYS: 31 };
  return numbers[signal] ?? 0;
}
