// The network allowlist (`sandbox_workspace_write.allowed_domains`) through the real binary: two HTTP
// servers on different loopback addresses, 127.0.0.2 allowed and 127.0.0.3 not. The sandboxed command
// reaches the allowed one through the proxy (CONNECT tunnel and plain http), is refused the other (the
// refusal is in the output for the model and a warning for the user), and cannot go around the proxy.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
const servers: Server[] = [];
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

interface Site {
  url: string;
  requests: () => number;
}

async function startSite(host: string, body: string): Promise<Site> {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.writeHead(200, { "Content-Type": "text/plain", Connection: "close" }).end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://${host}:${port}/`, requests: () => requests };
}

type Item = { type: string; exit_code?: number; aggregated_output?: string; message?: string };

async function runScript(script: string, extraArgs: string[] = []) {
  model = await startFakeModel({
    replies: [reply.shell(["bash", "-c", script]), reply.message("done")],
  });
  const home = makeHome(model.url);
  const res = await runCli(
    [
      "exec",
      "--json",
      "-s",
      "workspace-write",
      "-c",
      "sandbox_workspace_write.network_access=true",
      "-c",
      'sandbox_workspace_write.allowed_domains=["127.0.0.2"]',
      ...extraArgs,
      "go",
    ],
    { env: home.env, cwd: home.cwd },
  );
  expect(res.code, res.stderr).toBe(0);
  const items = jsonLines(res.stdout)
    .filter((e) => e.type === "item.completed")
    .map((e) => e.item as Item);
  const command = items.find((i) => i.type === "command_execution");
  const output = model.requests[1]?.body.input?.find((i) => i.type === "function_call_output")?.output;
  const modelSaw = typeof output === "string" ? output : JSON.stringify(output);
  return { command, items, modelSaw, stdout: res.stdout };
}

