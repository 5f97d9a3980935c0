// A session's command gate, from its config: the environment commands get, the sandbox, the command rules.
import type { Config } from "../../config/load.js";
import type { Policy } from "../../execpolicy/policy.js";
import { userRulesFile } from "../../execpolicy/load.js";
import { detectBwrap } from "../../sandbox/detect.js";
import { modelSecretsFrom } from "../../sandbox/env-policy.js";
import { CommandGate } from "./command-gate.js";

export interface SessionGateOptions {
  config: Config;
  env: NodeJS.ProcessEnv;
  rules?: Policy;
  /** A warning shown once per key (a missing sandbox, say). */
  warnOnce: (key: string, message: string) => void;
  warn: (message: string) => void;
}

export function sessionCommandGate(options: SessionGateOptions): CommandGate {
  const { config, env } = options;
  return new CommandGate({
    codexHome: config.codexHome,
    parentEnv: env,
    modelSecrets: modelSecretsFrom(env, config.provider.envKey),
    ...(config.toml.shell_environment_policy
      ? { shellEnvironmentPolicy: config.toml.shell_environment_policy }
      : {}),
    bwrap: detectBwrap,
    ...(options.rules ? { rules: options.rules } : {}),
    userRulesFile: userRulesFile(config.codexHome),
    warnOnce: options.warnOnce,
    ...(config.toml.sandbox_workspace_write?.allowed_domains
      ? { allowedDomains: config.toml.sandbox_workspace_write.allowed_domains }
      : {}),
    warn: options.warn,
    ...(config.readDenial ? { readDenial: config.readDenial } : {}),
  });
}
