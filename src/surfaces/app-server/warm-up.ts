// What an IDE asks first after the handshake is its thread list. When the method table has loaded, before
// the requests that waited for it are dispatched, the server reads one first page for nobody, so that the
// client's own first page finds the code compiled (thread/list's params schema built, the handler's
// functions past their first run). It waits for the thread index's open (started with the handlers'
// load, usually done first) up to OPEN_WAIT_MS, never for a rebuild from the files, nor for a long
// catch-up with folders another process wrote: either would hold the waiting requests.
import type { Dispatch } from "./handler-types.js";
import { listThreads } from "./handlers/thread-history.js";

/** The first page as clients ask for it by default (newest first, 25 threads). */
const FIRST_PAGE = { limit: 25 } as const;

/** How long the warm-up waits for the index's open before it lets the waiting requests go. */
const OPEN_WAIT_MS = 100;

/** Whether the index opened (without a rebuild) within OPEN_WAIT_MS. */
async function openSoon(dispatch: Dispatch): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), OPEN_WAIT_MS)));
  try {
    return await Promise.race([dispatch.services.catalog.indexOpenWithoutRebuild(), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function warmUpFirstPage(dispatch: Dispatch): Promise<void> {
  const parsed = dispatch.parseParams(dispatch.methods["thread/list"].params, FIRST_PAGE);
  if (!parsed.ok || !(await openSoon(dispatch))) return;
  // The index caught up with every folder when it opened: no catch-up is queued after this page.
  await listThreads(dispatch.services, FIRST_PAGE, { reconcile: false });
}
