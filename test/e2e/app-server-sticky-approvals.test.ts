// "Approve commands like this": the approval request proposes the command (as Codex does); answering
// acceptWithExecpolicyAmendment writes an allow rule to $CODEX_HOME/rules/default.rules, so later commands of
// that family run without asking, in this session and the next. acceptForSession remembers the prefix for
// the session only.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runCli } from "../support/cli.js";
import {
  runTurn,
  startThread,
  useAppServer,
  type Json,
  type StartOptions,
} from "../support/app-server-fixture.js";

const app = useAppServer();
const DEFAULT_TOOLS: StartOptions = { home: { shellTool: "default" } };

describe("sticky approvals", () => {
  it("an amendment writes a prefix rule that the session and the next one honour", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await startThread(c, {
      cwd: home.cwd,
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
    });

    model.push(reply.exec("touch one.txt"), reply.message("made one"));
    c.request("turn/start", { threadId, input: [{ type: "text", text: "make one" }] });
    const ask = await c.waitServerRequest("item/commandExecution/requestApproval");
    // Codex proposes the whole command; the client may answer with a shorter prefix.
    expect((ask.params as Json).proposedExecpolicyAmendment).toEqual(["touch", "one.txt"]);
    c.respond(ask.id!, { decision: { acceptWithExecpolicyAmendment: { execpolicy_amendment: ["touch"] } } });
    await c.waitNotification("turn/completed");
    expect(existsSync(join(home.cwd, "one.txt"))).toBe(true);
    const rulesFile = join(home.codexHome, "rules", "default.rules");
    expect(readFileSync(rulesFile, "utf8")).toBe('prefix_rule(pattern = ["touch"], decision = "allow")\n');

    // Same session: no question this time.
    const from = c.received.length;
    model.push(reply.exec("touch two.txt"), reply.message("made two"));
    const turn = await runTurn(c, threadId, "make two");
    expect(turn.status).toBe("completed");
    expect(existsSync(join(home.cwd, "two.txt"))).toBe(true);
    expect(
      c.received.slice(from).some((m) => (m as Json).method === "item/commandExecution/requestApproval"),
    ).toBe(false);

    // The next session (exec, which cannot ask at all) runs it too.
    model.push(reply.exec("touch three.txt"), reply.message("made three"));
    const res = await runCli(["exec", "-a", "untrusted", "make three"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: 20_000,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home.cwd, "three.txt"))).toBe(true);
  });

  it("acceptForSession covers the command's family for the session and writes no rule", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await startThread(c, {
      cwd: home.cwd,
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
    });

    model.push(reply.exec("touch a.txt"), reply.message("a"));
    c.request("turn/start", { threadId, input: [{ type: "text", text: "make a" }] });
    const ask = await c.waitServerRequest("item/commandExecution/requestApproval");
    c.respond(ask.id!, { decision: "acceptForSession" });
    await c.waitNotification("turn/completed");

    const from = c.received.length;
    model.push(reply.exec("touch b.txt"), reply.message("b"));
    const turn = await runTurn(c, threadId, "make b");
    expect(turn.status).toBe("completed");
    expect(existsSync(join(home.cwd, "b.txt"))).toBe(true);
    expect(
      c.received.slice(from).some((m) => (m as Json).method === "item/commandExecution/requestApproval"),
    ).toBe(false);
    expect(existsSync(join(home.codexHome, "rules", "default.rules"))).toBe(false);
  });
});
