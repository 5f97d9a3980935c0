// `codex-ts app-server proxy [--sock PATH]`: stdin and stdout joined to an app-server's Unix socket, byte
// for byte, as Codex 0.169's proxy does. The bytes are the socket's own protocol (a WebSocket handshake,
// then frames): a client that can only spawn a process speaks WebSocket through it.
import { connect, type Socket } from "node:net";
import { connectPath, controlSocketPath } from "./control-socket.js";

const REASONS: Record<string, string> = {
  ENOENT: "No such file or directory",
  ECONNREFUSED: "Connection refused",
  EACCES: "Permission denied",
  ENOTSOCK: "Socket operation on non-socket",
};

function open(path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(connectPath(path));
    socket.once("connect", () => {
      socket.off("error", reject);
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

/** Runs until the server closes the connection (or stdin ends and the server then closes); the exit code. */
export async function runProxy(sock: string | undefined, codexHome: string): Promise<number> {
  const path = sock ?? controlSocketPath(codexHome);
  let socket: Socket;
  try {
    socket = await open(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    const reason = REASONS[code] ?? (err as Error).message;
    process.stderr.write(`Error: failed to connect to socket at ${path}: ${reason}\n`);
    return 1;
  }
  // End of stdin half-closes the connection: what the server still sends comes through.
  process.stdin.pipe(socket);
  socket.pipe(process.stdout);
  return new Promise((resolve) => {
    socket.once("error", (err) => {
      process.stderr.write(`Error: connection to ${path} failed: ${err.message}\n`);
    });
    socket.once("close", (hadError) => {
      process.stdin.unpipe(socket);
      process.stdin.destroy();
      resolve(hadError ? 1 : 0);
    });
  });
}
