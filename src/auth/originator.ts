// The `originator` header names the client. CODEX_INTERNAL_ORIGINATOR_OVERRIDE always wins; otherwise the
// default holds until the first setDefaultOriginator(), after which the value is fixed for the process.
export const DEFAULT_ORIGINATOR = "codex_cli_ts";
export const ORIGINATOR_OVERRIDE_ENV = "CODEX_INTERNAL_ORIGINATOR_OVERRIDE";

let chosen: string | undefined;

export class OriginatorAlreadySetError extends Error {
  constructor(current: string) {
    super(`originator already set to '${current}'`);
  }
}

export function originator(env: NodeJS.ProcessEnv = process.env): string {
  const override = env[ORIGINATOR_OVERRIDE_ENV];
  if (override && override.trim() !== "") return override;
  return chosen ?? DEFAULT_ORIGINATOR;
}

export function setDefaultOriginator(value: string): void {
  if (chosen !== undefined) throw new OriginatorAlreadySetError(chosen);
  chosen = value;
}

/** For tests: forget the chosen value. */
export function resetOriginatorForTests(): void {
  chosen = undefined;
}
