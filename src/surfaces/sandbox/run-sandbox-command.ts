// `codex-ts sandbox linux -- CMD`: runs one command under the configured sandbox policy, exactly as the
// agent's commands run (same plan, same environment policy), so users can test their setup.
import { spawn } from "node:child_process";
import { bwrapPlanInput, detectBwrap } from "../../sandbox/detect.js";
import { buildCommandEnv, modelSecretsFrom } from "../../sandbox/env-policy.js";
import { networkForPolicy } from "../../sandbox/command-network.js";
import { denialPlanInput } from "../../sandbox/expand-read-denial.js";
import { planExec } from "../../sandbox/plan.js";
import { placeholderCleanupFor } from "../../sandbox/placeholder-cleanup.js";
import { loadCliConfig, type SharedFlags } from "../shared/cli-config.js";

export async function runSandboxCommand(command: string[], flags: SharedFlags): Promise<number> {
  if (command.length === 0) {
    process.stderr.write("codex-ts sandbox: give the command to run after `--`\n");
    return 2;
  }
  // Read-only unless a flag or the config says otherwise, as for `codex sandbox`.
  const config = loadCliConfig(flags, { sandbox_mode: "read-only" });
  const env = buildCommandEnv(
    config.toml.shell_environment_policy,
    process.env,
    modelSecretsFrom(process.env, config.provider.envKey),
  );
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
    cwd: process.cwd(),
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
  const code = await runPlanned(plan.argv, plan.env, command);
  const note = await network.finish?.();
  if (note !== undefined) process.stderr.write(`codex-ts sandbox: ${note}\n`);
  return code;
}

function runPlanned(argv: string[], env: Record<string, string>, command: string[]): Promise<number> {
  const [file, ...args] = argv;
  return new Promise((resolve) => {
    const child = spawn(file ?? command[0] ?? "", args, { env, stdio: "inherit" });
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
