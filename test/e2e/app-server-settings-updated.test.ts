// thread/settings/updated: as Codex 0.169, a turn/start whose overrides change what the thread runs with
// announces the thread's whole settings to every subscriber, before that turn's turn/started.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { AppServerClient } from "../support/app-server-client.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

/** The field order Codex 0.169 writes. */
const FIELDS = [
  "disabledPluginIds",
  "cwd",
  "environments",
  "approvalPolicy",
  "approvalsReviewer",
  "sandboxPolicy",
  "activePermissionProfile",
  "model",
  "modelProvider",
  "serviceTier",
  "effort",
  "summary",
  "collaborationMode",
  "personality",
  "multiAgentMode",
];

function listeningUrl(server: AppServerClient): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${server.stderr}`)), 10_000);
    const check = setInterval(() => {
      const m = /listening on:? (ws:\/\/127\.0\.0\.1:\d+)/.exec(server.stderr);
      if (m?.[1]) {
        clearInterval(check);
        clearTimeout(timer);
        resolve(m[1]);
      }
    }, 20);
  });
}

/** The thread/settings/updated params a client got, each with its place among the messages. */
function settingsUpdates(client: AppServerClient): Array<{ at: number; params: Json }> {
  return client.received.flatMap((m, at) =>
    m.method === "thread/settings/updated" ? [{ at, params: m.params as Json }] : [],
  );
}

function turnStartedAt(client: AppServerClient, turnId: unknown): number {
  return client.received.findIndex(
    (m) => m.method === "turn/started" && ((m.params as Json).turn as Json).id === turnId,
  );
}

describe("app-server thread/settings/updated", () => {
  it("a turn/start that changes the sandbox tells every subscriber the whole settings before turn/started", async () => {
    const { home, model } = await app.startModel({ model: { fallback: reply.message("done") } });
    const server = await app.spawn(home, { args: ["--listen", "ws://127.0.0.1:0"], initialize: false });
    const url = await listeningUrl(server);
    const a = await AppServerClient.connect(url);
    const b = await AppServerClient.connect(url);
    try {
      await a.initialize("client_a");
      await b.initialize("client_b");
      const started = await a.call("thread/start", { cwd: home.cwd, sandbox: "read-only" });
      const threadId = (started.thread as Json).id as string;
      // A first turn (no overrides: nothing to announce) writes the rollout a second client resumes.
      await runTurn(a, threadId, "first");
      await b.call("thread/resume", { threadId });

      const turn = await runTurn(a, threadId, "go", {
        params: { sandboxPolicy: { type: "dangerFullAccess" } },
      });
      await b.waitNotification("turn/completed", (p) => (p.turn as Json).id === turn.id);

      const effort = started.reasoningEffort ?? null;
      const expected = {
        threadId,
        threadSettings: {
          disabledPluginIds: [],
          cwd: home.cwd,
          environments: [{ environmentId: "local", cwd: home.cwd, runtimeWorkspaceRoots: [home.cwd] }],
          approvalPolicy: started.approvalPolicy,
          approvalsReviewer: "user",
          sandboxPolicy: { type: "dangerFullAccess" },
          activePermissionProfile: null,
          model: started.model,
          modelProvider: started.modelProvider,
          serviceTier: null,
          effort,
          summary: null,
          collaborationMode: {
            mode: "default",
            settings: { model: started.model, reasoning_effort: effort, developer_instructions: null },
          },
          personality: null,
          multiAgentMode: "explicitRequestOnly",
        },
      };
      for (const client of [a, b]) {
        const updates = settingsUpdates(client);
        expect(updates.map((u) => u.params)).toEqual([expected]);
        expect(Object.keys(updates[0]?.params.threadSettings as Json)).toEqual(FIELDS);
        expect(updates[0]?.at).toBeLessThan(turnStartedAt(client, turn.id));
        expect(client.violations).toEqual([]);
      }
      expect(model.requests).toHaveLength(2);
    } finally {
      await a.close();
      await b.close();
      server.child?.kill("SIGTERM");
      await server.exited;
    }
  });

  it("an override equal to the current setting sends nothing; a model or a mode change sends the new settings", async () => {
    const { home, client } = await app.start({ model: { fallback: reply.message("ok") } });
    const threadId = await startThread(client, {
      cwd: home.cwd,
      sandbox: "read-only",
      approvalPolicy: "on-request",
    });

    await runTurn(client, threadId, "same", {
      params: { sandboxPolicy: { type: "readOnly" }, approvalPolicy: "on-request" },
    });
    expect(client.notifications("thread/settings/updated")).toEqual([]);

    await runTurn(client, threadId, "model", { params: { model: "other-model" } });
    const [byModel] = client.notifications("thread/settings/updated");
    expect(byModel?.threadSettings).toMatchObject({
      model: "other-model",
      sandboxPolicy: { type: "readOnly", networkAccess: false },
      collaborationMode: {
        mode: "default",
        settings: { model: "other-model", developer_instructions: null },
      },
    });

    const planTurn = await runTurn(client, threadId, "plan it", {
      params: { collaborationMode: { mode: "plan", settings: { model: "other-model" } } },
    });
    const byMode = client.notifications("thread/settings/updated")[1]?.threadSettings as Json;
    const mode = byMode.collaborationMode as { mode: string; settings: Json };
    expect(mode.mode).toBe("plan");
    // What plan mode tells the model, as the real server reports its plan-mode instructions.
    expect(String(mode.settings.developer_instructions)).toMatch(/^# Plan mode/);
    expect(planTurn.status).toBe("completed");

    // The settings persist: a turn with no overrides changes nothing.
    await runTurn(client, threadId, "again");
    expect(client.notifications("thread/settings/updated")).toHaveLength(2);

    // Resuming the loaded thread answers the same settings, as Codex does.
    const resumed = await client.call("thread/resume", { threadId, excludeTurns: true });
    expect(resumed).toMatchObject({
      model: "other-model",
      cwd: home.cwd,
      approvalPolicy: "on-request",
      sandbox: { type: "readOnly", networkAccess: false },
      collaborationMode: byMode.collaborationMode,
    });
  });
});
