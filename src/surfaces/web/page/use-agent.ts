// The page's state and what it asks the app-server, in one hook: the connection, the thread list, the open
// thread (live notifications applied, caught up after a reconnect), pending questions, models.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { RateLimitSnapshot } from "../../../protocol/app-server/v2/account.js";
import type { Model } from "../../../protocol/app-server/v2/model.js";
import type { Thread } from "../../../protocol/app-server/v2/thread.js";
import type { ReviewTarget } from "../../../protocol/review.js";
import type { ServerRequest } from "./dialogs.js";
import { RpcClient, type ConnectionState } from "./rpc.js";
import {
  applyNotification,
  catchUp,
  runningTurn,
  viewOf,
  withChildCaughtUp,
  withChildTurns,
  type ThreadView,
} from "./thread-state.js";
import type { TurnSettings } from "./composer.js";

const QUESTIONS = new Set([
  "item/commandExecution/requestApproval",
  "item/fileChange/requestApproval",
  "item/tool/requestUserInput",
]);
const LIST_CHANGES = new Set([
  "thread/started",
  "thread/archived",
  "thread/unarchived",
  "thread/name/updated",
  "thread/status/changed",
  "turn/completed",
]);

export function threadIdFromHash(): string | undefined {
  const match = /^#thread=([\w-]+)$/.exec(location.hash);
  return match?.[1];
}

const SANDBOX_POLICY = {
  "read-only": { type: "readOnly" },
  "workspace-write": { type: "workspaceWrite" },
  "danger-full-access": { type: "dangerFullAccess" },
} as const;

