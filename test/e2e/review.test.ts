// Review mode on every surface: `codex-ts review` (and `exec review`), the app-server's review/start,
// `/review` in the TUI and the mcp-server's review tool. The fake model answers with findings as JSON.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { CLI, jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";
import { startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { TmuxSession } from "../support/tmux.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let term: TmuxSession | undefined;
let mcp: Client | undefined;
afterEach(async () => {
  term?.kill();
  term = undefined;
  await mcp?.close();
  mcp = undefined;
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});
const app = useAppServer();

/** A real repository with one commit on `main`, a second on `feature`, and an uncommitted change. */
function repo(home: TestHome): { base: string; head: string } {
  rmSync(join(home.cwd, ".git"), { recursive: true, force: true });
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
      cwd: home.cwd,
      encoding: "utf8",
    }).trim();
  git("init", "-q", "-b", "main");
  writeFileSync(join(home.cwd, "app.js"), "export const x = 1;\n");
  git("add", ".");
  git("commit", "-qm", "init");
  const base = git("rev-parse", "HEAD");
  git("checkout", "-qb", "feature");
  writeFileSync(join(home.cwd, "app.js"), "export const x = 2;\n");
  git("commit", "-qam", "bump x");
  const head = git("rev-parse", "HEAD");
  writeFileSync(join(home.cwd, "app.js"), "export const x = null.y;\n");
  return { base, head };
}

function findings(cwd: string) {
  return JSON.stringify({
    findings: [
      {
        title: "[P1] Dereference of null",
        body: "`null.y` throws a TypeError when the module loads.",
        confidence_score: 0.9,
        priority: 1,
        code_location: { absolute_file_path: join(cwd, "app.js"), line_range: { start: 1, end: 1 } },
      },
    ],
    overall_correctness: "patch is incorrect",
    overall_explanation: "The module no longer loads.",
    overall_confidence_score: 0.85,
  });
}

type Input = Array<{ role?: string; content?: Array<{ text?: string }> }>;
const texts = (input: unknown) =>
  (input as Input).map((m) => (m.content ?? []).map((c) => c.text ?? "").join(""));

