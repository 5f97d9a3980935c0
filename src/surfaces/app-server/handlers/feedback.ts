// feedback/upload and feedback/save: a bundle (codex-ts sends nothing anywhere) of feedback.json
// (classification, reason, tags), the thread's rollout, and, unless includeLogs is false, the files of
// $CODEX_HOME/log/ and the extra log files named. upload writes it as a folder under
// $CODEX_HOME/feedback/<id>/; save writes it as one zip file at savePath, as Codex does.
import { randomUUID } from "node:crypto";
import { readFile, readdir, rename, rm, writeFile, mkdir } from "node:fs/promises";
import { basename, dirname, isAbsolute, join } from "node:path";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";

type Ctx = Pick<Parameters<Handler<"feedback/upload">>[1], "server" | "services">;
type FeedbackParams = Parameters<Handler<"feedback/upload">>[0];

/** The thread's rollout path; undefined when the thread has written nothing yet (or, if `lenient`, is unknown). */
async function rolloutOf(ctx: Ctx, threadId: string, lenient: boolean): Promise<string | undefined> {
  const loaded = ctx.services.threads.get(threadId);
  if (loaded) return loaded.session.rollout_path ?? undefined;
  try {
    return (await ctx.services.catalog.find(threadId)).summary.path;
  } catch (err) {
    if (lenient) return undefined;
    throw err;
  }
}

/** A file's bytes, or undefined when it does not exist (a thread's rollout is written at its first turn). */
async function readIfThere(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** The bundle's files by their path inside it, and its id. */
async function collectBundle(
  params: FeedbackParams,
  ctx: Ctx,
  lenient: boolean,
): Promise<{ id: string; files: Map<string, Uint8Array> }> {
  const id = randomUUID();
  const files = new Map<string, Uint8Array>();
  const rolloutPath = params.threadId ? await rolloutOf(ctx, params.threadId, lenient) : undefined;
  const rollout = rolloutPath ? await readIfThere(rolloutPath) : undefined;
  if (rollout) files.set("rollout.jsonl", rollout);
  const logs: string[] = [];
  if (params.includeLogs !== false) {
    const logDir = (await ctx.server.options.stateDirs?.())?.logDir ?? join(ctx.server.codexHome, "log");
    const own = await readdir(logDir, { withFileTypes: true }).catch(() => []);
    const paths = [
      ...own.filter((e) => e.isFile()).map((e) => join(logDir, e.name)),
      ...(params.extraLogFiles ?? []),
    ];
    for (const path of paths) {
      try {
        files.set(`logs/${basename(path)}`, await readFile(path));
      } catch (err) {
        throw badRequest(`cannot copy ${path} into the feedback bundle: ${(err as Error).message}`);
      }
      logs.push(`logs/${basename(path)}`);
    }
  }
  const manifest = {
    id,
    createdAt: new Date().toISOString(),
    classification: params.classification,
    reason: params.reason ?? null,
    tags: params.tags ?? {},
    threadId: params.threadId ?? null,
    rollout: rollout ? "rollout.jsonl" : null,
    logs,
  };
  files.set("feedback.json", Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  return { id, files };
}

export const feedbackUpload: Handler<"feedback/upload"> = async (params, ctx) => {
  const dir = join(ctx.server.codexHome, "feedback", randomUUID());
  const { id, files } = await collectBundle(params, ctx, false);
  for (const [name, bytes] of files) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), bytes);
  }
  return { threadId: params.threadId ?? id, promptHash: null, savedPath: dir };
};

/**
 * feedback/save: the same bundle as one zip file at `savePath` (an absolute path, as in Codex), written
 * beside it first and renamed, so a reader never sees half a file. An unknown thread only leaves the
 * rollout out (Codex answers the same).
 */
export const feedbackSave: Handler<"feedback/save"> = async (params, ctx) => {
  if (!isAbsolute(params.savePath)) throw badRequest("feedback savePath must be an absolute host path");
  const { id, files } = await collectBundle(params, ctx, true);
  // The zip library loads with a first save, not with the handlers every client start loads.
  const { zipSync } = await import("fflate");
  const zip = zipSync(Object.fromEntries(files));
  const partial = `${params.savePath}.${id}.partial`;
  try {
    await writeFile(partial, zip);
    await rename(partial, params.savePath);
  } catch (err) {
    await rm(partial, { force: true });
    throw badRequest(`cannot write the feedback bundle to ${params.savePath}: ${(err as Error).message}`);
  }
  return { threadId: params.threadId ?? id, promptHash: null, savedPath: params.savePath };
};