describe("network allowlist (workspace-write, allowed_domains)", () => {
  it("lets the allowed host through the proxy, refuses the other and reports it", async () => {
    const allowed = await startSite("127.0.0.2", "hello from allowed");
    const denied = await startSite("127.0.0.3", "hello from denied");
    const script = [
      // HTTPS-style tunnel (CONNECT) and a plain proxied http request, both to the allowed host.
      `curl -sS --max-time 10 --proxytunnel ${allowed.url}; echo " [tunnel=$?]"`,
      `curl -sS --max-time 10 ${allowed.url}; echo " [plain=$?]"`,
      // The other loopback name: through the proxy it is refused.
      `curl -sS --max-time 10 --proxytunnel ${denied.url}; echo " [denied-tunnel=$?]"`,
      `curl -sS --max-time 10 ${denied.url}; echo " [denied-plain=$?]"`,
    ].join("\n");
    const { command, items, modelSaw } = await runScript(script);
    const out = command?.aggregated_output ?? "";
    expect(out).toMatch(/hello from allowed \[tunnel=0\]/);
    expect(out).toMatch(/hello from allowed \[plain=0\]/);
    expect(out).not.toMatch(/hello from denied/);
    expect(out).toMatch(/\[denied-tunnel=[1-9]\d*\]/);
    expect(out).toMatch(/not in sandbox_workspace_write\.allowed_domains[\s\S]*\[denied-plain=0\]/);
    expect(allowed.requests()).toBe(2);
    expect(denied.requests()).toBe(0);
    // The model reads the refusal after the output; the user got a warning for each refused connection.
    const port = new URL(denied.url).port;
    expect(modelSaw).toContain(
      `network access denied by the sandbox (not in allowed_domains): 127.0.0.3:${port}`,
    );
    const warnings = items.filter((i) => i.type === "error" && /was denied/.test(i.message ?? ""));
    expect(warnings.map((w) => w.message)).toEqual([
      `sandbox: network access to 127.0.0.3:${port} was denied (not in sandbox_workspace_write.allowed_domains)`,
      `sandbox: network access to 127.0.0.3:${port} was denied (not in sandbox_workspace_write.allowed_domains)`,
    ]);
  });

  it("has no route around the proxy, to either host", async () => {
    const allowed = await startSite("127.0.0.2", "hello from allowed");
    const denied = await startSite("127.0.0.3", "hello from denied");
    const direct = (url: string, name: string) =>
      `curl -sS --max-time 5 --noproxy '*' ${url}; echo " [${name}=$?]"`;
    const script = [
      direct(allowed.url, "direct-allowed"),
      direct(denied.url, "direct-denied"),
      // Node's own sockets ignore proxy variables altogether.
      `node -e 'require("net").connect(${new URL(denied.url).port}, "127.0.0.3").on("connect", () => console.log("node connected")).on("error", (e) => console.log("node " + e.code))'`,
    ].join("\n");
    const { command } = await runScript(script);
    const out = command?.aggregated_output ?? "";
    expect(out).toMatch(/\[direct-allowed=7\]/);
    expect(out).toMatch(/\[direct-denied=7\]/);
    expect(out).toMatch(/node E(CONNREFUSED|NETUNREACH)/);
    expect(allowed.requests()).toBe(0);
    expect(denied.requests()).toBe(0);
  });

  it.each([false, true])(
    "the same through exec_command (tty %s): the refusal follows the output",
    async (tty) => {
      const allowed = await startSite("127.0.0.2", "hello from allowed");
      const denied = await startSite("127.0.0.3", "hello from denied");
      const cmd = `curl -sS --max-time 10 ${allowed.url}; echo; curl -sS --max-time 10 --proxytunnel ${denied.url}`;
      model = await startFakeModel({
        replies: [
          reply.functionCall("exec_command", { cmd, tty, yield_time_ms: 10_000 }, "call_exec"),
          reply.message("done"),
        ],
      });
      const home = makeHome(model.url);
      const res = await runCli(
        [
          "exec",
          "--json",
          "-s",
          "workspace-write",
          "-c",
          'shell_tool="exec_command"',
          "-c",
          "sandbox_workspace_write.network_access=true",
          "-c",
          'sandbox_workspace_write.allowed_domains=["*.localhost", "127.0.0.2"]',
          "go",
        ],
        { env: home.env, cwd: home.cwd },
      );
      expect(res.code, res.stderr).toBe(0);
      const output = model.requests[1]?.body.input?.find(
        (i) => i.call_id === "call_exec" && i.type === "function_call_output",
      )?.output;
      const text = typeof output === "string" ? output : JSON.stringify(output);
      const port = new URL(denied.url).port;
      expect(text).toMatch(/hello from allowed/);
      expect(text).toMatch(
        new RegExp(
          `Process exited with code [1-9][\\s\\S]*denied by the sandbox \\(not in allowed_domains\\): 127\\.0\\.0\\.3:${port}`,
        ),
      );
      expect(allowed.requests()).toBe(1);
      expect(denied.requests()).toBe(0);
    },
  );

  it("codex-ts sandbox linux runs a command behind the same proxy and reports refusals on stderr", async () => {
    const allowed = await startSite("127.0.0.2", "hello from allowed");
    const denied = await startSite("127.0.0.3", "hello from denied");
    model = await startFakeModel({ replies: [] });
    const home = makeHome(model.url);
    const res = await runCli(
      [
        "sandbox",
        "linux",
        "--full-auto",
        "-c",
        "sandbox_workspace_write.network_access=true",
        "-c",
        'sandbox_workspace_write.allowed_domains=["127.0.0.2"]',
        "--",
        "sh",
        "-c",
        `curl -sS --max-time 10 ${allowed.url}; curl -sS --max-time 10 --proxytunnel ${denied.url}`,
      ],
      { env: home.env, cwd: home.cwd },
    );
    expect(res.code).toBe(56); // curl: the CONNECT tunnel was refused
    expect(res.stdout).toBe("hello from allowed");
    const port = new URL(denied.url).port;
    expect(res.stderr).toContain(`network access to 127.0.0.3:${port} was denied`);
    expect(res.stderr).toContain(`denied by the sandbox (not in allowed_domains): 127.0.0.3:${port}`);
    expect(denied.requests()).toBe(0);
  });

  it("refuses a config entry that is not a host name", async () => {
    model = await startFakeModel({ replies: [reply.message("done")] });
    const home = makeHome(model.url);
    const res = await runCli(
      [
        "exec",
        "-s",
        "workspace-write",
        "-c",
        'sandbox_workspace_write.allowed_domains=["https://x.org"]',
        "go",
      ],
      { env: home.env, cwd: home.cwd },
    );
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/allowed_domains: "https:\/\/x\.org" is not a host name/);
  });
});