describe("codex-ts review", () => {
  it("--uncommitted: the review prompt alone as context, findings rendered on stdout", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    repo(home);
    model.push(reply.message(findings(home.cwd)));
    const res = await runCli(["review", "--uncommitted"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/session id: [0-9a-f-]{36}/);
    expect(res.stderr).toContain(">> Code review started: current changes <<");
    expect(res.stdout).toMatch(/^The module no longer loads\.\n\nReview comment:\n\n- \[P1\] Dereference/);
    expect(res.stdout).toContain(`- [P1] Dereference of null — ${join(home.cwd, "app.js")}:1`);
    expect(res.stdout).toContain("`null.y` throws a TypeError when the module loads.");
    expect(res.stdout).toContain("(confidence 0.90)");
    const input = texts(model.requests[0]?.body.input);
    expect(input[0]).toMatch(/^# Code review/);
    expect(input.at(-1)).toMatch(
      /^Review the current code changes \(staged, unstaged, and untracked files\)/,
    );
    expect(input.some((t) => t.includes("<environment_context>"))).toBe(true);
  });

  it("--base, --commit with --title, and custom instructions name their target; exec review --json", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const { base, head } = repo(home);
    model.push(
      reply.message(findings(home.cwd)),
      reply.message(findings(home.cwd)),
      reply.message("not JSON at all"),
    );
    const run = (args: string[]) => runCli(args, { env: home.env, cwd: home.cwd });
    expect((await run(["review", "--base", "main"])).code).toBe(0);
    expect((await run(["review", "--commit", head, "--title", "bump x"])).code).toBe(0);
    const custom = await run([
      "exec",
      "-c",
      'model="gpt-5.1-codex-mini"',
      "review",
      "--json",
      "look only at app.js",
    ]);
    expect(custom.code).toBe(0);
    const [b, c, x] = model.requests.map((r) => texts(r.body.input).at(-1));
    expect(b).toContain(`against the base branch 'main'`);
    expect(b).toContain(`git diff ${base}`);
    expect(c).toContain(`introduced by commit ${head} ("bump x")`);
    expect(x).toBe("look only at app.js");
    expect(model.requests[2]?.body.model).toBe("gpt-5.1-codex-mini");
    const items = jsonLines(custom.stdout).filter((e) => e.type === "item.completed");
    // An answer that is not the findings JSON is kept as the explanation.
    expect(items.map((e) => e.item)).toEqual([
      { id: "item_0", type: "agent_message", text: "not JSON at all" },
    ]);

    const bad = await run(["review", "--base", "main", "--commit", head]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("choose one of --uncommitted, --base, --commit or a prompt");
  });
});

describe("review/start", () => {
  it("inline: enteredReviewMode, then exitedReviewMode with the findings; detached: a new thread", async () => {
    const { home, model: m, client: c } = await app.start();
    repo(home);
    const threadId = await startThread(c, { cwd: home.cwd });
    m.push(reply.message(findings(home.cwd)));
    const started = await c.call("review/start", { threadId, target: { type: "uncommittedChanges" } });
    expect(started.reviewThreadId).toBe(threadId);
    const turnId = (started.turn as Json).id;
    await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === turnId);
    const items = c.notifications("item/completed").map((p) => p.item as Json);
    const entered = items.find((i) => i.type === "enteredReviewMode");
    const exited = items.find((i) => i.type === "exitedReviewMode");
    expect(entered?.review).toBe("current changes");
    // As Codex: the answer's turn lists the review's user message (what it is of); its item says so too.
    const asked = [{ type: "text", text: "current changes", text_elements: [] }];
    expect((started.turn as Json).items).toEqual([
      {
        type: "userMessage",
        id: turnId,
        clientId: null,
        content: asked,
        startedAtMs: null,
        completedAtMs: null,
      },
    ]);
    expect(items.find((i) => i.type === "userMessage")?.content).toEqual(asked);
    expect(exited?.review).toContain("[P1] Dereference of null");
    expect(exited?.review).toContain(`${join(home.cwd, "app.js")}:1`);
    // A codex-ts extension: the findings as returned, for clients that show each with its location.
    expect(exited?.reviewOutput).toMatchObject({
      overall_correctness: "patch is incorrect",
      findings: [
        {
          title: "[P1] Dereference of null",
          priority: 1,
          confidence_score: 0.9,
          code_location: { absolute_file_path: join(home.cwd, "app.js"), line_range: { start: 1, end: 1 } },
        },
      ],
    });
    expect(items.indexOf(entered as Json)).toBeLessThan(items.indexOf(exited as Json));

    m.push(reply.message(findings(home.cwd)));
    const id = c.request(
      "review/start",
      { threadId, target: { type: "commit", sha: "HEAD" }, delivery: "detached" },
      { validate: false },
    );
    const detached = (await c.waitResponse(id)).result as Json;
    expect(detached.reviewThreadId).not.toBe(threadId);
    await c.waitNotification("turn/completed", (p) => p.threadId === detached.reviewThreadId);
    const last = c
      .notifications("item/completed")
      .filter((p) => p.threadId === detached.reviewThreadId)
      .map((p) => p.item as Json);
    expect(last.find((i) => i.type === "enteredReviewMode")?.review).toBe("commit HEAD");

    // The review's items are history: thread/read from another process shows them as they were.
    await c.close();
    const again = await app.spawn(home);
    const read = await again.call("thread/read", { threadId, includeTurns: true });
    const turns = (read.thread as Json).turns as Json[];
    const reviewTurn = turns.find((t) => t.id === turnId);
    const readItems = (reviewTurn?.items ?? []) as Json[];
    expect(readItems.find((i) => i.type === "enteredReviewMode")).toEqual(entered);
    expect(readItems.find((i) => i.type === "exitedReviewMode")).toEqual(exited);
  });
});

describe("/review and the mcp-server's review tool", () => {
  it("TUI: /review shows the review starting and its findings", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    repo(home);
    model.push(reply.message(findings(home.cwd)));
    term = TmuxSession.start({ args: [], env: home.env, cwd: home.cwd, width: 120, height: 40 });
    await term.waitFor("directory:");
    term.type("/review");
    term.press("Enter");
    await term.waitFor([
      "Dereference of null",
      ">> Code review started: current changes <<",
      "The module no longer loads.",
    ]);
  });

  it("mcp-server: review answers the findings as text and structured content", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    repo(home);
    model.push(reply.message(findings(home.cwd)));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp-server"],
      env: home.env as Record<string, string>,
      cwd: home.cwd,
      stderr: "pipe",
    });
    mcp = new Client({ name: "e2e", version: "1.0.0" }, { capabilities: {} });
    await mcp.connect(transport);
    expect(mcp.getServerVersion()?.version).toBe("0.169.0");
    const result = await mcp.callTool({ name: "review", arguments: { base: "main" } });
    expect(result.isError).toBeFalsy();
    const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");
    expect(text).toContain("[P1] Dereference of null");
    const structured = result.structuredContent as Json;
    expect(structured.threadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(structured.review).toMatchObject({
      overall_correctness: "patch is incorrect",
      findings: [{ title: "[P1] Dereference of null", priority: 1 }],
    });
  });
});
