// PermissionRequest hooks: a command's, a patch's and a destructive MCP tool's approval are decided by a
// real hook script before anyone would be asked (exec could not ask: without the hook they are denied), and
// a denial reaches the model in the hook's words.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, sse, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";
import { hookLog, shellHook, writeHooksJson } from "../support/hooks.js";
import { stdioServerToml } from "../support/mcp-config.js";

type Model = Awaited<ReturnType<typeof startFakeModel>>;
let model: Model | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

function outputOf(m: Model, callId: string): string {
  const item = m.requests
    .flatMap((r) => r.body.input ?? [])
    .find((i) => String(i.type).endsWith("_call_output") && i.call_id === callId);
  return typeof item?.output === "string" ? item.output : JSON.stringify(item?.output);
}

/** Allows a request whose event mentions `allowed`, denies (exit 2) any other; logs every event. */
function judge(dir: string, log: string): string {
  return shellHook(
    dir,
    "judge",
    `input=$(cat)
printf "%s\\n" "$input" >> ${JSON.stringify(log)}
case "$input" in
  *allowed*) echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}' ;;
  *) echo "not that one" >&2; exit 2 ;;
esac`,
  );
}

describe("PermissionRequest hooks", () => {
  it("decide patch approvals: the allowed patch applies, the denied one does not", async () => {
    const patch = (file: string) => `*** Begin Patch\n*** Add File: ${file}\n+hello\n*** End Patch\n`;
    model = await startFakeModel({
      replies: [
        {
          events: [
            sse.created(),
            sse.customToolCall("apply_patch", patch("allowed.txt"), "p1"),
            sse.completed(),
          ],
        },
        {
          events: [
            sse.created(),
            sse.customToolCall("apply_patch", patch("other.txt"), "p2"),
            sse.completed(),
          ],
        },
        reply.message("ok"),
      ],
    });
    const home = makeHome(model.url);
    const log = join(home.codexHome, "permission.log");
    writeHooksJson(home.codexHome, {
      PermissionRequest: [{ matcher: "apply_patch", command: judge(home.codexHome, log) }],
    });
    const res = await runCli(["exec", "-a", "untrusted", "--dangerously-bypass-hook-trust", "write files"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: 30_000,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home.cwd, "allowed.txt"))).toBe(true);
    expect(existsSync(join(home.cwd, "other.txt"))).toBe(false);
    expect(outputOf(model, "p2")).toBe("not that one");
    const events = hookLog(log);
    expect(events.map((e) => [e.hook_event_name, e.tool_name, e.tool_use_id])).toEqual([
      ["PermissionRequest", "apply_patch", "p1"],
      ["PermissionRequest", "apply_patch", "p2"],
    ]);
    expect(events[0]).toMatchObject({
      tool_input: { input: patch("allowed.txt") },
      cwd: home.cwd,
      turn_id: expect.any(String),
      permission_mode: "default",
    });
  });

  it("decide a destructive MCP tool's approval: the allowed call runs, the denied one is declined", async () => {
    model = await startFakeModel({
      replies: [
        reply.functionCall("local__add_note", { note: "allowed" }, "m1"),
        reply.functionCall("local__add_note", { note: "other" }, "m2"),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url, stdioServerToml("local"));
    const log = join(home.codexHome, "permission.log");
    writeHooksJson(home.codexHome, {
      PermissionRequest: [{ matcher: "local__add_note", command: judge(home.codexHome, log) }],
    });
    const res = await runCli(["exec", "-a", "on-request", "--dangerously-bypass-hook-trust", "add notes"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: 30_000,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(outputOf(model, "m1")).toContain("noted: allowed");
    expect(outputOf(model, "m2")).toBe("not that one");
    expect(hookLog(log).map((e) => [e.hook_event_name, e.tool_name, e.tool_input])).toEqual([
      ["PermissionRequest", "local__add_note", { note: "allowed" }],
      ["PermissionRequest", "local__add_note", { note: "other" }],
    ]);
  });

  it("deny a command with the hook's message as the output the model reads (Codex's text without one)", async () => {
    model = await startFakeModel({
      replies: [
        reply.shell(["touch", "first.txt"], { callId: "c1" }),
        reply.shell(["touch", "second.txt"], { callId: "c2" }),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url);
    const deny = shellHook(
      home.codexHome,
      "deny",
      `case "$(cat)" in
  *first*) echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"ask the release manager first"}}}' ;;
  *) echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny"}}}' ;;
esac`,
    );
    writeHooksJson(home.codexHome, { PermissionRequest: [{ matcher: "Bash", command: deny }] });
    const res = await runCli(["exec", "-a", "untrusted", "--dangerously-bypass-hook-trust", "touch files"], {
      env: home.env,
      cwd: home.cwd,
      timeoutMs: 30_000,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(home.cwd, "first.txt"))).toBe(false);
    expect(existsSync(join(home.cwd, "second.txt"))).toBe(false);
    expect(outputOf(model, "c1")).toBe("ask the release manager first");
    expect(outputOf(model, "c2")).toBe("PermissionRequest hook denied approval");
  });
});
