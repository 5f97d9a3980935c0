// externalAgentConfig/detect|import|import/recordHistory|import/readHistories: Claude Code's configuration
// found and carried over (see external-agent/), with a record of every import.
import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { isAbsolute } from "node:path";
import type { ImportTypeResult } from "../../../protocol/app-server/v2/external-agent.js";
import { detectMigrations } from "../external-agent/detect.js";
import { ImportHistoryStore } from "../external-agent/history.js";
import { importItem } from "../external-agent/import.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";

export const externalAgentDetect: Handler<"externalAgentConfig/detect"> = (params, ctx) => {
  const cwds = params.cwds ?? [];
  const relative = cwds.find((cwd) => !isAbsolute(cwd));
  if (relative !== undefined) throw badRequest(`cwds must be absolute paths: ${relative}`);
  const items = detectMigrations({
    home: homedir(),
    codexHome: ctx.server.codexHome,
    includeHome: params.includeHome ?? false,
    cwds,
  });
  return { items, connectors: [] };
};

/** Results of one import, one entry per item type in the order the types first came. */
function groupByType(results: ImportTypeResult[]): ImportTypeResult[] {
  const byType = new Map<string, ImportTypeResult>();
  for (const r of results) {
    const group = byType.get(r.itemType);
    if (group) {
      group.successes.push(...r.successes);
      group.failures.push(...r.failures);
    } else
      byType.set(r.itemType, {
        itemType: r.itemType,
        successes: [...r.successes],
        failures: [...r.failures],
      });
  }
  return [...byType.values()];
}

export const externalAgentImport: Handler<"externalAgentConfig/import"> = (params, ctx) => {
  const relative = params.migrationItems.find((item) => item.cwd && !isAbsolute(item.cwd));
  if (relative) throw badRequest(`cwd must be an absolute path: ${relative.cwd}`);
  const importId = randomUUID();
  ctx.respond({ importId });
  const results: ImportTypeResult[] = [];
  for (const item of params.migrationItems) {
    const outcome = importItem(item, homedir(), ctx.server.codexHome);
    const result = { itemType: item.itemType, ...outcome };
    results.push(result);
    ctx.connection.notify({
      method: "externalAgentConfig/import/progress",
      params: { importId, itemTypeResults: [result] },
    });
  }
  const grouped = groupByType(results);
  new ImportHistoryStore(ctx.server.codexHome).add({
    importId,
    providerId: params.providerId ?? null,
    completedAtMs: Date.now(),
    successes: grouped.flatMap((g) => g.successes),
    failures: grouped.flatMap((g) => g.failures),
  });
  ctx.connection.notify({
    method: "externalAgentConfig/import/completed",
    params: { importId, itemTypeResults: grouped },
  });
  return { importId };
};

export const externalAgentRecordHistory: Handler<"externalAgentConfig/import/recordHistory"> = (
  params,
  ctx,
) => {
  const importId = randomUUID();
  const grouped = groupByType(params.itemTypeResults);
  new ImportHistoryStore(ctx.server.codexHome).add({
    importId,
    providerId: params.providerId,
    completedAtMs: Date.now(),
    successes: grouped.flatMap((g) =>
      g.successes.map((s) => ({
        itemType: s.itemType,
        cwd: s.cwd ?? null,
        source: s.source ?? null,
        target: s.target ?? null,
        title: s.title ?? null,
      })),
    ),
    failures: grouped.flatMap((g) => g.failures),
  });
  return { importId };
};

export const externalAgentReadHistories: Handler<"externalAgentConfig/import/readHistories"> = (
  _params,
  ctx,
) => ({
  data: new ImportHistoryStore(ctx.server.codexHome).read(),
  connectors: [],
});
