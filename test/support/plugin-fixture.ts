// A marketplace folder for the plugin e2e tests: `.agents/plugins/marketplace.json` listing one plugin,
// `hello`, whose manifest bundles a skill (`greet`) and an MCP server (`hello-srv`, the stdio test server).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { STDIO_SERVER_SCRIPT } from "./mcp-config.js";
import { scratchDir } from "./scratch.js";

export function writeFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

export interface PluginVersion {
  version: string;
  skillBody: string;
}

/** Writes (or rewrites) the `hello` plugin at `root/plugins/hello`. */
export function writeHelloPlugin(root: string, v: PluginVersion): string {
  const dir = join(root, "plugins", "hello");
  writeFile(
    join(dir, ".codex-plugin/plugin.json"),
    JSON.stringify({
      name: "hello",
      version: v.version,
      description: "Says hello",
      skills: "./skills/",
      mcpServers: "./.mcp.json",
      interface: { displayName: "Hello", shortDescription: "Greets" },
    }),
  );
  writeFile(
    join(dir, "skills/greet/SKILL.md"),
    `---\nname: greet\ndescription: Greet the user warmly\n---\n\n${v.skillBody}\n`,
  );
  writeFile(
    join(dir, ".mcp.json"),
    JSON.stringify({
      mcpServers: {
        "hello-srv": {
          command: process.execPath,
          args: [STDIO_SERVER_SCRIPT],
          startup_timeout_sec: 20,
        },
      },
    }),
  );
  return dir;
}

/** A fresh marketplace folder named `name` holding the `hello` plugin. */
export function makeMarketplace(
  name = "local-mkt",
  v: PluginVersion = { version: "1.0.0", skillBody: "GREET-V1" },
) {
  const root = scratchDir("codex-ts-mkt-");
  writeFile(
    join(root, ".agents/plugins/marketplace.json"),
    JSON.stringify({
      name,
      interface: { displayName: "Local Market" },
      plugins: [
        {
          name: "hello",
          source: { source: "local", path: "./plugins/hello" },
          policy: { installation: "AVAILABLE", authentication: "ON_INSTALL" },
          category: "Productivity",
        },
      ],
    }),
  );
  const pluginDir = writeHelloPlugin(root, v);
  return { root, pluginDir, marketplaceFile: join(root, ".agents/plugins/marketplace.json") };
}

/** Commits everything in `dir` (a new repository the first time). */
export function commitAll(dir: string, message: string): void {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
      cwd: dir,
      stdio: "pipe",
    });
  try {
    git("rev-parse", "--git-dir");
  } catch {
    git("init", "-q", "-b", "main");
  }
  git("add", "-A");
  git("commit", "-q", "-m", message);
}
