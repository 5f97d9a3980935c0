// The fleet dashboard of `codex-ts web --redis URL` in a real browser: a real redis-server, one real
// `codex-ts worker`, the `fleet` command line, Debian's chromium, and the fake model. The page reaches the
// fleet only through `x-fleet/` methods on its token-protected WebSocket.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import NodeWebSocket from "ws";
import { launchBrowser, type TestBrowser } from "../support/browser.js";
import { makeHome, type TestHome } from "../support/cli.js";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { fleet, makeRepo, waitForItem, WorkerProcess } from "../support/fleet.js";
import { RedisServer } from "../support/redis-server.js";
import { startWeb, type WebProcess } from "../support/web.js";
import { scratchDir } from "../support/scratch.js";

type Json = Record<string, unknown>;

const WAIT = { timeout: 30_000 };
const TEST_MS = 60_000;
const SHOTS = process.env.CODEX_TS_WEB_SCREENSHOTS;

let redis: RedisServer;
let model: Awaited<ReturnType<typeof startFakeModel>>;
let home: TestHome;
let repo: string;
let worker: WorkerProcess;
let web: WebProcess;
let chromium: TestBrowser;
let page: Page;
const pageErrors: string[] = [];

/** By prompt: "write a file" runs a command then answers; "needs approval" asks to escalate; "hang" never answers. */
function route(request: { body: { input?: Json[] } }) {
  const input = request.body.input ?? [];
  const prompt = lastUserText(input);
  const answered = input.some((i) => i.type === "function_call_output");
  if (prompt.includes("write a file") && !answered)
    return reply.shell(["bash", "-lc", "echo hello > hello.txt"]);
  if (prompt.includes("needs approval") && !answered) {
    return reply.functionCall("shell", {
      command: ["bash", "-lc", "touch approved.txt"],
      sandbox_permissions: "require_escalated",
      justification: "needs it",
    });
  }
  if (prompt.includes("hang")) return reply.hang();
  return reply.message(`done: ${prompt}`);
}

beforeAll(async () => {
  redis = await RedisServer.start();
  model = await startFakeModel({ fallback: route });
  home = makeHome(model.url, "", { git: false });
  const root = scratchDir("codex-ts-web-fleet-");
  repo = makeRepo(join(root, "repo"));
  worker = new WorkerProcess(["--redis", redis.url, "--store", join(root, "store")], home.env);
  await worker.ready;
  web = await startWeb(home, ["--redis", redis.url]);
  chromium = await launchBrowser();
  page = await chromium.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
  await page.goto(`${web.url}#fleet`);
  await page
    .getByRole("status")
    .filter({ hasText: /^connected$/ })
    .waitFor(WAIT);
});

afterAll(async () => {
  await chromium?.close();
  await web?.close();
  await worker?.stop();
  await model?.close();
  await redis?.stop();
  expect(pageErrors).toEqual([]);
});

async function submitCli(prompt: string): Promise<string> {
  const submitted = await fleet(["submit", "--repo", repo, "--prompt", prompt], home.env, redis.url);
  expect(submitted.code).toBe(0);
  return submitted.stdout.trim();
}

const row = (id: string) => page.locator(`tr[data-task="${id}"]`);
const taskState = () => page.getByLabel("Task state");

async function openTask(id: string): Promise<void> {
  await row(id).getByRole("button").click();
  await page.getByRole("article", { name: `Task ${id}` }).waitFor(WAIT);
}

