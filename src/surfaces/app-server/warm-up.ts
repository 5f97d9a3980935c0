// What an IDE asks first after the handshake is its thread list. Once the method table has loaded, the
// server reads one first page for nobody, so that the client's own first page finds the code compiled
// (thread/list's params schema built, the handler's functions past their first run) and the index's
// statement and pages ready. Each step runs in a turn of the event loop of its own, so a request that
// arrives meanwhile waits for one step at most, never for the whole warm-up.
import type { Dispatch } from "./handler-types.js";
import { listThreads } from "./handlers/thread-history.js";

/** The first page as clients ask for it by default (newest first, 25 threads). */
const FIRST_PAGE = { limit: 25 } as const;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export async function warmUpFirstPage(dispatch: Dispatch): Promise<void> {
  await nextTurn();
  const parsed = dispatch.parseParams(dispatch.methods["thread/list"].params, FIRST_PAGE);
  if (!parsed.ok) return;
  await nextTurn();
  // The index caught up with every folder when it opened: no catch-up is queued after this page.
  await listThreads(dispatch.services, FIRST_PAGE, { reconcile: false });
}
