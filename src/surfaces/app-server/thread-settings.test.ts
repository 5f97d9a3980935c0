// ThreadSettingsTracker: which turn overrides announce new settings, and what it announces passes the real
// protocol's schema.
import { describe, expect, it } from "vitest";
import type { EventMsgOf } from "../../protocol/core-protocol.js";
import { protocolSchema } from "../../../test/support/app-server-client.js";
import { ThreadSettingsTracker } from "./thread-settings.js";

const session: EventMsgOf<"session_configured"> = {
  type: "session_configured",
  session_id: "t1",
  model: "gpt-5.1-codex",
  model_provider_id: "openai",
  reasoning_effort: null,
  cwd: "/w",
  approval_policy: "on-request",
  sandbox_policy: { type: "read-only" },
  history_log_id: 0,
  history_entry_count: 0,
};

const schema = protocolSchema();
const tracker = () => new ThreadSettingsTracker("t1", session, {}, "default");

describe("ThreadSettingsTracker", () => {
  it("announces nothing when the overrides repeat what the thread has", () => {
    const t = tracker();
    expect(t.apply({})).toBeUndefined();
    expect(t.apply({ cwd: "/w", approval_policy: "on-request", sandbox_policy: { type: "read-only" } })).toBe(
      undefined,
    );
    expect(t.apply({ model: "gpt-5.1-codex", collaboration_mode: "default" })).toBeUndefined();
  });

  it("announces the whole settings on any change, and keeps them for the next turn", () => {
    const t = tracker();
    const bySandbox = t.apply({ sandbox_policy: { type: "danger-full-access" } });
    expect(bySandbox?.threadSettings).toMatchObject({
      cwd: "/w",
      approvalPolicy: "on-request",
      sandboxPolicy: { type: "dangerFullAccess" },
      model: "gpt-5.1-codex",
      modelProvider: "openai",
      collaborationMode: { mode: "default", settings: { developer_instructions: null } },
    });
    expect(t.apply({ sandbox_policy: { type: "danger-full-access" } })).toBeUndefined();

    const byCwd = t.apply({ cwd: "/other", effort: "high" });
    expect(byCwd?.threadSettings).toMatchObject({
      cwd: "/other",
      environments: [{ environmentId: "local", cwd: "/other", runtimeWorkspaceRoots: ["/other"] }],
      sandboxPolicy: { type: "dangerFullAccess" },
      effort: "high",
      collaborationMode: { settings: { reasoning_effort: "high" } },
    });

    const byMode = t.apply({ collaboration_mode: "plan", summary: "detailed", personality: "friendly" });
    expect(byMode?.threadSettings.collaborationMode.settings.developer_instructions).toMatch(/^# Plan mode/);
    expect(byMode?.threadSettings).toMatchObject({ summary: "detailed", personality: "friendly" });

    for (const params of [bySandbox, byCwd, byMode]) {
      expect(schema.checkParams("ServerNotification", "thread/settings/updated", params)).toBe("");
    }
  });

  it("a workspace-write sandbox is written with all its fields, as Codex writes it", () => {
    const changed = tracker().apply({
      sandbox_policy: {
        type: "workspace-write",
        writable_roots: ["/tmp"],
        network_access: true,
        exclude_tmpdir_env_var: false,
        exclude_slash_tmp: false,
      },
    });
    expect(changed?.threadSettings.sandboxPolicy).toEqual({
      type: "workspaceWrite",
      writableRoots: ["/tmp"],
      networkAccess: true,
      excludeTmpdirEnvVar: false,
      excludeSlashTmp: false,
    });
  });
});
