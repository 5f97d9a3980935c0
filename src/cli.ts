// The codex-ts command line. Each command imports its surface lazily so start-up loads only what it runs.
import { Command, Option } from "commander";
import { VERSION } from "./version.js";
import type { SharedFlags } from "./surfaces/shared/cli-config.js";
import type { ForkFlags, SessionsFlags } from "./surfaces/threads/thread-commands.js";
import type { McpAddFlags } from "./surfaces/mcp-cli/run-mcp-command.js";
import type { LoginFlags } from "./surfaces/login/run-login.js";

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function sharedOptions(cmd: Command): Command {
  return cmd
    .option("-c, --config <key=value>", "override a config value (value parsed as TOML)", collect, [])
    .option("-m, --model <model>", "model to use")
    .option("-p, --profile <name>", "config profile to use")
    .addOption(
      new Option("-s, --sandbox <mode>", "sandbox policy for commands").choices([
        "read-only",
        "workspace-write",
        "danger-full-access",
      ]),
    )
    .addOption(
      new Option("-a, --ask-for-approval <policy>", "when to ask before running a command").choices([
        "untrusted",
        "on-failure",
        "on-request",
        "never",
      ]),
    )
    .option("-C, --cd <dir>", "working directory for the session")
    .option("--add-dir <dir>", "another writable root for workspace-write", collect, [])
    .option("--full-auto", "workspace-write sandbox, ask only when the model requests it")
    .option("--dangerously-bypass-approvals-and-sandbox", "no sandbox and no approvals (danger)");
}

export interface ExecFlags extends SharedFlags {
  json?: boolean;
  experimentalJson?: boolean;
  skipGitRepoCheck?: boolean;
  outputLastMessage?: string;
  outputSchema?: string;
  image?: string[];
  color?: string;
  threadSource?: string;
}

const program = new Command()
  .name("codex-ts")
  .description("A coding agent for the terminal: exec, proto, and more, over one engine.")
  .version(VERSION)
  .showHelpAfterError();

const execCommand = sharedOptions(
  program
    .command("exec")
    .description("run one task without interaction and print the result")
    .argument("[prompt]", "the task; '-' or absent reads it from stdin"),
)
  .option("--json", "print events as JSON lines")
  .option("--experimental-json", "alias of --json")
  .option("--skip-git-repo-check", "allow running outside a git repository")
  .option("-o, --output-last-message <file>", "write the last agent message to a file")
  .option("--output-schema <file>", "JSON Schema the final answer must follow")
  .option("-i, --image <file>", "attach an image to the prompt (repeatable)", collect, [])
  .addOption(
    new Option("--color <when>", "colour in human output")
      .choices(["always", "never", "auto"])
      .default("auto"),
  )
  .option("--thread-source <source>", "what started this thread (recorded with it)")
  .action(async (prompt: string | undefined, flags: ExecFlags) => {
    const { runExec } = await import("./surfaces/exec/run-exec.js");
    process.exitCode = await runExec(prompt, flags);
  });

execCommand
  .command("resume")
  .description("continue an earlier thread with a new prompt")
  .argument("[id]", "the thread id (or, with --last, the prompt)")
  .argument("[prompt]", "the prompt; '-' or absent reads it from stdin")
  .option("--last", "the latest thread of this directory")
  .option("-i, --image <file>", "attach an image to the prompt (repeatable)", collect, [])
  .action(
    async (
      id: string | undefined,
      prompt: string | undefined,
      own: { last?: boolean; image?: string[] },
      cmd: Command,
    ) => {
      const { runExec } = await import("./surfaces/exec/run-exec.js");
      const parent: ExecFlags = cmd.parent?.opts<ExecFlags>() ?? {};
      const flags: ExecFlags = { ...parent, image: [...(parent.image ?? []), ...(own.image ?? [])] };
      const target = own.last ? { last: true } : { ...(id ? { id } : {}) };
      process.exitCode = await runExec(own.last ? id : prompt, flags, target);
    },
  );

sharedOptions(
  program
    .command("proto")
    .description("speak the queue protocol: Submissions on stdin, Events on stdout (JSONL)"),
).action(async (flags: SharedFlags) => {
  const { runProto } = await import("./surfaces/proto/run-proto.js");
  process.exitCode = await runProto(flags);
});

