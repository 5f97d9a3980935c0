// `codex-ts acp`: an Agent Client Protocol agent on stdio (JSON-RPC 2.0, one message a line), so editors
// such as Zed drive codex-ts directly. stdout carries the protocol only; diagnostics go to stderr.
import { Readable, Writable } from "node:stream";
import { ndJsonStream } from "@agentclientprotocol/sdk";
import { loadCliConfigOrReport, type SharedFlags } from "../shared/cli-config.js";
import { AcpAgent } from "./agent.js";

export async function runAcp(flags: SharedFlags): Promise<number> {
  const base = loadCliConfigOrReport(flags);
  if (!base) return 1;
  const agent = new AcpAgent(flags, base);
  const stream = ndJsonStream(
    Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
    Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
  );
  const connection = agent.app().connect(stream);
  const stop = () => connection.close();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  try {
    await connection.closed;
  } finally {
    process.off("SIGTERM", stop);
    process.off("SIGINT", stop);
    await agent.closeAll();
  }
  return 0;
}
