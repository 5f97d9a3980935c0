// `codex-ts web` in a real browser: Debian's chromium (headless, through playwright-core) against the
// built CLI and the fake model. The page is a client of the app-server protocol only.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import NodeWebSocket from "ws";
import { makeHome } from "../support/cli.js";
import { reply, sse, startFakeModel } from "../support/fake-model.js";
import { startWeb, type WebProcess } from "../support/web.js";
import { connected, message, send, shot, TEST_MS, useWebPages, WAIT } from "../support/web-page.js";

const { start, cleanups, browser } = useWebPages();

/** Runs in the page (a string: the tests' TypeScript has no DOM types). */
const RECORD_ANSWER_TEXTS = `
  window.seen = [];
  new MutationObserver(() => {
    const text = document.querySelector(".item.agent")?.textContent ?? "";
    if (text && window.seen.at(-1) !== text) window.seen.push(text);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
`;

/** A 1x1 PNG. */
const PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** Pastes PIXEL_PNG into the message box, as a clipboard holding an image file would. */
const PASTE_IMAGE = `(() => {
  const bytes = Uint8Array.from(atob("${PIXEL_PNG}"), (c) => c.charCodeAt(0));
  const data = new DataTransfer();
  data.items.add(new File([bytes], "pixel.png", { type: "image/png" }));
  const box = document.querySelector("textarea");
  box.focus();
  box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
})()`;

