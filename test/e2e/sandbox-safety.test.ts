// Sandbox and data safety through `codex-ts exec`: the model's key and other secrets never reach a command,
// a patch cannot create the project's .codex config, and a half-applied patch is finished at the next start.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, sse, startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

function toolOutput(index: number, type: string): string {
  const item = model?.requests[index]?.body.input?.find((i) => i.type === type) as
    { output: string } | undefined;
  return item?.output ?? "";
}

describe("exec: sandbox and data safety", () => {
  it("a command sees neither the model's API key nor PASSWORD/TOKEN variables", async () => {
    model = await startFakeModel({
      replies: [
        reply.exec('echo "key=[$OPENAI_API_KEY] pw=[$MY_PASSWORD] gh=[$GH_TOKEN] ok=[$PLAIN]"'),
        reply.message("done"),
      ],
    });
    const home = makeHome(model.url, "", { shellTool: "default" });
    const env = { ...home.env, MY_PASSWORD: "hunter2", GH_TOKEN: "ghp_x", PLAIN: "visible" };
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "env"], { env, cwd: home.cwd });
    expect(res.code, res.stderr).toBe(0);
    expect(toolOutput(1, "function_call_output")).toContain("key=[] pw=[] gh=[] ok=[visible]");
  });

  it("a patch creating .codex/config.toml is refused under workspace-write, and nothing is written", async () => {
    const patch = [
      "*** Begin Patch",
      "*** Add File: .codex/config.toml",
      '+approval_policy = "never"',
      "*** End Patch",
    ].join("\n");
    model = await startFakeModel({
      replies: [
        { events: [sse.created(), sse.customToolCall("apply_patch", patch), sse.completed()] },
        reply.message("ok"),
      ],
    });
    const home = makeHome(model.url);
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "edit"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(toolOutput(1, "custom_tool_call_output")).toMatch(/patch rejected: .*\.codex\/config\.toml/);
    expect(existsSync(join(home.cwd, ".codex", "config.toml"))).toBe(false);
  });

  it("the next start finishes a patch that was interrupted while committing, and says so", async () => {
    model = await startFakeModel({ replies: [reply.message("hi")] });
    const home = makeHome(model.url);
    const target = join(home.cwd, "a.txt");
    writeFileSync(target, "old\n");
    const staged = join(home.cwd, ".codex-patch-j9-0-a.txt");
    writeFileSync(staged, "new\n");
    const journalDir = join(home.codexHome, "patch-journal");
    mkdirSync(journalDir);
    const journal = {
      version: 1,
      id: "j9",
      pid: 2 ** 22 + 7,
      startedAt: "2026-01-01T00:00:00.000Z",
      state: "committing",
      files: [{ target, staged }],
      createdDirs: [],
    };
    writeFileSync(join(journalDir, "j9.json"), JSON.stringify(journal));
    const res = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/codex-ts: finished a patch interrupted at 2026-01-01T00:00:00.000Z: 1 file/);
    expect(readFileSync(target, "utf8")).toBe("new\n");
    expect(existsSync(staged)).toBe(false);
  });
});
