// feedback/upload: a bundle written locally (codex-ts sends nothing anywhere) under
// $CODEX_HOME/feedback/<id>/: feedback.json (classification, reason, tags), the thread's rollout, and, unless
// includeLogs is false, the files of $CODEX_HOME/log/ and the extra log files named. Its path is returned.
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, readdir, writeFile } from "node:fs/promises";
import { basename, isAbsolute, join } from "node:path";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";

async function rolloutOf(
  ctx: Pick<Parameters<Handler<"feedback/upload">>[1], "services">,
  threadId: string,
): Promise<string | undefined> {
  const loaded = ctx.services.threads.get(threadId);
  if (loaded) return loaded.session.rollout_path ?? undefined;
  return (await ctx.services.catalog.find(threadId)).summary.path;
}

async function copyInto(dir: string, files: string[]): Promise<string[]> {
  if (files.length === 0) return [];
  await mkdir(dir, { recursive: true });
  const copied: string[] = [];
  for (const file of files) {
    try {
      await copyFile(file, join(dir, basename(file)));
      copied.push(basename(file));
    } catch (err) {
      throw badRequest(`cannot copy ${file} into the feedback bundle: ${(err as Error).message}`);
    }
  }
  return copied;
}

type FeedbackParams = Parameters<Handler<"feedback/upload">>[0];

/** Writes the bundle into `dir`; returns the bundle's id. */
async function writeBundle(
  dir: string,
  params: FeedbackParams,
  ctx: Pick<Parameters<Handler<"feedback/upload">>[1], "server" | "services">,
): Promise<string> {
  const id = randomUUID();
  await mkdir(dir, { recursive: true });
  const rollout = params.threadId ? await rolloutOf(ctx, params.threadId) : undefined;
  if (rollout) await copyFile(rollout, join(dir, "rollout.jsonl"));
  let logs: string[] = [];
  if (params.includeLogs !== false) {
    const logDir = join(ctx.server.codexHome, "log");
    const own = await readdir(logDir, { withFileTypes: true }).catch(() => []);
    const files = own.filter((e) => e.isFile()).map((e) => join(logDir, e.name));
    logs = await copyInto(join(dir, "logs"), [...files, ...(params.extraLogFiles ?? [])]);
  }
  const manifest = {
    id,
    createdAt: new Date().toISOString(),
    classification: params.classification,
    reason: params.reason ?? null,
    tags: params.tags ?? {},
    threadId: params.threadId ?? null,
    rollout: rollout ? "rollout.jsonl" : null,
    logs: logs.map((name) => `logs/${name}`),
  };
  await writeFile(join(dir, "feedback.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return id;
}

export const feedbackUpload: Handler<"feedback/upload"> = async (params, ctx) => {
  const dir = join(ctx.server.codexHome, "feedback", randomUUID());
  const id = await writeBundle(dir, params, ctx);
  return { threadId: params.threadId ?? id, promptHash: null, savedPath: dir };
};

/** feedback/save: the same bundle, in the folder the client names (an absolute path, as in Codex). */
export const feedbackSave: Handler<"feedback/save"> = async (params, ctx) => {
  if (!isAbsolute(params.savePath)) throw badRequest("feedback savePath must be an absolute host path");
  const id = await writeBundle(params.savePath, params, ctx);
  return { threadId: params.threadId ?? id, promptHash: null, savedPath: params.savePath };
};
