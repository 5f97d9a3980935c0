// Conversions between the engine's shapes (snake_case, kebab-case tags) and the v2 wire (camelCase).
import type { EventMsgOf, FileChange } from "../../protocol/core-protocol.js";
import type {
  AskForApproval as CoreApproval,
  ReviewDecision,
  SandboxPolicy as CoreSandbox,
} from "../../protocol/policies.js";
import type { UserInputItem } from "../../protocol/user-input.js";
import type { AskForApproval, SandboxPolicy, UserInput } from "../../protocol/app-server/v2/common.js";
import type { FileUpdateChange } from "../../protocol/app-server/v2/items.js";
import type { CommandExecutionApprovalDecision } from "../../protocol/app-server/v2/server-requests.js";
import { threadPlacement, type Thread } from "../../protocol/app-server/v2/thread.js";
import { VERSION } from "../../version.js";

/** v2 has no "on-failure": the closest it can show is "on-request". A granular policy goes out as it is. */
export function toWireApproval(policy: CoreApproval): AskForApproval {
  return policy === "on-failure" ? "on-request" : policy;
}

export function toWireSandbox(policy: CoreSandbox): SandboxPolicy {
  switch (policy.type) {
    case "danger-full-access":
      return { type: "dangerFullAccess" };
    case "read-only":
      return { type: "readOnly", networkAccess: false };
    case "workspace-write":
      return {
        type: "workspaceWrite",
        writableRoots: policy.writable_roots,
        networkAccess: policy.network_access,
        excludeTmpdirEnvVar: policy.exclude_tmpdir_env_var,
        excludeSlashTmp: policy.exclude_slash_tmp,
      };
  }
}

export function fromWireSandbox(policy: SandboxPolicy): CoreSandbox {
  switch (policy.type) {
    case "dangerFullAccess":
      return { type: "danger-full-access" };
    case "readOnly":
      return { type: "read-only" };
    case "workspaceWrite":
      return {
        type: "workspace-write",
        writable_roots: policy.writableRoots ?? [],
        network_access: policy.networkAccess ?? false,
        exclude_tmpdir_env_var: policy.excludeTmpdirEnvVar ?? false,
        exclude_slash_tmp: policy.excludeSlashTmp ?? false,
      };
  }
}

export function toCoreInput(items: readonly UserInput[]): UserInputItem[] {
  return items.map((item): UserInputItem => {
    switch (item.type) {
      case "text":
        return item.text_elements?.length
          ? { type: "text", text: item.text, text_elements: item.text_elements }
          : { type: "text", text: item.text };
      case "image":
        return { type: "image", image_url: item.url };
      case "localImage":
        return { type: "local_image", path: item.path };
      case "skill":
      case "mention":
        return { type: item.type, name: item.name, path: item.path };
    }
  });
}

/** accept / acceptForSession / decline / cancel -> the engine's review decision. */
export function toReviewDecision(decision: CommandExecutionApprovalDecision): ReviewDecision {
  if (typeof decision !== "string") return "approved";
  switch (decision) {
    case "accept":
      return "approved";
    case "acceptForSession":
      return "approved_for_session";
    case "decline":
      return "denied";
    case "cancel":
      return "abort";
  }
}

export function toFileChanges(changes: Record<string, FileChange>): FileUpdateChange[] {
  return Object.entries(changes).map(([path, change]) => {
    switch (change.type) {
      case "add":
        return { path, kind: { type: "add" }, diff: change.content };
      case "delete":
        return { path, kind: { type: "delete" }, diff: change.content };
      case "update":
        return {
          path,
          kind: { type: "update", move_path: change.move_path ?? null },
          diff: change.unified_diff,
        };
    }
  });
}

export interface ThreadFacts {
  createdAtMs: number;
  originator: string;
  /** The cwd's git state when the thread started. */
  gitInfo?: Thread["gitInfo"];
}

/** The v2 Thread for a configured engine session. */
export function describeThread(session: EventMsgOf<"session_configured">, facts: ThreadFacts): Thread {
  const seconds = Math.floor(facts.createdAtMs / 1000);
  return {
    ...threadPlacement(session.cwd, seconds, false),
    id: session.session_id,
    sessionId: session.session_id,
    preview: "",
    // A thread the engine records has a rollout file; without one it lives only in memory.
    ephemeral: !session.rollout_path,
    modelProvider: session.model_provider_id,
    model: session.model,
    reasoningEffort: session.reasoning_effort ?? null,
    createdAt: seconds,
    updatedAt: seconds,
    status: { type: "idle" },
    path: session.rollout_path ?? null,
    cwd: session.cwd,
    cliVersion: VERSION,
    originator: facts.originator,
    source: "vscode",
    projectId: null,
    name: null,
    gitInfo: facts.gitInfo ?? null,
    turns: [],
  };
}
