// Tool calls as ACP shows them: one ledger of the ids already announced (so an approval and the run that
// follows it are one tool call in the editor), the kind a command gets, and file changes as diffs.
import { isAbsolute, resolve } from "node:path";
import { parse } from "shell-quote";
import type {
  SessionUpdate,
  ToolCall,
  ToolCallContent,
  ToolCallUpdate,
  ToolKind,
} from "@agentclientprotocol/sdk";
import type { FileChange } from "../../protocol/core-protocol.js";

export class ToolCallLedger {
  private readonly announced = new Set<string>();

  /** A `tool_call` the first time an id is seen, a `tool_call_update` with the same fields after that. */
  open(call: ToolCall): SessionUpdate {
    if (this.announced.has(call.toolCallId)) return { sessionUpdate: "tool_call_update", ...call };
    this.announced.add(call.toolCallId);
    return { sessionUpdate: "tool_call", ...call };
  }

  has(toolCallId: string): boolean {
    return this.announced.has(toolCallId);
  }

  update(update: ToolCallUpdate): SessionUpdate {
    return { sessionUpdate: "tool_call_update", ...update };
  }
}

const READERS = new Set(["cat", "head", "tail", "less", "more", "nl", "wc", "bat"]);
const SEARCHERS = new Set(["rg", "grep", "egrep", "fgrep", "find", "fd", "ls", "tree", "ag", "git-grep"]);
const FETCHERS = new Set(["curl", "wget"]);

/** What a shell command mostly does, for the editor's icon: read, search, fetch, or run. */
export function commandKind(command: string): ToolKind {
  let words: string[];
  try {
    words = parse(command).filter((w): w is string => typeof w === "string");
  } catch {
    return "execute";
  }
  // `bash -lc "rg foo"` is about the inner command.
  if (words.length >= 3 && /(^|\/)(ba|z)?sh$/.test(words[0] ?? "") && words[1]?.startsWith("-")) {
    return commandKind(words.slice(2).join(" "));
  }
  const first = (words[0] ?? "").split("/").pop() ?? "";
  if (first === "git" && words[1] === "grep") return "search";
  if (first === "sed" && words[1] === "-n") return "read";
  if (READERS.has(first)) return "read";
  if (SEARCHERS.has(first)) return "search";
  if (FETCHERS.has(first)) return "fetch";
  return "execute";
}

export function absolutePath(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/**
 * A change as an ACP diff. An update carries only its unified diff, so old and new text are the hunks' lines
 * (context and removed lines; context and added lines): what the editor needs to show the change.
 */
export function changeDiff(path: string, change: FileChange, cwd: string): ToolCallContent {
  const abs = absolutePath(path, cwd);
  switch (change.type) {
    case "add":
      return { type: "diff", path: abs, oldText: null, newText: change.content };
    case "delete":
      return { type: "diff", path: abs, oldText: change.content, newText: "" };
    case "update": {
      const oldLines: string[] = [];
      const newLines: string[] = [];
      for (const line of change.unified_diff.split("\n")) {
        if (line.startsWith("@@") || line.startsWith("---") || line.startsWith("+++")) continue;
        if (line.startsWith("-")) oldLines.push(line.slice(1));
        else if (line.startsWith("+")) newLines.push(line.slice(1));
        else if (line.startsWith(" ")) {
          oldLines.push(line.slice(1));
          newLines.push(line.slice(1));
        }
      }
      const target = change.move_path ? absolutePath(change.move_path, cwd) : abs;
      return { type: "diff", path: target, oldText: oldLines.join("\n"), newText: newLines.join("\n") };
    }
  }
}

export function changeDiffs(changes: Record<string, FileChange>, cwd: string): ToolCallContent[] {
  return Object.entries(changes).map(([path, change]) => changeDiff(path, change, cwd));
}

export function textContent(text: string): ToolCallContent {
  return { type: "content", content: { type: "text", text } };
}