program
  .command("sessions")
  .description("list recorded threads, most recently active first")
  .option("-n, --limit <n>", "how many to show", "20")
  .option("--all", "threads of every directory, not just this one")
  .option("--archived", "archived threads")
  .option("--search <text>", "only threads whose first message contains this text")
  .option("--cursor <cursor>", "the next page, as printed at the end of a page")
  .option("--json", "print the page as JSON")
  .action(async (flags: SessionsFlags) => {
    const { runSessions } = await import("./surfaces/threads/thread-commands.js");
    process.exitCode = await runSessions(flags);
  });

sharedOptions(
  program
    .command("fork")
    .description("start a new thread from an earlier one (all of it, or up to a turn) and print its id")
    .argument("[id]", "the thread to fork"),
)
  .option("--last", "fork the latest thread of this directory")
  .option("--turn <n>", "keep turns 1..n only")
  .action(async (id: string | undefined, flags: ForkFlags) => {
    const { runFork } = await import("./surfaces/threads/thread-commands.js");
    process.exitCode = await runFork(id, flags);
  });

for (const [name, unarchive] of [
  ["archive", false],
  ["unarchive", true],
] as const) {
  program
    .command(name)
    .description(
      unarchive ? "move an archived thread back to sessions/" : "move a thread to archived_sessions/",
    )
    .argument("<id>", "the thread id")
    .action(async (id: string) => {
      const { runArchive } = await import("./surfaces/threads/thread-commands.js");
      process.exitCode = await runArchive(id, unarchive);
    });
}

const appServerCommand = sharedOptions(
  program
    .command("app-server")
    .description('serve IDE clients: JSON-RPC (no "jsonrpc" field) over stdio, or WebSocket with --listen'),
)
  .option("--listen <url>", "stdio:// (default) or ws://IP:PORT", "stdio://")
  .action(async (flags: SharedFlags & { listen?: string }) => {
    const { runAppServer } = await import("./surfaces/app-server/run-app-server.js");
    process.exitCode = await runAppServer(flags);
  });

appServerCommand
  .command("generate-json-schema")
  .description("write the app-server protocol as JSON Schema files")
  .requiredOption("-o, --out <dir>", "output directory")
  .action(async ({ out }: { out: string }) => {
    const { writeJsonSchemas } = await import("./surfaces/app-server/generate.js");
    process.exitCode = writeJsonSchemas(out);
  });

appServerCommand
  .command("generate-ts")
  .description("write the app-server protocol as TypeScript declarations")
  .requiredOption("-o, --out <dir>", "output directory")
  .action(async ({ out }: { out: string }) => {
    const { writeTypeScript } = await import("./surfaces/app-server/generate.js");
    process.exitCode = writeTypeScript(out);
  });

sharedOptions(
  program
    .command("web")
    .description("serve the agent as a page for a browser tab (and the app-server protocol at /ws)"),
)
  .option(
    "--host <host>",
    "address to listen on (beyond loopback, other machines can reach it: a warning is printed)",
    "127.0.0.1",
  )
  .option("--port <port>", "port to listen on (0: any free port)", "0")
  .option("--no-open", "print the URL without opening a browser")
  .action(async (flags: SharedFlags & { host: string; port: string; open: boolean }) => {
    const { runWeb } = await import("./surfaces/web/run-web.js");
    process.exitCode = await runWeb(flags);
  });

sharedOptions(
  program
    .command("mcp-server")
    .description("serve Codex as an MCP server over stdio: tools `codex` and `codex-reply`"),
).action(async (flags: SharedFlags) => {
  const { runMcpServer } = await import("./surfaces/mcp-server/run-mcp-server.js");
  process.exitCode = await runMcpServer(flags);
});

const mcpCommand = program
  .command("mcp")
  .description("manage the MCP servers of $CODEX_HOME/config.toml ([mcp_servers])");

mcpCommand
  .command("list")
  .description("list the configured MCP servers")
  .option("--json", "print them as JSON")
  .action(async (flags: { json?: boolean }) => {
    const { runMcpList } = await import("./surfaces/mcp-cli/run-mcp-command.js");
    process.exitCode = runMcpList(flags);
  });

