// How the model's `cmd` becomes an argv and an environment.

export const DEFAULT_SHELL = "bash";

/** `[shell, "-lc", cmd]`, or `-c` without a login shell (which skips the profile scripts). */
export function shellArgv(cmd: string, shell: string = DEFAULT_SHELL, login = true): string[] {
  return [shell, login ? "-lc" : "-c", cmd];
}

/**
 * Set for every command: the model reads output, it does not look at a screen, so no colours and no pager
 * waiting for a key press.
 */
export const UNIFIED_EXEC_ENV: Readonly<Record<string, string>> = {
  NO_COLOR: "1",
  TERM: "dumb",
  PAGER: "cat",
  GIT_PAGER: "cat",
  GH_PAGER: "cat",
};

export function commandEnv(base: NodeJS.ProcessEnv): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) if (value !== undefined) env[key] = value;
  // Node's stdio pipes are sockets, and bash sources ~/.bashrc for a non-interactive shell whose input is a
  // socket when SHLVL is unset (taking it for an ssh session): a parent shell level says it is not one.
  env.SHLVL ??= "1";
  return { ...env, ...UNIFIED_EXEC_ENV };
}
