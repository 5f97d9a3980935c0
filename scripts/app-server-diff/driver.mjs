/* eslint-disable @typescript-eslint/ban-ts-comment -- untyped JSON from two servers; a by-hand tool, not built or tested */
// @ts-nocheck -- a by-hand tool reading two servers' untyped JSON; not part of the build or the tests.
// Plays the scripted JSON-RPC sessions of sessions.mjs against an app-server (ours or the real Codex) and
// writes every message, both ways, as JSON lines tagged with the session. Each session gets a fresh
// server process, CODEX_HOME and git work folder, and starts with `initialize` (experimental API on), so
// request ids restart at 1 and the two transcripts pair up by id. Meant to run inside a loopback-only
// network namespace (see run.sh): the model is test/support/fake-model.js on 127.0.0.1.
// Usage: node scripts/app-server-diff/driver.mjs --server "<command line>" --out FILE [--session NAME]
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { lastUserText, reply, sse, startFakeModel } from "../../test/support/fake-model.js";
import { sessions } from "./sessions.mjs";

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const serverCommand = arg("--server");
const outFile = arg("--out");
const only = arg("--session", "all").split(",");
if (!serverCommand || !outFile) {
  console.error("usage: driver.mjs --server CMD --out FILE [--session NAME[,NAME]]");
  process.exit(2);
}

const PATCH =
  "*** Begin Patch\n*** Add File: added.txt\n+added by a patch\n*** Update File: README.md\n@@\n-hello\n+hello, patched\n*** End Patch\n";

/**
 * Replies by the last user text: "run: CMD" -> a command call, "patch" -> an apply_patch call,
 * "slow: TEXT" -> a message streamed slowly, "hang" -> never answers; else an echo.
 */
const model = await startFakeModel({
  fallback: (request) => {
    const input = request.body.input ?? [];
    const last = input[input.length - 1];
    if (last?.type === "function_call_output" || last?.type === "custom_tool_call_output")
      return reply.message("done");
    const text = lastUserText(input);
    const tools = request.body.tools ?? [];
    const names = tools.map((t) => t.name);
    if (text === "hang") return reply.hang();
    if (text.startsWith("slow: ")) return reply.slow(text.slice(6), 150);
    if (text === "patch") {
      const tool = tools.find((t) => t.name === "apply_patch");
      if (tool?.type === "custom")
        return { events: [sse.created(), sse.customToolCall("apply_patch", PATCH), sse.completed()] };
      return reply.functionCall("apply_patch", { input: PATCH });
    }
    if (text.startsWith("ask: ")) {
      // request_user_input with one question of two options (with `value` too: codex-ts's schema wants it).
      const option = (label) => ({ label, description: `${label} it`, value: label.toLowerCase() });
      const question = {
        id: "pick",
        header: "Pick",
        question: text.slice(5),
        options: [option("Keep"), option("Drop")],
      };
      return reply.functionCall("request_user_input", { questions: [question] });
    }
    if (text.startsWith("escalate: ")) {
      // A command the model asks to run outside the sandbox, with its justification.
      const args = {
        sandbox_permissions: "require_escalated",
        justification: "it writes outside the sandbox",
      };
      return reply.exec(text.slice(10), args);
    }
    if (!text.startsWith("run: ")) return reply.message(`echo: ${text}`);
    const cmd = text.slice(5);
    if (names.includes("exec_command")) return reply.exec(cmd);
    if (names.includes("shell_command")) return reply.functionCall("shell_command", { command: cmd });
    return reply.shell(["bash", "-lc", cmd]);
  },
});

/** A fresh CODEX_HOME and a git work folder with one committed README.md. */
function freshDirs(extraConfig = "") {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "as-diff-")));
  const home = join(root, "home");
  const work = join(root, "work");
  mkdirSync(home);
  mkdirSync(work);
  writeFileSync(join(work, "README.md"), "hello\n");
  const git = (...a) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...a], { cwd: work });
  git("init", "-q", "-b", "main");
  git("add", ".");
  git("commit", "-qm", "init");
  writeFileSync(
    join(home, "config.toml"),
    [
      'model = "gpt-5.5"', // a model the real one has metadata for (else a warning on every turn)
      'model_provider = "fake"',
      'approval_policy = "never"',
      'sandbox_mode = "danger-full-access"', // the real one's sandbox helper cannot start from the bare binary
      `[projects."${work}"]`,
      'trust_level = "trusted"',
      "[model_providers.fake]",
      'name = "fake"',
      `base_url = "${model.url}"`,
      'env_key = "FAKE_KEY"',
      'wire_api = "responses"',
      extraConfig,
    ].join("\n"),
  );
  return { root, home, work };
}