mcpCommand
  .command("get")
  .description("show one MCP server's configuration")
  .argument("<name>", "the server's name")
  .option("--json", "print it as JSON")
  .action(async (name: string, flags: { json?: boolean }) => {
    const { runMcpGet } = await import("./surfaces/mcp-cli/run-mcp-command.js");
    process.exitCode = runMcpGet(name, flags);
  });

mcpCommand
  .command("add")
  .description("add (or replace) an MCP server: `add NAME -- COMMAND ARGS...` or `add NAME --url URL`")
  .argument("<name>", "the server's name (letters, digits, '_' and '-')")
  .argument("[command...]", "the command starting a stdio server, after --")
  .option("--env <KEY=VALUE>", "an environment variable for a stdio server (repeatable)", collect, [])
  .option("--url <url>", "the URL of a streamable HTTP server")
  .option("--bearer-token-env-var <name>", "environment variable holding the HTTP server's bearer token")
  .option("--startup-timeout-sec <seconds>", "how long the server may take to start")
  .option("--tool-timeout-sec <seconds>", "how long a tool call may take")
  .action(async (name: string, command: string[], flags: McpAddFlags) => {
    const { runMcpAdd } = await import("./surfaces/mcp-cli/run-mcp-command.js");
    process.exitCode = runMcpAdd(name, command, flags);
  });

mcpCommand
  .command("remove")
  .description("remove an MCP server from config.toml")
  .argument("<name>", "the server's name")
  .action(async (name: string) => {
    const { runMcpRemove } = await import("./surfaces/mcp-cli/run-mcp-command.js");
    process.exitCode = runMcpRemove(name);
  });

const loginCommand = program
  .command("login")
  .description("sign in: ChatGPT in the browser (default), --device-auth, or --with-api-key (key on stdin)")
  .option("-c, --config <key=value>", "override a config value (value parsed as TOML)", collect, [])
  .option("--with-api-key", "read an API key from stdin and store it")
  .option("--device-auth", "sign in to ChatGPT with a one-time code entered on another device")
  .action(async (flags: LoginFlags) => {
    const { runLogin } = await import("./surfaces/login/run-login.js");
    process.exitCode = await runLogin(flags);
  });

loginCommand
  .command("status")
  .description("show which account codex-ts uses")
  .option("-c, --config <key=value>", "override a config value (value parsed as TOML)", collect, [])
  .action(async (flags: { config?: string[] }) => {
    const { runLoginStatus } = await import("./surfaces/login/run-login.js");
    process.exitCode = await runLoginStatus(flags);
  });

program
  .command("logout")
  .description("remove the stored login ($CODEX_HOME/auth.json)")
  .option("-c, --config <key=value>", "override a config value (value parsed as TOML)", collect, [])
  .action(async (flags: { config?: string[] }) => {
    const { runLogout } = await import("./surfaces/login/run-login.js");
    process.exitCode = await runLogout(flags);
  });

program
  .command("apply-patch")
  .description("apply a patch in the Codex patch format, read from stdin, to the working directory")
  .action(async () => {
    const { runApplyPatchCommand } = await import("./surfaces/apply-patch/run-apply-patch-command.js");
    process.exitCode = await runApplyPatchCommand();
  });

sharedOptions(
  program
    .command("resume")
    .description("continue an earlier thread in the interactive UI (no id: choose from a list)")
    .argument("[id]", "the thread id"),
)
  .option("--last", "the latest thread of this directory")
  .action(async (id: string | undefined, flags: SharedFlags & { last?: boolean }) => {
    const { runTui } = await import("./surfaces/tui/run-tui.js");
    process.exitCode = await runTui(undefined, flags, flags.last ? { last: true } : id ? { id } : {});
  });

// With no command: the interactive terminal UI. Its options go before a command name (`codex-ts -m X`), so
// each command keeps its own (`codex-ts exec -m X`).
sharedOptions(program.enablePositionalOptions())
  .argument("[prompt]", "a first prompt for the interactive session")
  .action(async (prompt: string | undefined, flags: SharedFlags) => {
    const { runTui } = await import("./surfaces/tui/run-tui.js");
    process.exitCode = await runTui(prompt, flags);
  });

await program.parseAsync(process.argv);
