/* eslint-disable @typescript-eslint/ban-ts-comment -- untyped JSON from two servers; a by-hand tool, not built or tested */
// @ts-nocheck -- a by-hand tool reading two servers' untyped JSON; not part of the build or the tests.
// Runs one scripted JSON-RPC session against an app-server (ours or the real Codex) and writes every
// message, both ways, as JSON lines. Meant to run inside a loopback-only network namespace (see run.sh):
// the model is test/support/fake-model.js on 127.0.0.1, nothing else is reachable.
// Usage: node scripts/app-server-diff/driver.mjs --server "<command line>" --out FILE [--session NAME]
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { lastUserText, reply, startFakeModel } from "../../test/support/fake-model.js";
import { sessions } from "./sessions.mjs";

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const serverCommand = arg("--server");
const outFile = arg("--out");
const sessionName = arg("--session", "all");
if (!serverCommand || !outFile) {
  console.error("usage: driver.mjs --server CMD --out FILE [--session NAME]");
  process.exit(2);
}

const root = realpathSync(mkdtempSync(join(tmpdir(), "as-diff-")));
const home = join(root, "home");
const work = join(root, "work");
mkdirSync(home);
mkdirSync(work);
writeFileSync(join(work, "README.md"), "hello\n");
execFileSync("git", ["init", "-q", "-b", "main"], { cwd: work });
execFileSync(
  "git",
  ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "init", "--allow-empty"],
  {
    cwd: work,
  },
);
execFileSync("git", ["add", "."], { cwd: work });

/** Replies by the last user text: "run: CMD" -> an exec_command call, then a message. */
const model = await startFakeModel({
  fallback: (request) => {
    const input = request.body.input ?? [];
    const last = input[input.length - 1];
    if (last?.type === "function_call_output" || last?.type === "custom_tool_call_output")
      return reply.message("done");
    const text = lastUserText(input);
    if (!text.startsWith("run: ")) return reply.message(`echo: ${text}`);
    const tools = (request.body.tools ?? []).map((t) => t.name);
    const cmd = text.slice(5);
    if (tools.includes("exec_command")) return reply.exec(cmd);
    if (tools.includes("shell_command")) return reply.functionCall("shell_command", { command: cmd });
    return reply.shell(["bash", "-lc", cmd]);
  },
});
writeFileSync(
  join(home, "config.toml"),
  [
    'model = "gpt-5.1-codex"',
    'model_provider = "fake"',
    'approval_policy = "never"',
    'sandbox_mode = "workspace-write"',
    `[projects."${work}"]`,
    'trust_level = "trusted"',
    "[model_providers.fake]",
    'name = "fake"',
    `base_url = "${model.url}"`,
    'env_key = "FAKE_KEY"',
    'wire_api = "responses"',
    "",
  ].join("\n"),
);

const child = spawn("sh", ["-c", serverCommand], {
  env: { ...process.env, CODEX_HOME: home, FAKE_KEY: "fake", RUST_LOG: "error", HOME: root },
  stdio: ["pipe", "pipe", "inherit"],
  cwd: work,
});
const log = [];
const t0 = Date.now();
let nextId = 1;
const pending = new Map();
const listeners = new Set();
createInterface({ input: child.stdout }).on("line", (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    log.push({ dir: "in", raw: line });
    return;
  }
  log.push({ dir: "in", at: Date.now() - t0, msg });
  if (msg.id !== undefined && !msg.method && pending.has(msg.id)) {
    pending.get(msg.id)(msg);
    pending.delete(msg.id);
  }
  for (const l of [...listeners]) l(msg);
});

const client = {
  work,
  home,
  model,
  reply,
  request(method, params) {
    const id = nextId++;
    const msg = { id, method, ...(params === undefined ? {} : { params }) };
    log.push({ dir: "out", at: Date.now() - t0, msg });
    child.stdin.write(JSON.stringify(msg) + "\n");
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timeout waiting for ${method}`)), 20_000);
      pending.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  },
  notify(method, params) {
    const msg = { method, ...(params === undefined ? {} : { params }) };
    log.push({ dir: "out", at: Date.now() - t0, msg });
    child.stdin.write(JSON.stringify(msg) + "\n");
  },
  /** Resolves with the first notification (or server request) matching. */
  waitFor(method, pred = () => true, timeoutMs = 20_000) {
    const seen = log.find((e) => e.dir === "in" && e.msg?.method === method && !e.consumed && pred(e.msg));
    if (seen) {
      seen.consumed = true;
      return Promise.resolve(seen.msg);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(l);
        reject(new Error(`timeout waiting for ${method}`));
      }, timeoutMs);
      const l = (m) => {
        if (m.method !== method || !pred(m)) return;
        const entry = log.find((e) => e.msg === m);
        if (entry) entry.consumed = true;
        clearTimeout(timer);
        listeners.delete(l);
        resolve(m);
      };
      listeners.add(l);
    });
  },
  mark(label) {
    log.push({ dir: "mark", label });
  },
};

let failure;
try {
  for (const [name, run] of Object.entries(sessions)) {
    if (sessionName !== "all" && sessionName !== name && name !== "handshake") continue;
    client.mark(name);
    await run(client);
  }
} catch (err) {
  failure = err;
  log.push({ dir: "error", message: String(err?.stack ?? err) });
}
await new Promise((r) => setTimeout(r, 500));
child.stdin.end();
child.kill("SIGTERM");
await model.close();
writeFileSync(outFile, log.map((e) => JSON.stringify({ ...e, consumed: undefined })).join("\n") + "\n");
writeFileSync(outFile + ".requests.json", JSON.stringify(model.requests, null, 1));
console.error(failure ? `session failed: ${failure.message}` : `wrote ${log.length} messages to ${outFile}`);
process.exit(failure ? 1 : 0);
