// "Approve commands like this" for a subagent's command: the amendment the client sends for the child's
// approval request reaches the user's rules file as it does for the root's, and from then on neither the
// child nor the root asks about that command family.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { scriptByAgent } from "../support/subagents.js";

const app = useAppServer();
const touch = (file: string) => reply.functionCall("shell", { command: ["bash", "-lc", `touch ${file}`] });

describe("a subagent's sticky approval", () => {
  it("writes the prefix rule, which the child and the root both follow", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "task: make files", name: "maker" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        touch("three.txt"),
        reply.message("all made"),
      ],
      1: [touch("one.txt"), touch("two.txt"), reply.message("child done")],
    });
    const { home, client: c } = await app.start({
      model: { fallback: script.fallback },
      toml: "[subagents]\nenabled = true\n",
    });
    const threadId = await startThread(c, {
      cwd: home.cwd,
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
    });
    await c.call("turn/start", { threadId, input: [{ type: "text", text: "delegate" }] });

    const ask = await c.waitServerRequest("item/commandExecution/requestApproval");
    expect(ask.params).toMatchObject({ command: "bash -lc 'touch one.txt'" });
    expect((ask.params as Json).threadId).not.toBe(threadId);
    expect((ask.params as Json).proposedExecpolicyAmendment).toEqual(["touch", "one.txt"]);
    // As for the root's commands, the child's command item starts on the child's thread before the question,
    // and only once.
    const startsOf = (itemId: unknown) =>
      c.received.filter((m) => {
        const msg = m as Json;
        return msg.method === "item/started" && ((msg.params as Json).item as Json).id === itemId;
      });
    const asked = c.received.findIndex((m) => (m as Json).id === ask.id && (m as Json).method !== undefined);
    const started = startsOf((ask.params as Json).itemId);
    expect(started).toHaveLength(1);
    expect((started[0]!.params as Json).threadId).toBe((ask.params as Json).threadId);
    expect(c.received.indexOf(started[0]!)).toBeLessThan(asked);
    c.respond(ask.id!, { decision: { acceptWithExecpolicyAmendment: { execpolicy_amendment: ["touch"] } } });

    const completed = await c.waitNotification("turn/completed", (p) => p.threadId === threadId, {
      timeoutMs: 30_000,
    });
    expect((completed.turn as Json).status).toBe("completed");
    for (const file of ["one.txt", "two.txt", "three.txt"])
      expect(existsSync(join(home.cwd, file))).toBe(true);
    expect(readFileSync(join(home.codexHome, "rules", "default.rules"), "utf8")).toBe(
      'prefix_rule(pattern = ["touch"], decision = "allow")\n',
    );
    expect(startsOf((ask.params as Json).itemId)).toHaveLength(1);
    // Only the first command was asked about.
    expect(
      c.received.filter((m) => (m as Json).method === "item/commandExecution/requestApproval"),
    ).toHaveLength(1);
  });
});
