import { rmSync } from "node:fs";
import { startInitialized } from "./rpc-server.js";
const cli = process.argv[2]!;
const env = { PATH: process.env.PATH, HOME: "/tmp/fz20c/h2", CODEX_HOME: "/tmp/fz20c/h2", OPENAI_API_KEY: "x" };
const out: Record<string, string[]> = { hit: [], miss: [] };
for (let i = 0; i < 8; i++) for (const mode of ["hit", "miss"]) {
  if (mode === "miss") rmSync("/tmp/fz20c/h2/cache", { recursive: true, force: true });
  const { server } = await startInitialized([process.execPath, cli, "app-server"], env, "/tmp/fz20c");
  await server.request("thread/loaded/list", {});
  let t = performance.now();
  await server.request("fuzzyFileSearch", { query: "mod42file7", roots: ["/tmp/fz20c/gtree"] });
  const a = performance.now() - t; t = performance.now();
  await server.request("fuzzyFileSearch", { query: "mod42file73", roots: ["/tmp/fz20c/gtree"] });
  const b = performance.now() - t;
  out[mode]!.push(`${a.toFixed(0)}/${b.toFixed(0)}`);
  await server.stop();
  await new Promise((r) => setTimeout(r, 300));
}
console.log(cli, JSON.stringify(out));
