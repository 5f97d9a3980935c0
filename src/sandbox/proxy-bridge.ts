// Runs inside the sandbox's network namespace, in front of the command (`node proxy-bridge.js SOCKET --
// CMD...`): the namespace has only loopback, so the one way out is the proxy's Unix socket. Most tools
// speak to proxies over TCP (HTTP_PROXY), so this listens on a loopback port, pipes each connection to
// the socket, points the proxy variables at the port, and runs the command with its exit status.
// A separate entry point of the build (dist/proxy-bridge.js), importing nothing but Node.
import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";

const PROXY_VARS = ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"];
const SIGNALS: NodeJS.Signals[] = ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT"];

function fail(message: string, code = 125): never {
  process.stderr.write(`codex-ts proxy bridge: ${message}\n`);
  process.exit(code);
}

const [socketPath, separator, ...command] = process.argv.slice(2);
if (!socketPath || separator !== "--" || command.length === 0 || !command[0]) {
  fail("usage: proxy-bridge SOCKET -- COMMAND...");
}

const server = createServer((client) => {
  const upstream = connect(socketPath);
  client.pipe(upstream).pipe(client);
  const done = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on("error", done).on("close", done);
  upstream.on("error", done).on("close", done);
});
server.on("error", (err) => fail(`cannot listen on loopback: ${err.message}`));
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address === null || typeof address === "string") fail("no loopback port");
  const url = `http://127.0.0.1:${address.port}`;
  const env = { ...process.env };
  for (const name of PROXY_VARS) env[name] = url;
  // Nothing may skip the proxy: without it there is no route anyway, and the error would only confuse.
  delete env.NO_PROXY;
  delete env.no_proxy;
  env.CODEX_NETWORK_PROXY = url;
  const child = spawn(command[0] as string, command.slice(1), { stdio: "inherit", env });
  for (const signal of SIGNALS) process.on(signal, () => child.kill(signal));
  // 127, as a shell says for a command it cannot find.
  child.on("error", (err: NodeJS.ErrnoException) =>
    fail(`cannot run ${command[0]}: ${err.message}`, err.code === "ENOENT" ? 127 : 126),
  );
  child.on("exit", (code, signal) => {
    server.close();
    if (signal !== null) {
      for (const s of SIGNALS) process.removeAllListeners(s);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
});
