import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordedEvents, replay } from "../fixtures/recorded-events.js";
import { workingTreeDiff } from "./git-diff.js";
import { STARTER_AGENTS_MD, writeStarterAgentsMd } from "./init-agents-md.js";
import { menuMatches, parseSlash, slashQuery } from "./slash-commands.js";
import { describeSandbox, statusCard } from "./status-report.js";
import { scratchDir } from "../../../../test/support/scratch.js";

const scratch = () => scratchDir("codex-ts-tui-");

describe("slash commands", () => {
  it("matches the menu by prefix first", () => {
    expect(menuMatches("").map((c) => c.name)).toEqual([
      "model",
      "approvals",
      "new",
      "diff",
      "status",
      "init",
      "resume",
      "fork",
      "rollback",
      "compact",
      "review",
      "quit",
      "skills",
      "hooks",
      "plugins",
    ]);
    expect(menuMatches("i").map((c) => c.name)).toEqual([
      "init",
      "diff",
      "review",
      "quit",
      "skills",
      "plugins",
    ]);
    expect(menuMatches("ro").map((c) => c.name)).toEqual(["rollback", "approvals"]);
    expect(menuMatches("sk").map((c) => c.name)).toEqual(["skills"]);
    expect(menuMatches("zz")).toEqual([]);
    // Letters in order with gaps still find a command, after the prefix and substring matches.
    expect(menuMatches("rvw").map((c) => c.name)).toEqual(["review"]);
  });

  it("opens the menu only for a lone /word", () => {
    expect(slashQuery("/mo")).toBe("mo");
    expect(slashQuery("/")).toBe("");
    expect(slashQuery("/model x")).toBeUndefined();
    expect(slashQuery("hi /x")).toBeUndefined();
  });

  it("parses names, aliases and arguments", () => {
    expect(parseSlash("/quit")).toMatchObject({ name: "quit", args: "" });
    expect(parseSlash("/exit")).toMatchObject({ name: "quit", command: { name: "quit" } });
    expect(parseSlash("/rollback 2")).toMatchObject({
      name: "rollback",
      args: "2",
      command: { name: "rollback" },
    });
    expect(parseSlash("/skills x")).toMatchObject({ name: "skills", args: "x", command: { name: "skills" } });
    expect(parseSlash("/nope")).toMatchObject({ name: "nope", command: undefined });
    expect(parseSlash("/path/to/file")).toBeUndefined();
  });
});

describe("/status", () => {
  it("reports model, provider, cwd, sandbox, approvals, tokens, context left and the thread id", () => {
    const state = replay(recordedEvents("shell"));
    const card = statusCard(state, "9.9.9");
    const rows = Object.fromEntries(card.rows);
    expect(card.title).toBe("codex-ts v9.9.9");
    expect(rows).toMatchObject({
      Model: "gpt-5.1-codex",
      Provider: "openai",
      Directory: "/work/project",
      Sandbox: "danger-full-access",
      "Approval policy": "never",
      "Collaboration mode": "default",
      "Tokens used": "30 (input 20, cached 0, output 10)",
      "Context left": "100% of 272K",
    });
    expect(rows["Thread id"]).toBe(state.session?.threadId);
  });

  it("describes a workspace-write sandbox", () => {
    expect(
      describeSandbox({
        type: "workspace-write",
        writable_roots: ["/data"],
        network_access: true,
        exclude_slash_tmp: false,
        exclude_tmpdir_env_var: false,
      }),
    ).toBe("workspace-write (network on; also writes /data)");
  });
});

describe("/init", () => {
  it("writes a starter AGENTS.md, never over an existing one", () => {
    const dir = scratch();
    expect(writeStarterAgentsMd(dir)).toEqual({ written: true, path: join(dir, "AGENTS.md") });
    expect(readFileSync(join(dir, "AGENTS.md"), "utf8")).toBe(STARTER_AGENTS_MD);
    writeFileSync(join(dir, "AGENTS.md"), "mine");
    expect(writeStarterAgentsMd(dir)).toMatchObject({
      written: false,
      reason: expect.stringContaining("already exists"),
    });
    expect(readFileSync(join(dir, "AGENTS.md"), "utf8")).toBe("mine");
  });
});

describe("/diff", () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd, stdio: "pipe" });

  it("shows tracked changes against HEAD and untracked files", async () => {
    const dir = scratch();
    git(dir, "init", "-q");
    writeFileSync(join(dir, "a.txt"), "one\n");
    git(dir, "add", ".");
    git(dir, "commit", "-qm", "init");
    writeFileSync(join(dir, "a.txt"), "two\n");
    writeFileSync(join(dir, "new.txt"), "fresh\n");
    const diff = await workingTreeDiff(dir);
    expect(diff.kind).toBe("diff");
    const text = diff.kind === "diff" ? diff.text : "";
    expect(text).toContain("-one\n+two");
    expect(text).toContain("+++ b/new.txt");
    expect(text).toContain("+fresh");
  });

  it("says when the directory is not a repository", async () => {
    expect(await workingTreeDiff(scratch())).toEqual({ kind: "not_a_repo" });
  });
});
