// The codex-ts command line. Each command imports its surface lazily so start-up loads only what it runs.
import { Command, Option } from "commander";
import { VERSION_LINE } from "./version.js";
import type { SharedFlags } from "./surfaces/shared/cli-config.js";
import type { ExecFlags } from "./surfaces/exec/exec-flags.js";
import type { ForkFlags, SessionsFlags } from "./surfaces/threads/thread-commands.js";
import type { McpAddFlags } from "./surfaces/mcp-cli/run-mcp-command.js";
import type { LoginFlags } from "./surfaces/login/run-login.js";
import type { SubmitFlags } from "./surfaces/fleet/fleet-commands.js";
import type { WorkerFlags } from "./surfaces/fleet/run-worker.js";
import type { FleetFlags } from "./surfaces/fleet/connection.js";

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
    .option("--oss", "use a local model server (Ollama by default; see --local-provider)")
    .addOption(
      new Option("--local-provider <provider>", "the local server for --oss (implies --oss)").choices([
        "ollama",
        "lmstudio",
      ]),
    )
    .option("--dangerously-bypass-approvals-and-sandbox", "no sandbox and no approvals (danger)")
    .option("--search", 'offer the model live web search (web_search = "live")');
}

/** `codex-ts --search exec ...`: the flag given before the command, as the real Codex accepts it. */
function withRootSearch<F extends SharedFlags>(flags: F): F {
  return program.opts<SharedFlags>().search ? { ...flags, search: true } : flags;
}

const program = new Command()
  .name("codex-ts")
  .description("A coding agent for the terminal: exec, proto, and more, over one engine.")
  .version(VERSION_LINE)
  .showHelpAfterError()
  .hook("preAction", async () => {
    const { recoverPatchesAtStartup } = await import("./surfaces/startup/recover-patches.js");
    await recoverPatchesAtStartup();
  });

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
    process.exitCode = await runExec(prompt, withRootSearch(flags));
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
      const flags: ExecFlags = withRootSearch({
        ...parent,
        image: [...(parent.image ?? []), ...(own.image ?? [])],
      });
      const target = own.last ? { last: true } : { ...(id ? { id } : {}) };
      process.exitCode = await runExec(own.last ? id : prompt, flags, target);
    },
  );

interface ReviewFlags extends ExecFlags {
  uncommitted?: boolean;
  base?: string;
  commit?: string;
  title?: string;
}

/** `codex-ts review` and `codex-ts exec review`: one review, printed like exec. */
function reviewCommand(parent: Command, name: string): Command {
  return sharedOptions(
    parent
      .command(name)
      .description(
        "review code: uncommitted changes, against a base branch, a commit, or custom instructions",
      )
      .argument("[prompt]", "custom review instructions; '-' reads them from stdin"),
  )
    .option("--uncommitted", "review staged, unstaged and untracked changes")
    .option("--base <branch>", "review the changes against this base branch")
    .option("--commit <sha>", "review the changes a commit introduced")
    .option("--title <title>", "the commit's title, shown in the review summary")
    .option("--json", "print events as JSON lines")
    .option("--skip-git-repo-check", "allow running outside a git repository")
    .option("-o, --output-last-message <file>", "write the review to a file")
    .action(async (prompt: string | undefined, own: ReviewFlags, cmd: Command) => {
      const { runExec } = await import("./surfaces/exec/run-exec.js");
      // `exec -c k=v review`: the parent's flags hold, with -c and --add-dir from both places.
      const parent = cmd.parent?.opts<ReviewFlags>() ?? {};
      const flags: ReviewFlags = withRootSearch({
        ...parent,
        ...own,
        config: [...(parent.config ?? []), ...(own.config ?? [])],
        addDir: [...(parent.addDir ?? []), ...(own.addDir ?? [])],
      });
      const chosen = [flags.uncommitted, flags.base, flags.commit, prompt].filter((v) => v).length;
      if (chosen > 1) {
        process.stderr.write("Error: choose one of --uncommitted, --base, --commit or a prompt\n");
        process.exitCode = 2;
        return;
      }
      const target = flags.base
        ? { type: "baseBranch" as const, branch: flags.base }
        : flags.commit
          ? { type: "commit" as const, sha: flags.commit, ...(flags.title ? { title: flags.title } : {}) }
          : prompt
            ? { type: "custom" as const }
            : { type: "uncommittedChanges" as const };
      process.exitCode = await runExec(prompt, flags, undefined, target);
    });
}

