/* eslint-disable @typescript-eslint/ban-ts-comment -- untyped JSON from two servers; a by-hand tool, not built or tested */
// @ts-nocheck -- a by-hand tool reading two servers' untyped JSON; not part of the build or the tests.
// Sessions where both servers ask: approval policy `untrusted` (a command that is not known safe, a patch),
// each request answered with one decision kind of the schema, and one left unanswered while the turn is
// interrupted. The sandbox is `danger-full-access` (the bare real binary cannot start its sandbox helper)
// but for the sessions about the workspace sandbox (known-safe commands, an escalation).
import { startThread } from "./sessions-threads.mjs";

const APPROVALS = ["item/commandExecution/requestApproval", "item/fileChange/requestApproval"];
const text = (t) => [{ type: "text", text: t }];

/**
 * One turn: answers each approval request with `decide(request)` (undefined: leave it unanswered and
 * return), until the turn completes. Returns the requests seen.
 */
async function approvalTurn(c, threadId, prompt, decide) {
  const started = await c.request("turn/start", { threadId, input: text(prompt) });
  const turnId = started.result?.turn?.id;
  const seen = [];
  for (;;) {
    const m = await c.waitFor(
      [...APPROVALS, "turn/completed"],
      (msg) => msg.params?.threadId === threadId,
      20_000,
    );
    if (!m || m.method === "turn/completed") return { turnId, seen };
    seen.push(m);
    const decision = decide(m, seen.length);
    if (decision === undefined) return { turnId, seen };
    c.respond(m.id, { decision });
  }
}

/** A turn whose questions are answered with `answer(request)`. */
async function userInputTurn(c, threadId, prompt, extra, answer) {
  await c.request("turn/start", { threadId, input: text(prompt), ...extra });
  for (;;) {
    const m = await c.waitFor(
      ["item/tool/requestUserInput", "turn/completed"],
      (msg) => msg.params?.threadId === threadId,
      20_000,
    );
    if (!m || m.method === "turn/completed") return;
    c.respond(m.id, answer(m));
  }
}

const untrusted = (c) => startThread(c, { approvalPolicy: "untrusted", sandbox: "danger-full-access" });
const CMD = "run: echo approved > approved.txt && cat approved.txt";

/** A session answering a command, then the same command again, with `decision` (the second answer: accept). */
const commandSession = (decision) => async (c) => {
  const threadId = await untrusted(c);
  await approvalTurn(c, threadId, CMD, (m) => (typeof decision === "function" ? decision(m) : decision));
  // The same command again: after a session grant or an amendment it should run without asking.
  await approvalTurn(c, threadId, CMD, () => "accept");
  await c.request("thread/read", { threadId, includeTurns: true });
};

/** A session answering a patch with `decision`, then a second patch (accepted if asked). */
const patchSession = (decision) => async (c) => {
  const threadId = await untrusted(c);
  await approvalTurn(c, threadId, "patch", () => decision);
  await approvalTurn(c, threadId, "patch", () => "accept");
  await c.request("thread/read", { threadId, includeTurns: true });
};

export const approvalSessions = {
  approveCmdAccept: commandSession("accept"),
  approveCmdSession: commandSession("acceptForSession"),
  approveCmdAmend: commandSession((m) => ({
    acceptWithExecpolicyAmendment: {
      execpolicy_amendment: m.params.proposedExecpolicyAmendment ?? ["echo", "approved"],
    },
  })),
  approveCmdNetwork: commandSession({
    applyNetworkPolicyAmendment: { network_policy_amendment: { host: "example.com", action: "allow" } },
  }),
  approveCmdDecline: commandSession("decline"),
  approveCmdCancel: commandSession("cancel"),
  approvePatchAccept: patchSession("accept"),
  approvePatchSession: patchSession("acceptForSession"),
  approvePatchDecline: patchSession("decline"),
  approvePatchCancel: patchSession("cancel"),
  // A command approval left unanswered while the turn is interrupted; then a turn after it.
  async approveInterrupt(c) {
    const threadId = await untrusted(c);
    const { turnId, seen } = await approvalTurn(c, threadId, CMD, () => undefined);
    await c.request("turn/interrupt", { threadId, turnId: turnId ?? "x" });
    await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
    // An answer to the request the interrupt settled.
    if (seen[0]) c.respond(seen[0].id, { decision: "accept" });
    await approvalTurn(c, threadId, "after the interrupt", () => "accept");
    await c.request("thread/read", { threadId, includeTurns: true });
  },
  // Commands of other shapes: what each proposes as the amendment, and how it names the actions.
  async approveCmdShapes(c) {
    const threadId = await untrusted(c);
    for (const cmd of [
      "touch made.txt",
      "git commit --allow-empty -qm x",
      "cat README.md | wc -l",
      "rm -f made.txt",
      "cat README.md",
      "wc -l README.md",
      "cat README.md && ls",
      "ls | head -1",
    ])
      await approvalTurn(c, threadId, `run: ${cmd}`, () => "accept");
  },
  // Known-safe commands under untrusted with the workspace sandbox: whether either asks.
  async approveSafeWorkspace(c) {
    const threadId = await startThread(c, { approvalPolicy: "untrusted", sandbox: "workspace-write" });
    for (const cmd of ["cat README.md", "ls", "touch made.txt"])
      await approvalTurn(c, threadId, `run: ${cmd}`, () => "decline");
  },
  // A command the model asks to run outside the workspace sandbox (on-request): the request's reason and
  // decisions; declined, then accepted for the session and asked again.
  async approveEscalate(c) {
    const threadId = await startThread(c, { approvalPolicy: "on-request", sandbox: "workspace-write" });
    await approvalTurn(c, threadId, "escalate: touch /tmp/escalated.txt", () => "decline");
    await approvalTurn(c, threadId, "escalate: touch /tmp/escalated.txt", () => "acceptForSession");
    await approvalTurn(c, threadId, "escalate: touch /tmp/escalated.txt", () => "accept");
  },
  // The model's questions (request_user_input) in the default mode and in plan mode, answered; one left
  // unanswered while the turn is interrupted.
  async approveAsk(c) {
    const threadId = await startThread(c);
    const pick = () => ({ answers: { pick: { answers: ["Keep"] } } });
    await userInputTurn(c, threadId, "ask: keep it?", {}, pick);
    const plan = { collaborationMode: { mode: "plan", settings: { model: "gpt-5.5" } } };
    await userInputTurn(c, threadId, "ask: keep it in plan mode?", plan, pick);
    const started = await c.request("turn/start", { threadId, input: text("ask: left open?"), ...plan });
    const asked = await c.waitFor(
      "item/tool/requestUserInput",
      (m) => m.params.threadId === threadId,
      10_000,
    );
    if (asked) {
      await c.request("turn/interrupt", { threadId, turnId: started.result?.turn?.id ?? "x" });
      await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
    }
    await c.request("thread/read", { threadId, includeTurns: true });
  },
  // on-request with full access: whether either asks for a command or a patch.
  async approveOnRequest(c) {
    const threadId = await startThread(c, { approvalPolicy: "on-request", sandbox: "danger-full-access" });
    await approvalTurn(c, threadId, CMD, () => "accept");
    await approvalTurn(c, threadId, "patch", () => "accept");
  },
};
