// Methods of codex-ts's own beyond the Codex protocol, named `x-<area>/...` so no Codex method can clash.
// A surface adds them when it starts (e.g. `codex-ts web --redis URL` adds `x-fleet/`); without that they
// do not exist (-32601), like any unknown method.
import type { Connection } from "./connection.js";

export interface ExtensionContext {
  connection: Connection;
}

/** Validates its params itself (an `AppServerError` becomes the JSON-RPC error) and returns the result. */
export type ExtensionMethod = (params: unknown, ctx: ExtensionContext) => Promise<unknown>;

export type ExtensionMethods = ReadonlyMap<`x-${string}`, ExtensionMethod>;

/**
 * The methods, or how to get them when that takes start-up work (reading the config for a fleet, reaching its
 * Redis): the server then starts it once `initialize` is answered, and an `x-` request waits for it.
 */
export type ExtensionSource = ExtensionMethods | (() => Promise<ExtensionMethods | undefined>);
