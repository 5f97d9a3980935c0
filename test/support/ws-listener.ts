// The address a `codex-ts app-server --listen ws://IP:0` chose, read from its stderr banner as Codex prints
// it ("  listening on: ws://127.0.0.1:PORT").
import type { Readable } from "node:stream";
import type { AppServerClient } from "./app-server-client.js";

export function listeningUrl(server: AppServerClient, timeoutMs = 20_000): Promise<string> {
  const stderr: Readable | undefined = server.child?.stderr;
  if (!stderr) return Promise.reject(new Error("no server process"));
  const found = () => /listening on:? (ws:\/\/[^\s]+)/.exec(server.stderr)?.[1];
  return new Promise((resolve, reject) => {
    // Registered after the client's own stderr listener, so server.stderr already holds each chunk.
    const check = () => {
      const url = found();
      if (url === undefined) return;
      clearTimeout(timer);
      stderr.off("data", check);
      resolve(url);
    };
    const timer = setTimeout(() => {
      stderr.off("data", check);
      reject(new Error(`no listening line: ${server.stderr}`));
    }, timeoutMs);
    stderr.on("data", check);
    check();
  });
}
