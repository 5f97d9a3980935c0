// The fleet dashboard's state and calls: the `x-fleet/` methods of the page's own WebSocket. The list and
// the open task's record are read again every second while the dashboard is shown (records change in
// Redis, not through this server); the open task's items arrive live as `x-fleet/task/item`.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ReviewDecision } from "../../../protocol/policies.js";
import { addEntry, type FleetEntry, type FleetTask } from "./fleet-state.js";
import { RpcClient, RpcError, type ConnectionState } from "./rpc.js";

const POLL_MS = 1000;
const FINAL = new Set(["completed", "failed", "cancelled"]);

export function fleetTaskFromHash(): string | undefined {
  return /^#fleet=([\w-]+)$/.exec(location.hash)?.[1];
}

export function useFleet(wsUrl: string) {
  const [connection, setConnection] = useState<ConnectionState>("connecting");
  const [tasks, setTasks] = useState<FleetTask[]>([]);
  const [queue, setQueue] = useState("");
  const [selected, setSelected] = useState<string | undefined>(fleetTaskFromHash);
  const [task, setTask] = useState<FleetTask | undefined>();
  const [entries, setEntries] = useState<FleetEntry[]>([]);
  const [error, setError] = useState<string | undefined>();
  /** False once the server says it has no fleet (started without --redis). */
  const [available, setAvailable] = useState(true);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  /** The open task's follow ended (it reached a final state): a retry from elsewhere needs a new one. */
  const followEnded = useRef(false);
  /** The open task's record as last read. */
  const seen = useRef<FleetTask | undefined>(undefined);

  const report = useCallback((err: unknown) => {
    if (err instanceof RpcError && err.code === -32601) setAvailable(false);
    else setError(err instanceof Error ? err.message : String(err));
  }, []);

  const rpc = useMemo(
    () =>
      new RpcClient(wsUrl, {
        onState: setConnection,
        onNotification: (method, params) => {
          const p = params as { id: string } & FleetEntry;
          if (p.id !== selectedRef.current) return;
          if (method === "x-fleet/task/followEnded") followEnded.current = true;
          if (method === "x-fleet/task/item")
            setEntries((es) => addEntry(es, { entryId: p.entryId, event: p.event }));
        },
        onRequest: (id, method) =>
          rpcRef.current?.respondError(id, -32601, `the dashboard does not answer ${method}`),
        onReady: () => {
          void refresh();
          const id = selectedRef.current;
          if (id) follow(id);
        },
      }),
    [wsUrl],
  );
  const rpcRef = useRef(rpc);
  rpcRef.current = rpc;

  function follow(id: string): void {
    followEnded.current = false;
    rpcRef.current.callExtension("x-fleet/task/follow", { id }).catch(report);
  }

  async function refresh(): Promise<void> {
    const client = rpcRef.current;
    try {
      const list = await client.callExtension<{ queue: string; tasks: FleetTask[] }>("x-fleet/task/list", {});
      setQueue(list.queue);
      setTasks(list.tasks.reverse()); // newest first
      const id = selectedRef.current;
      if (id) {
        const { task } = await client.callExtension<{ task: FleetTask }>("x-fleet/task/read", { id });
        if (selectedRef.current !== id) return;
        const before = seen.current;
        seen.current = task;
        setTask(task);
        // Its follow ended, and it runs again (or ran again between two reads): follow the new run.
        const ranAgain =
          before?.id === id && (before.runs !== task.runs || before.finishedAt !== task.finishedAt);
        if (followEnded.current && (!FINAL.has(task.state) || ranAgain)) follow(id);
      }
    } catch (err) {
      if (!(err instanceof Error && /not connected|connection lost/.test(err.message))) report(err);
    }
  }

  useEffect(() => {
    rpc.start();
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => {
      clearInterval(timer);
      rpc.stop();
    };
  }, [rpc]);

  const open = useCallback(
    (id: string | undefined) => {
      const previous = selectedRef.current;
      if (previous) rpc.callExtension("x-fleet/task/unfollow", { id: previous }).catch(() => undefined);
      history.replaceState(null, "", id ? `#fleet=${id}` : "#fleet");
      selectedRef.current = id;
      setSelected(id);
      setTask(undefined);
      setEntries([]);
      if (!id) return;
      follow(id);
      void refresh();
    },
    [rpc, report],
  );

  const act = (method: `x-fleet/${string}`, params: unknown) =>
    rpc.callExtension(method, params).then(() => refresh(), report);

  const actions = {
    open,
    submit: async (task: Record<string, unknown>): Promise<boolean> => {
      try {
        const { id } = await rpc.callExtension<{ id: string }>("x-fleet/task/submit", { task });
        await refresh();
        open(id);
        return true;
      } catch (err) {
        report(err);
        return false;
      }
    },
    cancel: (id: string) => act("x-fleet/task/cancel", { id }),
    retry: (id: string) =>
      rpc.callExtension("x-fleet/task/retry", { id }).then(() => {
        // A new run appends to the stream: follow it again from the start (entries are kept once each).
        follow(id);
        return refresh();
      }, report),
    approve: (id: string, decision: ReviewDecision) => act("x-fleet/task/approve", { id, decision }),
  };

  return {
    connection,
    available,
    queue,
    tasks,
    selected,
    task,
    entries,
    error,
    clearError: () => setError(undefined),
    actions,
  };
}
