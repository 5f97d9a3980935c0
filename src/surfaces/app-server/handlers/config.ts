// config/read, config/value/write, config/batchWrite.
import { ConfigWriteError, writeUserConfig, type ConfigEditRequest } from "../../../config/config-write.js";
import { parseKeyPath } from "../../../config/toml-edit.js";
import type { ConfigWriteResponse } from "../../../protocol/app-server/v2/config.js";
import { buildConfigReadResponse } from "../config-read.js";
import type { ServerHost } from "../server-host.js";
import type { ServerServices } from "../services.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";

export const configRead: Handler<"config/read"> = (params, { services }) => {
  // Without a cwd only the global layers count, as in the real Codex.
  const config = params.cwd
    ? services.loadConfig(params.cwd)
    : services.loadConfig(undefined, {}, { projectConfig: false });
  return buildConfigReadResponse(config, params.includeLayers ?? false);
};

/** Writes, then says whether a higher layer (a profile, a -c flag) still overrides what was written. */
function write(
  { server, services }: { server: ServerHost; services: ServerServices },
  edits: ConfigEditRequest[],
  options: { filePath?: string | null | undefined; expectedVersion?: string | null | undefined },
): ConfigWriteResponse {
  let written;
  try {
    written = writeUserConfig(server.codexHome, edits, {
      filePath: options.filePath ?? null,
      expectedVersion: options.expectedVersion ?? null,
    });
  } catch (err) {
    if (err instanceof ConfigWriteError) throw badRequest(err.message, { code: err.code });
    throw err;
  }
  const effective = buildConfigReadResponse(
    services.loadConfig(undefined, {}, { projectConfig: false }),
    false,
  );
  for (const edit of edits) {
    const origin = effective.origins[parseKeyPath(edit.keyPath).join(".")];
    if (origin && !(origin.name.type === "user" && !origin.name.profile)) {
      return {
        status: "okOverridden",
        version: written.version,
        filePath: written.filePath,
        overriddenMetadata: {
          message: `${edit.keyPath} is overridden by a higher-precedence layer (${origin.name.type})`,
          overridingLayer: origin,
          effectiveValue: valueAt(effective.config, parseKeyPath(edit.keyPath)),
        },
      };
    }
  }
  return { status: "ok", version: written.version, filePath: written.filePath, overriddenMetadata: null };
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return node ?? null;
}

export const configValueWrite: Handler<"config/value/write"> = (params, ctx) =>
  write(ctx, [{ keyPath: params.keyPath, value: params.value, mergeStrategy: params.mergeStrategy }], params);

export const configBatchWrite: Handler<"config/batchWrite"> = (params, ctx) =>
  write(ctx, params.edits, params);
