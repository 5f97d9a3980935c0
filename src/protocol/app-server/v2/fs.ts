// fs/*: the host's files for a client (read, write, list, copy, remove, watch), and command/exec: a command
// under a sandbox without a model turn, optionally streaming and interactive.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { SandboxPolicy } from "./common.js";

/** The protocol's AbsolutePathBuf: the handlers refuse a relative one as Codex does (-32600). */
export const AbsolutePath = lazySchema(() => z.string());

export const FsPathParams = lazySchema(() => z.object({ path: AbsolutePath }));
export const FsReadFileResponse = lazySchema(() => z.object({ dataBase64: z.string() }));
export const FsWriteFileParams = lazySchema(() => z.object({ path: AbsolutePath, dataBase64: z.string() }));
export const FsCreateDirectoryParams = lazySchema(() =>
  z.object({ path: AbsolutePath, recursive: z.boolean().nullish() }),
);
export const FsGetMetadataResponse = lazySchema(() =>
  z.object({
    isDirectory: z.boolean(),
    isFile: z.boolean(),
    isSymlink: z.boolean(),
    createdAtMs: z.number().int(),
    modifiedAtMs: z.number().int(),
  }),
);
export const FsReadDirectoryResponse = lazySchema(() =>
  z.object({
    entries: z.array(z.object({ fileName: z.string(), isDirectory: z.boolean(), isFile: z.boolean() })),
  }),
);
export const FsRemoveParams = lazySchema(() =>
  z.object({
    path: AbsolutePath,
    recursive: z.boolean().nullish(),
    force: z.boolean().nullish(),
  }),
);
export const FsCopyParams = lazySchema(() =>
  z.object({
    sourcePath: AbsolutePath,
    destinationPath: AbsolutePath,
    recursive: z.boolean().optional(),
  }),
);
export const FsWatchParams = lazySchema(() => z.object({ path: AbsolutePath, watchId: z.string() }));
export const FsWatchResponse = lazySchema(() => z.object({ path: z.string() }));
export const FsUnwatchParams = lazySchema(() => z.object({ watchId: z.string() }));
export const FsChangedNotification = lazySchema(() =>
  z.object({ watchId: z.string(), changedPaths: z.array(z.string()) }),
);

export const TerminalSize = lazySchema(() =>
  z.object({
    cols: z.number().int().min(1).max(65535),
    rows: z.number().int().min(1).max(65535),
  }),
);
export const CommandExecParams = lazySchema(() =>
  z.object({
    command: z.array(z.string()),
    cwd: z.string().nullish(),
    env: z.record(z.string(), z.string().nullable()).nullish(),
    processId: z.string().nullish(),
    sandboxPolicy: SandboxPolicy.nullish(),
    size: TerminalSize.nullish(),
    tty: z.boolean().optional(),
    streamStdin: z.boolean().optional(),
    streamStdoutStderr: z.boolean().optional(),
    timeoutMs: z.number().int().min(0).nullish(),
    disableTimeout: z.boolean().optional(),
    outputBytesCap: z.number().int().min(0).nullish(),
    disableOutputCap: z.boolean().optional(),
  }),
);
export type CommandExecParams = z.infer<typeof CommandExecParams>;
export const CommandExecResponse = lazySchema(() =>
  z.object({
    exitCode: z.number().int(),
    stdout: z.string(),
    stderr: z.string(),
  }),
);
export const CommandExecWriteParams = lazySchema(() =>
  z.object({
    processId: z.string(),
    deltaBase64: z.string().nullish(),
    closeStdin: z.boolean().optional(),
  }),
);
export const CommandExecProcessParams = lazySchema(() => z.object({ processId: z.string() }));
export const CommandExecResizeParams = lazySchema(() =>
  z.object({ processId: z.string(), size: TerminalSize }),
);
export const CommandExecOutputDeltaNotification = lazySchema(() =>
  z.object({
    processId: z.string(),
    stream: z.enum(["stdout", "stderr"]),
    deltaBase64: z.string(),
    capReached: z.boolean(),
  }),
);
