// The handshake: initialize (client identity and capabilities) -> the server's identity.
// Written with zod/mini: the server answers `initialize` before it loads the rest of the protocol, and the
// full zod API is ~12x larger to load than this. Built at load, unlike the other v2 schemas: every
// connection parses its handshake with them.
import * as z from "zod/mini";

export const ClientInfo = z.object({ name: z.string(), title: z.nullish(z.string()), version: z.string() });

export const InitializeCapabilities = z.looseObject({
  experimentalApi: z.optional(z.boolean()),
  /** Notification methods this connection does not want to receive. */
  optOutNotificationMethods: z.nullish(z.array(z.string())),
});

export const InitializeParams = z.object({
  clientInfo: ClientInfo,
  capabilities: z.nullish(InitializeCapabilities),
});
export type InitializeParams = z.infer<typeof InitializeParams>;

export const InitializeResponse = z.object({
  userAgent: z.string(),
  codexHome: z.string(),
  /** "unix" or "windows". */
  platformFamily: z.string(),
  /** "linux", "macos" or "windows". */
  platformOs: z.string(),
});
export type InitializeResponse = z.infer<typeof InitializeResponse>;
