// The threads on disk (thread/list): search, archived or not, and per thread open, rename, fork, archive.
import { useState } from "react";
import type { Thread } from "../../../protocol/app-server/v2/thread.js";

export function titleOf(thread: Thread, fallback = "(empty thread)"): string {
  return thread.name || thread.preview || fallback;
}

export function ThreadList(props: {
  threads: Thread[];
  selected: string | undefined;
  archived: boolean;
  search: string;
  onSearch: (search: string) => void;
  onArchived: (archived: boolean) => void;
  onOpen: (id: string) => void;
  onNew: () => void;
  onRename: (id: string, name: string) => void;
  onFork: (id: string) => void;
  onArchive: (id: string, archive: boolean) => void;
}) {
  const [renaming, setRenaming] = useState<string | undefined>();
  const [name, setName] = useState("");
  return (
    <nav className="thread-list" aria-label="Threads">
      <div className="list-tools">
        <button className="primary" onClick={props.onNew}>
          New thread
        </button>
        <input
          type="search"
          aria-label="Search threads"
          placeholder="Search"
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={props.archived}
            onChange={(e) => props.onArchived(e.target.checked)}
          />{" "}
          Archived
        </label>
      </div>
      <ul>
        {props.threads.map((t) => (
          <li key={t.id} className={t.id === props.selected ? "selected" : ""}>
            {renaming === t.id ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  props.onRename(t.id, name);
                  setRenaming(undefined);
                }}
              >
                <input
                  aria-label="Thread name"
                  autoFocus
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
                <button type="submit">Save</button>
                <button type="button" onClick={() => setRenaming(undefined)}>
                  Cancel
                </button>
              </form>
            ) : (
              <>
                <button
                  className="thread-open"
                  aria-current={t.id === props.selected ? "true" : undefined}
                  onClick={() => props.onOpen(t.id)}
                >
                  <span className="thread-title">{titleOf(t)}</span>
                  <span className="muted">
                    {new Date(t.updatedAt * 1000).toLocaleString()}
                    {t.status.type === "active" ? " · running" : ""}
                  </span>
                </button>
                <span className="thread-actions">
                  <button
                    aria-label={`Rename ${titleOf(t)}`}
                    onClick={() => {
                      setName(t.name ?? "");
                      setRenaming(t.id);
                    }}
                  >
                    Rename
                  </button>
                  <button aria-label={`Fork ${titleOf(t)}`} onClick={() => props.onFork(t.id)}>
                    Fork
                  </button>
                  <button
                    aria-label={`${props.archived ? "Unarchive" : "Archive"} ${titleOf(t)}`}
                    onClick={() => props.onArchive(t.id, !props.archived)}
                  >
                    {props.archived ? "Unarchive" : "Archive"}
                  </button>
                </span>
              </>
            )}
          </li>
        ))}
        {props.threads.length === 0 && <li className="muted empty">No threads</li>}
      </ul>
    </nav>
  );
}