const log = [];
const t0 = Date.now();

/** Starts a server for one session and returns the client the session drives. */
function connect(session, extraConfig) {
  const { root, home, work } = freshDirs(extraConfig);
  log.push({ dir: "mark", session, root });
  const child = spawn("sh", ["-c", serverCommand], {
    env: {
      ...process.env,
      CODEX_HOME: home,
      FAKE_KEY: "fake",
      RUST_LOG: "error",
      HOME: root,
      OPENAI_API_KEY: undefined,
    },
    stdio: ["pipe", "pipe", "ignore"],
    cwd: work,
  });
  let nextId = 1;
  const pending = new Map();
  const listeners = new Set();
  const seen = [];
  const record = (dir, msg) => log.push({ session, dir, at: Date.now() - t0, msg });
  createInterface({ input: child.stdout }).on("line", (line) => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      log.push({ session, dir: "in", raw: line });
      return;
    }
    record("in", msg);
    if (msg.id !== undefined && !msg.method && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    }
    if (msg.method) seen.push({ msg, consumed: false });
    for (const l of [...listeners]) l(msg);
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const c = {
    root,
    work,
    home,
    model,
    reply,
    request(method, params, timeoutMs = 20_000) {
      const id = nextId++;
      const msg = { id, method, ...(params === undefined ? {} : { params }) };
      record("out", msg);
      child.stdin.write(JSON.stringify(msg) + "\n");
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          record("timeout", { id, method });
          resolve({ id, timeout: true });
        }, timeoutMs);
        pending.set(id, (m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    notify(method, params) {
      const msg = { method, ...(params === undefined ? {} : { params }) };
      record("out", msg);
      child.stdin.write(JSON.stringify(msg) + "\n");
    },
    /** Answers a server request (an approval, say). */
    respond(id, result) {
      const msg = { id, result };
      record("out", msg);
      child.stdin.write(JSON.stringify(msg) + "\n");
    },
    /**
     * Resolves with the first notification (or server request) matching and not yet waited on; undefined on
     * timeout. `method` may be a list: the first message of any of them.
     */
    waitFor(method, pred = () => true, timeoutMs = 15_000) {
      const wanted = [].concat(method);
      const hit = seen.find((e) => !e.consumed && wanted.includes(e.msg.method) && pred(e.msg));
      if (hit) {
        hit.consumed = true;
        return Promise.resolve(hit.msg);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          listeners.delete(l);
          record("timeout", { waitFor: method });
          resolve(undefined);
        }, timeoutMs);
        const l = (m) => {
          if (!wanted.includes(m.method) || !pred(m)) return;
          const entry = seen.find((e) => e.msg === m);
          if (entry) entry.consumed = true;
          clearTimeout(timer);
          listeners.delete(l);
          resolve(m);
        };
        listeners.add(l);
      });
    },
    async close() {
      // Let late notifications arrive, then end stdin and wait for the exit.
      await new Promise((r) => setTimeout(r, 400));
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      child.kill("SIGTERM");
      await exited;
      clearTimeout(timer);
    },
  };
  return c;
}

let failures = 0;
for (const [name, run] of Object.entries(sessions)) {
  if (!only.includes("all") && !only.includes(name)) continue;
  const c = connect(name, run.config?.() ?? "");
  try {
    await c.request("initialize", {
      clientInfo: { name: "diff", title: null, version: "1.0.0" },
      // DIFF_EXPERIMENTAL=0: a client without the experimental API (what each leaves out for it).
      capabilities: { experimentalApi: process.env.DIFF_EXPERIMENTAL !== "0" },
    });
    c.notify("initialized");
    await run(c);
  } catch (err) {
    failures++;
    log.push({ session: name, dir: "error", message: String(err?.stack ?? err) });
    console.error(`session ${name} failed: ${err?.message ?? err}`);
  }
  await c.close();
}
await model.close();
writeFileSync(outFile, log.map((e) => JSON.stringify(e)).join("\n") + "\n");
// What the model was asked, to see why two runs diverge.
writeFileSync(`${outFile}.requests.json`, JSON.stringify(model.requests, null, 1));
console.error(
  `wrote ${log.length} messages to ${outFile}${failures ? `; ${failures} session(s) failed` : ""}`,
);
process.exit(0);
