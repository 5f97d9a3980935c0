// fs/readFile, writeFile, createDirectory, getMetadata, readDirectory, remove, copy, watch, unwatch:
// absolute paths only; writes must fall in the server sandbox's writable area (fs-access.ts), and no path
// the permission profile denies is touched at all. A file system error is a request error naming the path.
import { promises as fs, type Stats } from "node:fs";
import { isAbsolute } from "node:path";
import type { Config } from "../../../config/load.js";
import { deniedByResolved, deniedMessage } from "../../../sandbox/read-denial.js";
import { assertWritable } from "../fs-access.js";
import { badRequest } from "../errors.js";
import type { Handler, RequestContext } from "../handler-types.js";
import type { MethodName } from "../../../protocol/app-server/methods.js";

function fsError(err: unknown, path: string): Error {
  const e = err as NodeJS.ErrnoException;
  if (!e.code) return e;
  const reasons: Record<string, string> = {
    ENOENT: "no such file or directory",
    EISDIR: "is a directory",
    ENOTDIR: "not a directory",
    EEXIST: "already exists",
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    ENOTEMPTY: "directory not empty",
  };
  return badRequest(`${path}: ${reasons[e.code] ?? e.message}`, { code: e.code });
}

/** Relative paths are refused with Codex's message for them. */
function absolute(...paths: string[]): void {
  if (paths.some((p) => !isAbsolute(p))) {
    throw badRequest("Invalid request: AbsolutePathBuf deserialized without a base path");
  }
}

async function attempt<T>(path: string, run: () => Promise<T>): Promise<T> {
  absolute(path);
  try {
    return await run();
  } catch (err) {
    throw fsError(err, path);
  }
}

/** Refuses a path the permission profile denies (as written, or where its symlinks lead). */
function notDenied<M extends MethodName>(ctx: RequestContext<M>, ...paths: string[]): void {
  refuseDenied(ctx.services.loadConfig().readDenial, paths);
}

function refuseDenied(denial: Config["readDenial"], paths: string[]): void {
  absolute(...paths);
  for (const path of paths) {
    const rule = deniedByResolved(path, denial);
    if (rule !== undefined) throw badRequest(deniedMessage(path, rule), { code: "EACCES" });
  }
}

/** Refuses a path the profile denies or the sandbox does not let be written; returns the config read. */
function writable<M extends MethodName>(ctx: RequestContext<M>, path: string): Config {
  const config = ctx.services.loadConfig();
  refuseDenied(config.readDenial, [path]);
  assertWritable(path, config.sandboxPolicy, config.cwd, ctx.server.options.env ?? process.env);
  return config;
}

export const fsReadFile: Handler<"fs/readFile"> = async ({ path }, ctx) => {
  notDenied(ctx, path);
  return { dataBase64: (await attempt(path, () => fs.readFile(path))).toString("base64") };
};

export const fsWriteFile: Handler<"fs/writeFile"> = async ({ path, dataBase64 }, ctx) => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(dataBase64)) throw badRequest("dataBase64 is not base64");
  writable(ctx, path);
  await attempt(path, () => fs.writeFile(path, Buffer.from(dataBase64, "base64")));
  return {};
};

export const fsCreateDirectory: Handler<"fs/createDirectory"> = async ({ path, recursive }, ctx) => {
  writable(ctx, path);
  await attempt(path, () => fs.mkdir(path, { recursive: recursive ?? true }));
  return {};
};

export const fsGetMetadata: Handler<"fs/getMetadata"> = async ({ path }, ctx) => {
  notDenied(ctx, path);
  const link = await attempt(path, () => fs.lstat(path));
  // A symlink reports what it points to, and that it is a link.
  const target: Stats = link.isSymbolicLink() ? await fs.stat(path).catch(() => link) : link;
  return {
    isDirectory: target.isDirectory(),
    isFile: target.isFile(),
    isSymlink: link.isSymbolicLink(),
    createdAtMs: Math.trunc(target.birthtimeMs || 0),
    modifiedAtMs: Math.trunc(target.mtimeMs || 0),
  };
};

export const fsReadDirectory: Handler<"fs/readDirectory"> = async ({ path }, ctx) => {
  notDenied(ctx, path);
  const entries = await attempt(path, () => fs.readdir(path, { withFileTypes: true }));
  const described = await Promise.all(
    entries.map(async (entry) => {
      let dir = entry.isDirectory();
      let file = entry.isFile();
      if (entry.isSymbolicLink()) {
        const st = await fs.stat(`${path}/${entry.name}`).catch(() => undefined);
        dir = st?.isDirectory() ?? false;
        file = st?.isFile() ?? false;
      }
      return { fileName: entry.name, isDirectory: dir, isFile: file };
    }),
  );
  return {
    entries: described.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0)),
  };
};

export const fsRemove: Handler<"fs/remove"> = async ({ path, recursive, force }, ctx) => {
  absolute(path);
  if (path === "/") throw badRequest("refusing to remove /");
  writable(ctx, path);
  await attempt(path, async () => {
    const st = await fs.lstat(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT" && (force ?? true)) return undefined;
      throw err;
    });
    if (!st) return;
    if (st.isDirectory() && !(recursive ?? true)) await fs.rmdir(path);
    else await fs.rm(path, { recursive: recursive ?? true, force: force ?? true });
  });
  return {};
};

export const fsCopy: Handler<"fs/copy"> = async ({ sourcePath, destinationPath, recursive }, ctx) => {
  const { readDenial } = writable(ctx, destinationPath);
  refuseDenied(readDenial, [sourcePath]);
  const st = await attempt(sourcePath, () => fs.stat(sourcePath));
  if (st.isDirectory() && !recursive)
    throw badRequest(`${sourcePath} is a directory: set recursive to copy it`);
  await attempt(destinationPath, () =>
    fs.cp(sourcePath, destinationPath, {
      recursive: st.isDirectory(),
      errorOnExist: false,
      force: true,
      // A folder's denied entries stay behind: a copy must not carry them somewhere readable.
      filter: (src) => deniedByResolved(src, readDenial) === undefined,
    }),
  );
  return {};
};

export const fsWatch: Handler<"fs/watch"> = async ({ path, watchId }, ctx) => {
  notDenied(ctx, path);
  const real = await attempt(path, () => fs.realpath(path));
  ctx.services.fsWatches.watch(ctx.connection, watchId, real);
  return { path: real };
};

export const fsUnwatch: Handler<"fs/unwatch"> = ({ watchId }, ctx) => {
  ctx.services.fsWatches.unwatch(ctx.connection, watchId);
  return {};
};