reviewCommand(execCommand, "review");
reviewCommand(program, "review");

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
  .option("--redis <url>", "a fleet's Redis: offer the x-fleet/ methods (default: [fleet] redis_url)")
  .option("--queue <name>", "the fleet's task queue (default: [fleet] queue, then codex-tasks)")
  .action(async (flags: SharedFlags & { listen?: string; redis?: string; queue?: string }) => {
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
  .option("--redis <url>", "a fleet's Redis: the page gets the fleet dashboard (default: [fleet] redis_url)")
  .option("--queue <name>", "the fleet's task queue (default: [fleet] queue, then codex-tasks)")
  .action(async (flags: SharedFlags & { host: string; port: string; open: boolean; redis?: string }) => {
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

sharedOptions(
  program
    .command("acp")
    .description(
      "serve editors over the Agent Client Protocol (JSON-RPC on stdio), e.g. Zed's agent_servers",
    ),
).action(async (flags: SharedFlags) => {
  const { runAcp } = await import("./surfaces/acp/run-acp.js");
  process.exitCode = await runAcp(flags);
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

program
  .command("execpolicy")
  .description("check command rules (.rules files)")
  .command("check")
  .description(
    "print the decision of rules files for a command, as JSON: `check --rules FILE -- CMD ARGS...`",
  )
  .requiredOption("--rules <file>", "a .rules file (repeatable)", collect, [])
  .option("--pretty", "indent the JSON")
  .argument("<command...>", "the command to check, after --")
  .action(async (command: string[], flags: { rules: string[]; pretty?: boolean }) => {
    const { runExecpolicyCheck } = await import("./surfaces/execpolicy/run-execpolicy.js");
    process.exitCode = runExecpolicyCheck(command, flags);
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

sharedOptions(
  program
    .command("sandbox")
    .description(
      "run a command under the sandbox policy, as the agent's commands run (read-only unless told)",
    )
    .argument("<platform>", "linux")
    .argument("<command...>", "the command, after --"),
).action(async (platform: string, command: string[], flags: SharedFlags) => {
  if (platform !== "linux") {
    process.stderr.write(`codex-ts sandbox: unknown platform "${platform}" (only linux)\n`);
    process.exitCode = 2;
    return;
  }
  const { runSandboxCommand } = await import("./surfaces/sandbox/run-sandbox-command.js");
  process.exitCode = await runSandboxCommand(command, flags);
});

program
  .command("doctor")
  .description("report what the sandbox can do on this machine, by running probes under it")
  .action(async () => {
    const { runDoctor } = await import("./surfaces/sandbox/run-doctor.js");
    process.exitCode = await runDoctor();
  });

program
  .command("apply-patch")
  .description("apply a patch in the Codex patch format, read from stdin, to the working directory")
  .action(async () => {
    const { runApplyPatchCommand } = await import("./surfaces/apply-patch/run-apply-patch-command.js");
    process.exitCode = await runApplyPatchCommand();
  });

/** --redis and --queue, on every fleet command and the worker. */
function fleetOptions(cmd: Command): Command {
  return cmd
    .option("--redis <url>", "Redis URL (default $CODEX_REDIS_URL, then redis://127.0.0.1:6379)")
    .option("--queue <name>", "the task queue", "codex-tasks");
}

fleetOptions(
  program
    .command("worker")
    .description("run fleet tasks from a Redis queue (BullMQ), each in a git worktree on its task branch"),
)
  .option("--concurrency <n>", "tasks run at once", "1")
  .option("--store <dir>", "shared directory for rollouts and worktrees (default $CODEX_FLEET_STORE)")
  .option("--lock-ms <ms>", "job lock; a worker silent this long loses its tasks to others", "30000")
  .option("--rate-max <n>", "tasks started per --rate-duration-ms across the queue")
  .option("--rate-duration-ms <ms>", "window of --rate-max (default 1000)")
  .action(async (flags: WorkerFlags) => {
    const { runWorker } = await import("./surfaces/fleet/run-worker.js");
    process.exitCode = await runWorker(flags);
  });

const fleetCommand = program
  .command("fleet")
  .description("submit, follow and steer tasks run by `codex-ts worker` processes on any machine");

fleetOptions(
  fleetCommand.command("submit").description("queue a task (or many with --file) and print its id"),
)
  .option("--repo <dir|url>", "repository the task works on (a path workers reach, or a git URL)")
  .option("--prompt <text>", "the task")
  .option(
    "--file <path>",
    "many tasks: JSONL (one task object a line) or CSV with a header (repo,prompt,...)",
  )
  .option("--base-ref <ref>", "commit, branch or tag the task branch starts from", undefined)
  .option("-m, --model <model>", "model to use")
  .addOption(
    new Option("-s, --sandbox <mode>", "sandbox policy").choices([
      "read-only",
      "workspace-write",
      "danger-full-access",
    ]),
  )
  .addOption(
    new Option("-a, --ask-for-approval <policy>", "approval policy (on-request parks the task)").choices([
      "untrusted",
      "on-failure",
      "on-request",
      "never",
    ]),
  )
  .option("--timeout-ms <ms>", "time budget of the task")
  .option("--max-tokens <n>", "token budget of the task")
  .option("--commit", "commit the changes on the task branch")
  .option("--attempts <n>", "runs allowed when a run fails", undefined)
  .option("--priority <n>", "1 is the highest")
  .option("-c, --config <key=value>", "a config key for the task (model settings only)", collect, [])
  .option("--json", 'print {"id": ...}')
  .action(async (flags: SubmitFlags) => {
    const { runSubmit } = await import("./surfaces/fleet/fleet-commands.js");
    process.exitCode = await runSubmit(flags);
  });

fleetOptions(
  fleetCommand.command("status").description("tasks and their states").argument("[id]", "one task"),
)
  .option("-n, --limit <n>", "the newest n tasks")
  .option("--json", "print an array of {id, state, ...}")
  .action(async (id: string | undefined, flags: FleetFlags & { json?: boolean; limit?: string }) => {
    const { runStatus } = await import("./surfaces/fleet/fleet-commands.js");
    process.exitCode = await runStatus(id, flags);
  });

fleetOptions(
  fleetCommand
    .command("results")
    .description("final message, diff and usage of a task (all tasks: a summary)")
    .argument("[id]", "the task"),
)
  .option("--json", "print {state, finalMessage, diff, usage, ...}")
  .action(async (id: string | undefined, flags: FleetFlags & { json?: boolean }) => {
    const { runResults } = await import("./surfaces/fleet/fleet-commands.js");
    process.exitCode = await runResults(id, flags);
  });

fleetOptions(
  fleetCommand
    .command("watch")
    .description("follow a task's items live until it ends")
    .argument("<id>", "the task"),
)
  .option("--json", "print the items as JSON lines (the exec --json events, plus fleet.* events)")
  .action(async (id: string, flags: FleetFlags & { json?: boolean }) => {
    const { runWatch } = await import("./surfaces/fleet/fleet-commands.js");
    process.exitCode = await runWatch(id, flags);
  });

fleetOptions(
  fleetCommand
    .command("logs")
    .description("what workers did with a task (runs, takeovers, ends)")
    .argument("<id>", "the task"),
)
  .option("--json", "print an array of lines")
  .action(async (id: string, flags: FleetFlags & { json?: boolean }) => {
    const { runLogs } = await import("./surfaces/fleet/fleet-commands.js");
    process.exitCode = await runLogs(id, flags);
  });

fleetOptions(
  fleetCommand
    .command("cancel")
    .description("cancel a task; a running one is interrupted by its worker")
    .argument("<id>", "the task"),
)
  .option("--no-wait", "return once the worker was told, not when the task has ended")
  .option("--json", "print {id, state}")
  .action(async (id: string, flags: FleetFlags & { json?: boolean; wait?: boolean }) => {
    const { runCancel } = await import("./surfaces/fleet/fleet-commands.js");
    process.exitCode = await runCancel(id, flags);
  });

fleetOptions(
  fleetCommand
    .command("retry")
    .description("queue a failed or cancelled task again (it goes on from its rollout)")
    .argument("<id>", "the task"),
)
  .option("--json", "print {id, state}")
  .action(async (id: string, flags: FleetFlags & { json?: boolean }) => {
    const { runRetry } = await import("./surfaces/fleet/fleet-commands.js");
    process.exitCode = await runRetry(id, flags);
  });

fleetOptions(
  fleetCommand
    .command("approve")
    .description("answer the approval a parked task waits for")
    .argument("<id>", "the task"),
)
  .option("--deny", "deny instead")
  .option("--for-session", "approve this and the same request for the rest of the task")
  .option("--json", "print {id, decision}")
  .action(
    async (id: string, flags: FleetFlags & { json?: boolean; deny?: boolean; forSession?: boolean }) => {
      const { runApprove } = await import("./surfaces/fleet/fleet-commands.js");
      process.exitCode = await runApprove(id, flags);
    },
  );

fleetOptions(fleetCommand.command("limits").description("queue-wide limits every worker obeys"))
  .option("--rate-max <n>", "tasks started per --rate-duration-ms")
  .option("--rate-duration-ms <ms>", "window of --rate-max (default 1000)")
  .option("--concurrency <n>", "tasks running at once across all workers")
  .option("--json", "print the limits set")
  .action(
    async (
      flags: FleetFlags & { rateMax?: string; rateDurationMs?: string; concurrency?: string; json?: boolean },
    ) => {
      const { runLimits } = await import("./surfaces/fleet/fleet-commands.js");
      process.exitCode = await runLimits(flags);
    },
  );

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
