// The network seccomp filter through the real binary: a shell call tries to reach a Unix socket that a
// process outside the sandbox listens on, in a directory under the workspace. Network off → EPERM;
// network on (workspace-write with network_access, or danger-full-access) → it connects.
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
let server: Server | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Prints "connected" and exits 0, or prints the error and exits 1. */
const CONNECT = [
  'require("net").connect(process.argv[1])',
  '.on("connect", () => { console.log("connected"); process.exit(0); })',
  '.on("error", (e) => { console.log(e.message); process.exit(1); })',
].join("");

type Call = "shell" | "exec_command on a PTY";

async function attempt(cliArgs: string[], call: Call = "shell") {
  let socketPath = "";
  const toolCall = () =>
    call === "shell"
      ? reply.shell(["node", "-e", CONNECT, socketPath])
      : reply.functionCall(
          "exec_command",
          { cmd: `node -e '${CONNECT}' '${socketPath}'`, tty: true, yield_time_ms: 10_000 },
          "call_pty",
        );
  model = await startFakeModel({ replies: [toolCall, reply.message("done")] });
  const home = makeHome(model.url);
  socketPath = join(home.cwd, "run", "daemon.sock");
  mkdirSync(join(home.cwd, "run"));
  let connections = 0;
  let onConnection = () => {};
  const connected = new Promise<void>((resolve) => (onConnection = resolve));
  server = createServer((socket) => {
    connections++;
    onConnection();
    socket.destroy();
  });
  await new Promise<void>((resolve) => server?.listen(socketPath, resolve));
  const res = await runCli(["exec", "--json", ...cliArgs, "go"], { env: home.env, cwd: home.cwd });
  expect(res.code, res.stderr).toBe(0);
  // The filter was in place: no warning that the network sandbox is partial.
  expect(res.stdout + res.stderr).not.toMatch(/network sandbox is partial/);
  const item = jsonLines(res.stdout)
    .filter((e) => e.type === "item.completed")
    .map((e) => e.item as { type: string; exit_code?: number; aggregated_output?: string })
    .find((i) => i.type === "command_execution");
  return { item, connections: () => connections, connected };
}

describe("sandboxed commands and Unix sockets on disk", () => {
  it("workspace-write (network off): connect() fails with EPERM and nothing reaches the listener", async () => {
    const { item, connections } = await attempt(["-s", "workspace-write"]);
    expect(item).toMatchObject({ exit_code: 1 });
    expect(item?.aggregated_output).toMatch(/connect EPERM .*daemon\.sock/);
    expect(connections()).toBe(0);
  });

  it("the same through exec_command on a PTY (the filter reaches every runner through argv)", async () => {
    const { connections } = await attempt(
      ["-s", "workspace-write", "-c", 'shell_tool="exec_command"'],
      "exec_command on a PTY",
    );
    const output = model?.requests[1]?.body.input?.find(
      (i) => i.call_id === "call_pty" && i.type === "function_call_output",
    )?.output;
    expect(String(output)).toMatch(/Process exited with code 1[\s\S]*connect EPERM .*daemon\.sock/);
    expect(connections()).toBe(0);
  });

  it("workspace-write with network_access = true: it connects", async () => {
    const { item, connected } = await attempt([
      "-s",
      "workspace-write",
      "-c",
      "sandbox_workspace_write.network_access=true",
    ]);
    expect(item).toMatchObject({ exit_code: 0, aggregated_output: "connected\n" });
    await connected;
  });

  it("danger-full-access: it connects", async () => {
    const { item, connected } = await attempt(["-s", "danger-full-access"]);
    expect(item).toMatchObject({ exit_code: 0, aggregated_output: "connected\n" });
    await connected;
  });
});
