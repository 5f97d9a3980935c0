// session/list: recorded threads from the thread index, most recently active first.
import type { ListSessionsResponse } from "@agentclientprotocol/sdk";
import type { IndexHome } from "../../rollout/index.js";
import { withIndex } from "../threads/locate.js";

const PAGE = 50;

export async function listSessions(
  home: IndexHome,
  cwd?: string,
  cursor?: string,
): Promise<ListSessionsResponse> {
  const page = await withIndex(home, (index) =>
    index.list({
      limit: PAGE,
      sortKey: "updated_at",
      ...(cwd ? { cwd } : {}),
      ...(cursor ? { cursor } : {}),
    }),
  );
  return {
    sessions: page.items.flatMap((t) =>
      t.cwd
        ? [
            {
              sessionId: t.id,
              cwd: t.cwd,
              ...(t.preview ? { title: t.preview.replace(/\s+/g, " ").slice(0, 80) } : {}),
              updatedAt: new Date(t.updatedAt).toISOString(),
            },
          ]
        : [],
    ),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}
