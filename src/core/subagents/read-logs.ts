// `subagent_logs`: a child's recent activity, read without touching the child. A child that is not loaded
// in this process (known from a previous run) shows what its rollout recorded.
import { readRollout } from "../../rollout/reader.js";
import type { LogsResult } from "./agent-scope.js";
import { activityFromRollout } from "./activity-log.js";
import type { SubagentNode } from "./subagent-node.js";

export async function readLogs(node: SubagentNode, limit: number): Promise<LogsResult> {
  if (node.log.size === 0 && !node.engine && node.rolloutPath) {
    try {
      const log = activityFromRollout((await readRollout(node.rolloutPath)).lines);
      return { summary: node.summary(), entries: log.recent(limit), fromRollout: true };
    } catch {
      // An unreadable rollout shows as no activity; the summary still says where the child stands.
    }
  }
  return { summary: node.summary(), entries: node.log.recent(limit), fromRollout: false };
}