describe("codex-ts web", () => {
  it(
    "a prompt's answer streams into the page and renders as markdown; rate limits show",
    async () => {
      const { model, page } = await start();
      model.push({
        ...reply.slow("Here is **bold** text and `code`, streamed in pieces.", 40),
        // The model's usage limits, as the real API sends them: shown in the header.
        headers: {
          "x-codex-primary-used-percent": "42",
          "x-codex-primary-window-minutes": "300",
          "x-codex-primary-reset-after-seconds": "3600",
          "x-codex-secondary-used-percent": "12",
          "x-codex-secondary-window-minutes": "10080",
        },
      });
      // Record every text the answer shows, to see it grow (streamed) rather than appear once.
      await page.evaluate(RECORD_ANSWER_TEXTS);
      await send(page, "explain please");
      const answer = page.getByRole("region", { name: "Agent" });
      await answer.getByText("streamed in pieces.").waitFor(WAIT);
      await expect(answer.locator("strong").textContent()).resolves.toBe("bold");
      await expect(answer.locator("code").textContent()).resolves.toBe("code");
      const seen = await page.evaluate<string[]>("window.seen");
      expect(seen.length).toBeGreaterThan(2);
      expect(seen.at(-1)?.trim()).toBe("Here is bold text and code, streamed in pieces.");
      await page.getByRole("button", { name: "Send" }).waitFor(WAIT);
      await page.getByLabel("Rate limits").getByText("5h 42% · weekly 12%").waitFor(WAIT);
      // When the 5-hour window resets (in an hour), as the figures' description.
      expect(await page.getByLabel("Rate limits").getAttribute("title")).toMatch(/^5h resets \S/);
      await shot(page, "web-thread");
    },
    TEST_MS,
  );

  it(
    "a command waits for approval in a dialog, then its output and exit status show",
    async () => {
      const { model, home, page } = await start({ home: { shellTool: "default" } });
      await page.getByLabel("Approval").selectOption("untrusted");
      await page.getByLabel("Sandbox").selectOption("workspace-write");
      model.push(reply.exec("touch approved.txt; echo made-by-command"), reply.message("made it"));
      await send(page, "make a file");
      const dialog = page.getByRole("dialog", { name: "Run this command?" });
      await dialog.waitFor(WAIT);
      await expect(dialog.textContent()).resolves.toContain("touch approved.txt; echo made-by-command");
      await shot(page, "web-approval");
      await dialog.getByRole("button", { name: "Approve", exact: true }).click();
      const command = page.getByRole("region", { name: /^Command / });
      await command.getByText("exit 0").waitFor(WAIT);
      await expect(command.locator(".output").textContent()).resolves.toBe("made-by-command\n");
      await page.getByRole("region", { name: "Agent" }).getByText("made it").waitFor(WAIT);
      expect(await dialog.count()).toBe(0);
      expect(model.requests.at(-1)?.body.input?.some((i) => i.type === "function_call_output")).toBe(true);
      const { existsSync } = await import("node:fs");
      expect(existsSync(join(home.cwd, "approved.txt"))).toBe(true);
    },
    TEST_MS,
  );

  it(
    "the model's questions are a dialog, and the answer reaches the model",
    async () => {
      const { model, page } = await start();
      const questions = [
        {
          id: "db",
          header: "Database",
          question: "Which database?",
          options: [
            { value: "pg", label: "Postgres", description: "Robust." },
            { value: "sqlite", label: "SQLite", description: "Simple." },
          ],
        },
      ];
      model.push(
        reply.functionCall("request_user_input", { questions }, "q1"),
        reply.message("using sqlite"),
      );
      await send(page, "set up storage");
      const dialog = page.getByRole("dialog", { name: "The agent asks" });
      await dialog.getByText("Which database?").waitFor(WAIT);
      await dialog.getByRole("radio", { name: /SQLite/ }).check();
      await dialog.getByRole("button", { name: "Answer" }).click();
      await page.getByText("using sqlite").waitFor(WAIT);
      const output = model.requests
        .flatMap((r) => r.body.input ?? [])
        .find((i) => i.type === "function_call_output" && i.call_id === "q1")?.output;
      expect(JSON.parse(String(output))).toEqual({ answers: { db: { selected: ["sqlite"], other: null } } });
    },
    TEST_MS,
  );

  it(
    "@ mentions a file found by fuzzy search; a pasted image goes with the prompt",
    async () => {
      const { model, home, page } = await start();
      mkdirSync(join(home.cwd, "src"));
      writeFileSync(join(home.cwd, "src", "parser.ts"), "export {};\n");
      writeFileSync(join(home.cwd, "README.md"), "# hi\n");
      await message(page).pressSequentially("look at @pars");
      const files = page.getByRole("listbox", { name: "Files" });
      await files.getByRole("option", { name: "src/parser.ts" }).waitFor(WAIT);
      await message(page).press("Enter");
      await expect(message(page).inputValue()).resolves.toBe("look at src/parser.ts ");
      expect(await files.count()).toBe(0);

      await page.evaluate(PASTE_IMAGE);
      await page.getByRole("img", { name: "Pasted image 1" }).waitFor(WAIT);
      await message(page).press("Enter");
      await page.getByText("(fake model) you said: look at src/parser.ts").waitFor(WAIT);
      const input = JSON.stringify(model.requests.at(-1)?.body.input);
      expect(input).toContain("look at src/parser.ts");
      expect(input).toContain(`data:image/png;base64,${PIXEL_PNG}`);
      await page.getByRole("img", { name: "Attached image" }).waitFor(WAIT);
      expect(await page.getByRole("img", { name: "Pasted image 1" }).count()).toBe(0);
    },
    TEST_MS,
  );

  it(
    "a patch shows as a diff",
    async () => {
      const { model, home, page } = await start();
      writeFileSync(join(home.cwd, "notes.txt"), "first line\nold line\n");
      const patch = [
        "*** Begin Patch",
        "*** Update File: notes.txt",
        "@@",
        " first line",
        "-old line",
        "+new line",
        "*** Add File: added.txt",
        "+hello",
        "*** End Patch",
      ].join("\n");
      model.push(
        { events: [sse.created(), sse.customToolCall("apply_patch", patch), sse.completed()] },
        reply.message("patched"),
      );
      await page.getByLabel("Sandbox").selectOption("workspace-write");
      await send(page, "fix the notes");
      const notes = page.getByRole("figure", { name: `Changes to ${join(home.cwd, "notes.txt")}` });
      await notes.waitFor(WAIT);
      await expect(notes.locator(".diff-del").textContent()).resolves.toContain("-old line");
      await expect(notes.locator(".diff-add").textContent()).resolves.toContain("+new line");
      await expect(notes.locator(".diff-ctx").first().textContent()).resolves.toContain("first line");
      const added = page.getByRole("figure", { name: `Changes to ${join(home.cwd, "added.txt")}` });
      await expect(added.locator(".diff-add").textContent()).resolves.toContain("+hello");
      await page.getByRole("region", { name: "Agent" }).getByText("patched").waitFor(WAIT);
      await shot(page, "web-diff");
      // Side by side: the removed line beside the line that replaced it.
      await page.getByRole("button", { name: "Side by side" }).click();
      const row = notes.locator("table.split tr", { hasText: "old line" });
      await expect(row.locator("td.diff-del").last().textContent()).resolves.toBe("old line");
      await expect(row.locator("td.diff-add").last().textContent()).resolves.toBe("new line");
      await shot(page, "web-diff-split");
      // The choice is remembered (localStorage); set it back for the other tests of this browser profile.
      await page.getByRole("button", { name: "Side by side" }).click();
    },
    TEST_MS,
  );

  it(
    "Interrupt (the button, or Escape) stops a running turn",
    async () => {
      const { model, page } = await start();
      model.push(reply.hang());
      await send(page, "take forever");
      const interrupt = page.getByRole("button", { name: "Interrupt" });
      await interrupt.waitFor(WAIT);
      await model.waitForRequests(1);
      await interrupt.click();
      await page.getByText("Interrupted").waitFor(WAIT);
      await page.getByRole("button", { name: "Send" }).waitFor(WAIT);
      // The thread goes on: the next prompt is answered.
      await send(page, "and now?");
      await page.getByText("(fake model) you said: and now?").waitFor(WAIT);
      // Escape interrupts too, as in the terminal UI.
      model.push(reply.hang());
      await send(page, "again forever");
      await interrupt.waitFor(WAIT);
      await model.waitForRequests(3);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByText("Interrupted").count(), WAIT).toBe(2);
    },
    TEST_MS,
  );

  it(
    "after a reload the thread is in the list and opens again",
    async () => {
      const { page } = await start();
      await send(page, "remember the walrus");
      await page.getByText("(fake model) you said: remember the walrus").waitFor(WAIT);
      const threads = page.getByRole("navigation", { name: "Threads" });
      await threads.getByText("remember the walrus").waitFor(WAIT);
      await page.reload();
      await connected(page);
      // The open thread is in the URL's fragment: it comes back by itself, and the list has it.
      await page.getByText("(fake model) you said: remember the walrus").waitFor(WAIT);
      await threads.getByRole("button", { name: /^remember the walrus/ }).waitFor(WAIT);
      await page.getByRole("button", { name: "New thread" }).click();
      await expect(page.getByText("(fake model) you said").count()).resolves.toBe(0);
      await threads.getByRole("button", { name: /^remember the walrus/ }).click();
      await page.getByText("(fake model) you said: remember the walrus").waitFor(WAIT);
      expect(await page.getByText("(fake model) you said: remember the walrus").count()).toBe(1);
      await shot(page, "web-list");
    },
    TEST_MS,
  );

  it(
    "a dropped connection comes back and catches up from the thread, without duplicates",
    async () => {
      const { model, web, page } = await start();
      const answer = "This answer keeps streaming while the page is offline, and ends here.";
      model.push(reply.slow(answer, 120));
      await send(page, "stream slowly");
      const agent = page.getByRole("region", { name: "Agent" });
      await agent.getByText("This ans").waitFor(WAIT);
      await browser().context.setOffline(true);
      await page.getByRole("status").filter({ hasText: "reconnecting" }).waitFor(WAIT);
      // Another client of the same server sees the turn end while the page is away.
      const threadId = new URL(page.url()).hash.replace("#thread=", "");
      await waitTurnCompleted(web, threadId);
      expect(await agent.textContent()).not.toContain("ends here.");
      await browser().context.setOffline(false);
      await connected(page);
      await agent.getByText(answer).waitFor(WAIT);
      expect(await page.getByRole("region", { name: "Agent" }).count()).toBe(1);
      expect(await page.getByRole("region", { name: "You" }).count()).toBe(1);
      await page.getByRole("button", { name: "Send" }).waitFor(WAIT);
      await send(page, "still there?");
      await page.getByText("(fake model) you said: still there?").waitFor(WAIT);
      expect(await page.getByRole("region", { name: "Agent" }).count()).toBe(2);
    },
    TEST_MS,
  );

  it(
    "the thread list: rename, search, fork, archive and unarchive",
    async () => {
      const { page } = await start();
      const threads = page.getByRole("navigation", { name: "Threads" });
      for (const prompt of ["alpha topic", "beta topic"]) {
        await page.getByRole("button", { name: "New thread" }).click();
        await send(page, prompt);
        await page.getByText(`(fake model) you said: ${prompt}`).waitFor(WAIT);
        await threads.getByRole("button", { name: new RegExp(`^${prompt}`) }).waitFor(WAIT);
      }
      await threads.getByRole("button", { name: "Rename alpha topic" }).click();
      await threads.getByRole("textbox", { name: "Thread name" }).fill("Renamed Alpha");
      await threads.getByRole("button", { name: "Save" }).click();
      await threads.getByRole("button", { name: /^Renamed Alpha/ }).waitFor(WAIT);

      // Ctrl+K goes to the search box.
      await page.keyboard.press("Control+k");
      await page.keyboard.type("beta");
      await threads
        .getByRole("button", { name: "Rename alpha topic" })
        .waitFor({ state: "detached", ...WAIT });
      await threads.getByRole("button", { name: /^beta topic/ }).waitFor(WAIT);
      await threads.getByRole("searchbox", { name: "Search threads" }).fill("");

      const listed = threads.locator(".thread-open");
      // The list is asked again a moment after the search box changes.
      await expect.poll(() => listed.count(), WAIT).toBe(2);
      const beforeFork = page.url();
      await threads.getByRole("button", { name: "Fork beta topic" }).click();
      await expect.poll(() => page.url(), WAIT).not.toBe(beforeFork);
      // The fork is open (a new thread id in the URL) and holds the history it was forked from.
      await page.getByText("(fake model) you said: beta topic").waitFor(WAIT);
      await send(page, "in the fork");
      await page.getByText("(fake model) you said: in the fork").waitFor(WAIT);
      await expect.poll(() => listed.count(), WAIT).toBe(3);

      await threads.getByRole("button", { name: "Archive Renamed Alpha" }).click();
      await threads.getByRole("button", { name: /^Renamed Alpha/ }).waitFor({ state: "detached", ...WAIT });
      await threads.getByRole("checkbox", { name: "Archived" }).check();
      await threads.getByRole("button", { name: "Unarchive Renamed Alpha" }).click();
      await threads.getByRole("button", { name: /^Renamed Alpha/ }).waitFor({ state: "detached", ...WAIT });
      await threads.getByRole("checkbox", { name: "Archived" }).uncheck();
      await threads.getByRole("button", { name: /^Renamed Alpha/ }).waitFor(WAIT);
    },
    TEST_MS,
  );

  it(
    "at 360 px wide the page fits, and the list opens from the Threads button",
    async () => {
      const { page } = await start({ width: 360 });
      await page.getByRole("button", { name: "Dark theme" }).click();
      await send(page, "small screen");
      await page.getByText("(fake model) you said: small screen").waitFor(WAIT);
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
      const threads = page.getByRole("navigation", { name: "Threads" });
      expect(await threads.isVisible()).toBe(false);
      await shot(page, "web-narrow");
      await page.getByRole("button", { name: "Threads", exact: true }).click();
      await threads.getByRole("button", { name: /^small screen/ }).click();
      expect(await threads.isVisible()).toBe(false);
      await page.getByText("(fake model) you said: small screen").waitFor(WAIT);
    },
    TEST_MS,
  );

  it(
    "without the token the page and the WebSocket are refused",
    async () => {
      const { web } = await start();
      for (const path of ["/", "/?token=wrong", `/?token=${web.token}x`, "/index.html"]) {
        const response = await fetch(web.origin + path);
        expect(response.status, path).toBe(401);
      }
      const page = await fetch(web.url);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(page.headers.get("set-cookie")).toBeNull();
      const status = await upgradeStatus(`${web.origin.replace("http", "ws")}/ws`, web.origin);
      expect(status).toBe(401);
    },
    TEST_MS,
  );

  it(
    "--host beyond loopback warns; --port is checked",
    async () => {
      const model = await startFakeModel();
      cleanups.push(() => model.close());
      const home = makeHome(model.url);
      const web = await startWeb(home, ["--host", "0.0.0.0"]);
      cleanups.push(() => web.close());
      await expect.poll(() => web.stderr(), WAIT).toContain("Warning: listening on 0.0.0.0, not loopback");
      const port = new URL(web.origin).port;
      expect((await fetch(`http://127.0.0.1:${port}/?token=${web.token}`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(401);
      await expect(startWeb(home, ["--port", "70000"])).rejects.toThrow(/--port expects a number/);
    },
    TEST_MS,
  );

  it(
    "a WebSocket from another origin is refused, in the browser and by a raw client",
    async () => {
      const { web } = await start();
      const wsUrl = `${web.origin.replace("http", "ws")}/ws?token=${web.token}`;
      expect(await upgradeStatus(wsUrl, "http://evil.example")).toBe(403);
      expect(await upgradeStatus(wsUrl, undefined)).toBe(403);
      // A page on another origin (another port of 127.0.0.1) that knows the token still cannot connect.
      const foreign = await serveForeignPage();
      cleanups.push(
        () =>
          new Promise((resolve) => {
            foreign.server.closeAllConnections();
            foreign.server.close(() => resolve());
          }),
      );
      const page = await browser().context.newPage();
      cleanups.push(() => page.close());
      await page.goto(foreign.url);
      const outcome = await page.evaluate(
        (url) =>
          new Promise<string>((resolve) => {
            const socket = new WebSocket(url);
            socket.onopen = () => resolve("open");
            socket.onclose = () => resolve("closed");
          }),
        wsUrl,
      );
      expect(outcome).toBe("closed");
    },
    TEST_MS,
  );
});

/** Joins the thread as a second app-server client and resolves when its running turn completes. */
async function waitTurnCompleted(web: WebProcess, threadId: string): Promise<void> {
  const socket = new NodeWebSocket(`${web.origin.replace("http", "ws")}/ws?token=${web.token}`, {
    origin: web.origin,
  });
  try {
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const completed = new Promise<void>((resolve) =>
      socket.on("message", (data: Buffer) => {
        const message = JSON.parse(data.toString("utf8")) as {
          id?: number;
          method?: string;
          result?: unknown;
        };
        if (message.method === "turn/completed") resolve();
        // The turn may have ended before this client joined: thread/resume then shows it completed.
        const turns = (message.result as { thread?: { turns?: Array<{ status: string }> } } | undefined)
          ?.thread?.turns;
        if (message.id === 2 && turns?.at(-1)?.status === "completed") resolve();
      }),
    );
    socket.send(
      JSON.stringify({ id: 1, method: "initialize", params: { clientInfo: { name: "t", version: "1" } } }),
    );
    socket.send(JSON.stringify({ method: "initialized" }));
    socket.send(JSON.stringify({ id: 2, method: "thread/resume", params: { threadId } }));
    await completed;
  } finally {
    socket.close();
  }
}

/** The HTTP status an upgrade to `url` gets (101 when it is accepted). */
function upgradeStatus(url: string, origin: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new NodeWebSocket(url, origin ? { origin } : {});
    socket.on("open", () => {
      socket.close();
      resolve(101);
    });
    socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    socket.on("error", reject);
  });
}

function serveForeignPage(): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>elsewhere</title>");
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    }),
  );
}
