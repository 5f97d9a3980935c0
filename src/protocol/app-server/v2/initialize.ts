// The handshake: initialize (client identity and capabilities) -> the server's identity.
import { z } from "zod";

export const ClientInfo = z.object({ name: z.string(), title: z.string().nullish(), version: z.string() });

export const InitializeCapabilities = z
  .object({
    experimentalApi: z.boolean().optional(),
    /** Notification methods this connection does not want to receive. */
    optOutNotificationMethods: z.array(z.string()).nullish(),
  })
  .loose();

export const InitializeParams = z.object({
  clientInfo: ClientInfo,
  capabilities: InitializeCapabilities.nullish(),
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