export function useAgent(wsUrl: string) {
  const [connection, setConnection] = useState<ConnectionState>("connecting");
  const [threads, setThreads] = useState<Thread[]>([]);
  const [search, setSearch] = useState("");
  const [archived, setArchived] = useState(false);
  const [view, setView] = useState<ThreadView | undefined>();
  const [requests, setRequests] = useState<ServerRequest[]>([]);
  const [models, setModels] = useState<Model[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [rateLimits, setRateLimits] = useState<RateLimitSnapshot | undefined>();
  /** The server has a fleet (`codex-ts web --redis`): the header links to its dashboard. */
  const [fleet, setFleet] = useState(false);
  const listQuery = useRef({ search, archived });
  listQuery.current = { search, archived };
  const viewRef = useRef(view);
  viewRef.current = view;

  const report = useCallback(
    (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    [],
  );

  const rpc = useMemo(() => {
    const client: RpcClient = new RpcClient(wsUrl, {
      onState: setConnection,
      onNotification: (method, params) => {
        setView((v) => (v ? applyNotification(v, method, params) : v));
        if (method === "serverRequest/resolved") {
          const id = (params as { requestId: number | string }).requestId;
          setRequests((rs) => rs.filter((r) => r.id !== id));
        }
        if (LIST_CHANGES.has(method)) refreshList();
        if (method === "account/rateLimits/updated")
          setRateLimits((params as { rateLimits: RateLimitSnapshot }).rateLimits);
      },
      onRequest: (id, method, params) => {
        if (QUESTIONS.has(method)) setRequests((rs) => [...rs, { id, method, params }]);
        // Token refreshes belong to a client holding ChatGPT tokens; the page never sees any.
        else client.respondError(id, -32601, `the web page does not answer ${method}`);
      },
      onReady: (reconnected) => {
        // Questions asked on the dropped connection are void: the server asks again or moves on.
        setRequests([]);
        refreshList();
        client.call("model/list", {}).then((r) => setModels(r.data), report);
        client.call("account/rateLimits/read", {}).then((r) => setRateLimits(r.rateLimits), report);
        client.callExtension("x-fleet/task/list", { limit: 1 }).then(
          () => setFleet(true),
          () => setFleet(false),
        );
        const id = viewRef.current?.thread.id ?? threadIdFromHash();
        if (!id) return;
        client.call("thread/resume", { threadId: id }).then(({ thread }) => {
          const same = reconnected && viewRef.current?.thread.id === thread.id;
          setView((v) => (same && v && v.thread.id === thread.id ? catchUp(v, thread) : viewOf(thread)));
          // The subagents it was showing ran on meanwhile: each is read again and merged the same way.
          const shown = same ? Object.entries(viewRef.current?.children ?? {}) : [];
          for (const [childId, child] of shown)
            if (!child.fromHistory || child.loaded)
              client
                .call("thread/read", { threadId: childId, includeTurns: true })
                .then((r) => setView((v) => (v ? withChildCaughtUp(v, childId, r.thread) : v)), report);
        }, report);
      },
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    function refreshList() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { search, archived } = listQuery.current;
        client
          .call("thread/list", {
            limit: 50,
            sortKey: "updated_at",
            archived,
            searchTerm: search.trim() || null,
          })
          .then((r) => setThreads(r.data), report);
      }, 100);
    }
    return Object.assign(client, { refreshList });
  }, [wsUrl, report]);

  useEffect(() => {
    rpc.start();
    return () => rpc.stop();
  }, [rpc]);
  useEffect(() => rpc.refreshList(), [rpc, search, archived]);

  const open = useCallback(
    (threadId: string) => {
      history.replaceState(null, "", `#thread=${threadId}`);
      rpc.call("thread/resume", { threadId }).then(
        ({ thread }) => setView(viewOf(thread)),
        // A subagent its parent still runs cannot be resumed here: show it as the file has it, read-only,
        // and let the notifications about it (its parent's subscribers get them) keep it current.
        (err: unknown) =>
          rpc.call("thread/read", { threadId, includeTurns: true }).then(
            ({ thread }) => setView({ ...viewOf(thread), readOnly: true }),
            () => report(err),
          ),
      );
    },
    [rpc, report],
  );

  useEffect(() => {
    const onHash = () => {
      const id = threadIdFromHash();
      if (id && id !== viewRef.current?.thread.id) open(id);
    };
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, [open]);

  /** The open thread, or a new one started with the composer's settings. */
  const ensureThread = async (s: TurnSettings): Promise<ThreadView> => {
    const open = viewRef.current;
    if (open) return open;
    const started = await rpc.call("thread/start", {
      model: s.model || null,
      approvalPolicy: (s.approval || null) as "untrusted" | null,
      sandbox: (s.sandbox || null) as "read-only" | null,
    });
    const view = viewOf(started.thread);
    viewRef.current = view;
    setView(view);
    history.replaceState(null, "", `#thread=${started.thread.id}`);
    return view;
  };

  const actions = {
    open,
    newThread: () => {
      history.replaceState(null, "", "#");
      setView(undefined);
    },
    send: async (text: string, s: TurnSettings, images: string[] = []): Promise<boolean> => {
      try {
        const current = await ensureThread(s);
        await rpc.call("turn/start", {
          threadId: current.thread.id,
          input: [
            ...(text.trim() ? [{ type: "text" as const, text }] : []),
            ...images.map((url) => ({ type: "image" as const, url })),
          ],
          model: s.model || null,
          effort: (s.effort || null) as "low" | null,
          approvalPolicy: (s.approval || null) as "untrusted" | null,
          sandboxPolicy: s.sandbox ? SANDBOX_POLICY[s.sandbox as keyof typeof SANDBOX_POLICY] : null,
        });
        return true;
      } catch (err) {
        report(err);
        return false;
      }
    },
    /** A review of the open thread's directory, as a turn of that thread (review/start, inline). */
    review: async (target: ReviewTarget, s: TurnSettings): Promise<void> => {
      try {
        const current = await ensureThread(s);
        await rpc.call("review/start", { threadId: current.thread.id, target });
      } catch (err) {
        report(err);
      }
    },
    /** A subagent's turns from its file, shown inside the call that made it. */
    loadChild: (threadId: string) => {
      rpc
        .call("thread/read", { threadId, includeTurns: true })
        .then(({ thread }) => setView((v) => (v ? withChildTurns(v, threadId, thread) : v)), report);
    },
    /** A file's text, for a finding's location. */
    readFile: async (path: string): Promise<string> => {
      const { dataBase64 } = await rpc.call("fs/readFile", { path });
      const bytes = Uint8Array.from(atob(dataBase64), (c) => c.charCodeAt(0));
      return new TextDecoder().decode(bytes);
    },
    /** Paths under the thread's directory matching `query` (a new thread is started to know it). */
    searchFiles: async (query: string, s: TurnSettings): Promise<string[]> => {
      const current = await ensureThread(s);
      const { files } = await rpc.call("fuzzyFileSearch", { query, roots: [current.thread.cwd] });
      return files.map((f) => f.path);
    },
    interrupt: () => {
      const current = viewRef.current;
      const turn = current && runningTurn(current);
      if (current && turn)
        rpc.call("turn/interrupt", { threadId: current.thread.id, turnId: turn.id }).catch(report);
    },
    answer: (request: ServerRequest, result: unknown) => {
      rpc.respond(request.id, result);
      setRequests((rs) => rs.filter((r) => r !== request));
    },
    rename: (threadId: string, name: string) =>
      rpc.call("thread/name/set", { threadId, name }).then(rpc.refreshList, report),
    fork: (threadId: string) =>
      rpc.call("thread/fork", { threadId }).then(({ thread }) => {
        history.replaceState(null, "", `#thread=${thread.id}`);
        setView(viewOf(thread));
        rpc.refreshList();
      }, report),
    archive: (threadId: string, archive: boolean) =>
      (archive ? rpc.call("thread/archive", { threadId }) : rpc.call("thread/unarchive", { threadId })).then(
        () => {
          if (archive && viewRef.current?.thread.id === threadId) actions.newThread();
          rpc.refreshList();
        },
        report,
      ),
  };

  return {
    connection,
    threads,
    search,
    setSearch,
    archived,
    setArchived,
    view,
    requests,
    models,
    rateLimits,
    fleet,
    error,
    clearError: () => setError(undefined),
    actions,
  };
}
