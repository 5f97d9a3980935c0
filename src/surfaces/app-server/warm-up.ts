// What an IDE asks first after the handshake is its thread list. When the method table has loaded, before
// the requests that waited for it are dispatched, the server reads one first page for nobody, so that the
// client's own first page finds the code compiled (thread/list's params schema built, the handler's
// functions past their first run). It waits for the thread index's open (started with the handlers'
// load, usually done first), never for a rebuild from the files: that would hold the waiting requests.
import type { Dispatch } from "./handler-types.js";
import { listThreads } from "./handlers/thread-history.js";

/** The first page as clients ask for it by default (newest first, 25 threads). */
const FIRST_PAGE = { limit: 25 } as const;

export async function warmUpFirstPage(dispatch: Dispatch): Promise<void> {
  const parsed = dispatch.parseParams(dispatch.methods["thread/list"].params, FIRST_PAGE);
  if (!parsed.ok || !(await dispatch.services.catalog.indexOpenWithoutRebuild())) return;
  // The index caught up with every folder when it opened: no catch-up is queued after this page.
  await listThreads(dispatch.services, FIRST_PAGE, { reconcile: false });
}