async function shot(name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

describe("codex-ts web --redis: the fleet dashboard", () => {
  it(
    "lists a task submitted on the command line, follows its items, and shows its diff, tokens and time",
    async () => {
      const id = await submitCli("write a file please");
      await row(id).waitFor(WAIT);
      await openTask(id);
      await taskState()
        .filter({ hasText: /^done$/ })
        .waitFor(WAIT);
      const items = page.getByRole("region", { name: "Task items" });
      const command = items.getByRole("region", { name: /^Command / });
      await command.getByText("exit 0").waitFor(WAIT);
      await expect(command.locator(".cmd").textContent()).resolves.toContain("echo hello > hello.txt");
      await items.getByText(/^Run 1 on /).waitFor(WAIT);
      await items.getByText("Finished: done").waitFor(WAIT);
      await items.getByRole("region", { name: "Agent" }).getByText("done: write a file please").waitFor(WAIT);
      const diff = page.getByRole("region", { name: "Task diff" });
      await diff.getByRole("figure", { name: "Changes to hello.txt" }).getByText("+hello").waitFor(WAIT);
      // Each item once, although the page followed the stream from its start while it grew.
      await expect(command.count()).resolves.toBe(1);
      const tokens = await page.getByLabel("Tokens").textContent();
      expect(Number(tokens?.split(" ")[0]?.replace(/,/g, ""))).toBeGreaterThan(0);
      await expect(row(id).locator(".num").first().textContent()).resolves.toMatch(/^[\d,]+$/);
      await expect(row(id).locator(".num").last().textContent()).resolves.toMatch(/^\d+s$/);
      await shot("web-fleet");
    },
    TEST_MS,
  );

  it(
    "cancels a queued task and a running one, and retries the cancelled task to its end",
    async () => {
      const running = await submitCli("hang forever");
      await waitForItem(redis.url, running, (e) => e.type === "turn.started");
      // The one worker runs one task at a time: this one waits in the queue.
      const queued = await submitCli("later, please");
      await row(queued).getByText("queued").waitFor(WAIT);
      await openTask(queued);
      await taskState()
        .filter({ hasText: /^queued$/ })
        .waitFor(WAIT);
      await page.getByRole("button", { name: "Cancel task" }).click();
      await taskState()
        .filter({ hasText: /^cancelled$/ })
        .waitFor(WAIT);

      await openTask(running);
      await taskState()
        .filter({ hasText: /^active$/ })
        .waitFor(WAIT);
      await page.getByRole("button", { name: "Cancel task" }).click();
      await taskState()
        .filter({ hasText: /^cancelled$/ })
        .waitFor(WAIT);
      await page.getByRole("region", { name: "Task items" }).getByText("Finished: cancelled").waitFor(WAIT);

      await openTask(queued);
      await page.getByRole("button", { name: "Retry task" }).click();
      await taskState()
        .filter({ hasText: /^done$/ })
        .waitFor(WAIT);
      await page
        .getByRole("region", { name: "Task items" })
        .getByRole("region", { name: "Agent" })
        .getByText("done: later, please")
        .waitFor(WAIT);
      // Retried elsewhere (the command line) while the page shows it: the page follows its next run.
      await openTask(running);
      const items = page.getByRole("region", { name: "Task items" });
      await items.getByText("Finished: cancelled").waitFor(WAIT);
      const retried = await fleet(["retry", running], home.env, redis.url);
      expect(retried.code).toBe(0);
      await items.getByText(/^Run 2 on /).waitFor(WAIT);
      // The next run starts by telling the model the last one stopped: the fake model then answers.
      await taskState()
        .filter({ hasText: /^done$/ })
        .waitFor(WAIT);
      await items.getByText("Finished: done").waitFor(WAIT);

      const status = JSON.parse((await fleet(["status", "--json"], home.env, redis.url)).stdout) as Json[];
      expect(status.find((t) => t.id === running)?.state).toBe("completed");
      expect(status.find((t) => t.id === queued)?.state).toBe("completed");
    },
    TEST_MS,
  );

  it(
    "submits a task from the page and approves the command it is parked on",
    async () => {
      const form = page.getByRole("form", { name: "New task" });
      await form.getByLabel("Repository").fill(repo);
      await form.getByLabel("Task prompt").fill("needs approval");
      await form.getByLabel("Approval").selectOption("on-request");
      await form.getByRole("button", { name: "Submit task" }).click();
      const approval = page.getByRole("alert", { name: "Approval requested" });
      await approval.getByText("touch approved.txt").waitFor(WAIT);
      await taskState()
        .filter({ hasText: /^waiting for approval$/ })
        .waitFor(WAIT);
      await shot("web-fleet-approval");
      await approval.getByRole("button", { name: "Approve", exact: true }).click();
      await taskState()
        .filter({ hasText: /^done$/ })
        .waitFor(WAIT);
      await page
        .getByRole("region", { name: "Task diff" })
        .getByRole("figure", { name: "Changes to approved.txt" })
        .waitFor(WAIT);
      await page
        .getByRole("region", { name: "Task items" })
        .getByText("Approval answered: approved")
        .waitFor(WAIT);
      // 360 px wide: the task, or the list ("Tasks"); nothing wider than the screen.
      await page.setViewportSize({ width: 360, height: 720 });
      const scrollWidth = () => page.evaluate<number>("document.documentElement.scrollWidth");
      await expect(scrollWidth()).resolves.toBeLessThanOrEqual(360);
      await page.getByRole("button", { name: "Tasks", exact: true }).click();
      await page.getByRole("table", { name: "Tasks" }).waitFor(WAIT);
      await expect(scrollWidth()).resolves.toBeLessThanOrEqual(360);
      await shot("web-fleet-narrow");
      await page.setViewportSize({ width: 1100, height: 720 });
    },
    TEST_MS,
  );

  it(
    "keeps working after Redis restarts",
    async () => {
      // Down long enough that a client giving up after a few tries would stay down: the page says the
      // calls failed twice (it reads the list every second) before Redis comes back.
      await redis.stop();
      const banner = page.locator(".error.banner");
      await banner.waitFor(WAIT);
      await banner.getByRole("button", { name: "Dismiss error" }).click();
      await banner.waitFor(WAIT);
      await redis.launch();
      await banner.getByRole("button", { name: "Dismiss error" }).click();
      // The dashboard's client reconnects: a task submitted afterwards shows up and runs to its end.
      const id = await submitCli("after the restart");
      await row(id).waitFor(WAIT);
      await openTask(id);
      await taskState()
        .filter({ hasText: /^done$/ })
        .waitFor(WAIT);
      await page
        .getByRole("region", { name: "Task items" })
        .getByRole("region", { name: "Agent" })
        .getByText("done: after the restart")
        .waitFor(WAIT);
    },
    TEST_MS,
  );

  it(
    "answers bad calls with errors, and has no x-fleet/ methods without --redis",
    async () => {
      const call = async (server: WebProcess, method: string, params: unknown) => {
        const ws = new NodeWebSocket(`${server.origin.replace("http", "ws")}/ws?token=${server.token}`, {
          origin: server.origin,
        });
        // Every message is kept as it comes: several can arrive in one read (an answer and the
        // notifications after it), before the test asks for the next.
        const answers: Json[] = [];
        let waiting: ((message: Json) => void) | undefined;
        ws.on("message", (data: Buffer) => {
          const message = JSON.parse(data.toString("utf8")) as Json;
          if (waiting) {
            const deliver = waiting;
            waiting = undefined;
            deliver(message);
          } else answers.push(message);
        });
        const next = () =>
          new Promise<Json>((resolve) => {
            const have = answers.shift();
            if (have) return resolve(have);
            waiting = resolve;
          });
        await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
        ws.send(
          JSON.stringify({
            id: 1,
            method: "initialize",
            params: { clientInfo: { name: "t", version: "1" } },
          }),
        );
        await next();
        ws.send(JSON.stringify({ id: 2, method, params }));
        let answer = await next();
        while (answer.id !== 2) answer = await next();
        ws.close();
        return answer;
      };
      const missing = await call(web, "x-fleet/task/read", { id: "t-nope" });
      expect((missing.error as Json).message).toContain("no task t-nope");
      const bad = await call(web, "x-fleet/task/approve", { id: "t-nope", decision: "maybe" });
      expect((bad.error as Json).code).toBe(-32602);
      const badTask = await call(web, "x-fleet/task/submit", { task: { repo, prompt: "" } });
      expect((badTask.error as Json).message).toContain("invalid task");

      // The threads page links to the dashboard when the server has a fleet.
      await page.goto(web.url);
      await page.getByRole("link", { name: "Fleet" }).click();
      await page.getByRole("table", { name: "Tasks" }).waitFor(WAIT);

      const plain = await startWeb(home);
      try {
        const none = await call(plain, "x-fleet/task/list", {});
        expect((none.error as Json).code).toBe(-32601);
      } finally {
        await plain.close();
      }
      // A Redis that is not there is said at start, not on the page.
      await expect(startWeb(home, ["--redis", "redis://127.0.0.1:1"])).rejects.toThrow(
        /exited \(2\): Error: cannot reach Redis at redis:\/\/127\.0\.0\.1:1/,
      );
      await expect(startWeb(home, ["--redis", "http://x"])).rejects.toThrow(
        /--redis must be a redis:\/\/ URL/,
      );
    },
    TEST_MS,
  );
});
