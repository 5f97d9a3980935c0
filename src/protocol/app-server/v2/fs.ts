// fs/*: the host's files for a client (read, write, list, copy, remove, watch), and command/exec: a command
// under a sandbox without a model turn, optionally streaming and interactive.
import { z } from "zod";
import { SandboxPolicy } from "./common.js";

/** The protocol's AbsolutePathBuf: the handlers refuse a relative one as Codex does (-32600). */
export const AbsolutePath = z.string();

export const FsPathParams = z.object({ path: AbsolutePath });
export const FsReadFileResponse = z.object({ dataBase64: z.string() });
export const FsWriteFileParams = z.object({ path: AbsolutePath, dataBase64: z.string() });
export const FsCreateDirectoryParams = z.object({ path: AbsolutePath, recursive: z.boolean().nullish() });
export const FsGetMetadataResponse = z.object({
  isDirectory: z.boolean(),
  isFile: z.boolean(),
  isSymlink: z.boolean(),
  createdAtMs: z.number().int(),
  modifiedAtMs: z.number().int(),
});
export const FsReadDirectoryResponse = z.object({
  entries: z.array(z.object({ fileName: z.string(), isDirectory: z.boolean(), isFile: z.boolean() })),
});
export const FsRemoveParams = z.object({
  path: AbsolutePath,
  recursive: z.boolean().nullish(),
  force: z.boolean().nullish(),
});
export const FsCopyParams = z.object({
  sourcePath: AbsolutePath,
  destinationPath: AbsolutePath,
  recursive: z.boolean().optional(),
});
export const FsWatchParams = z.object({ path: AbsolutePath, watchId: z.string() });
export const FsWatchResponse = z.object({ path: z.string() });
export const FsUnwatchParams = z.object({ watchId: z.string() });
export const FsChangedNotification = z.object({ watchId: z.string(), changedPaths: z.array(z.string()) });

export const TerminalSize = z.object({
  cols: z.number().int().min(1).max(65535),
  rows: z.number().int().min(1).max(65535),
});
export const CommandExecParams = z.object({
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
});
export type CommandExecParams = z.infer<typeof CommandExecParams>;
export const CommandExecResponse = z.object({
  exitCode: z.number().int(),
  stdout: z.string(),
  stderr: z.string(),
});
export const CommandExecWriteParams = z.object({
  processId: z.string(),
  deltaBase64: z.string().nullish(),
  closeStdin: z.boolean().optional(),
});
export const CommandExecProcessParams = z.object({ processId: z.string() });
export const CommandExecResizeParams = z.object({ processId: z.string(), size: TerminalSize });
export const CommandExecOutputDeltaNotification = z.object({
  processId: z.string(),
  stream: z.enum(["stdout", "stderr"]),
  deltaBase64: z.string(),
  capReached: z.boolean(),
});
