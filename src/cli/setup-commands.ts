// Setting codex-ts up: MCP servers, command rules, login and logout.
import { Option, type Command } from "commander";
import { collect, configOverrideOptions, gathered } from "./options.js";
import type { McpAddFlags } from "../surfaces/mcp-cli/run-mcp-command.js";
import type { McpLoginFlags } from "../surfaces/mcp-cli/run-mcp-oauth.js";
import type { LoginFlags } from "../surfaces/login/run-login.js";

/** `--oauth-client-registration`'s values, as Codex has them (cimd is refused when used). */
const REGISTRATIONS = ["auto", "cimd", "dcr"];

export function registerSetupCommands(program: Command): void {
  // -c / --enable / --disable on `mcp` and on each of its commands, as Codex takes them.
  const mcpCommand = configOverrideOptions(
    program.command("mcp").description("manage the MCP servers of $CODEX_HOME/config.toml ([mcp_servers])"),
  );
  const mcpSub = (name: string) => configOverrideOptions(mcpCommand.command(name));

  mcpSub("list")
    .description("list the configured MCP servers")
    .option("--json", "print them as JSON")
    .action(async (flags: { json?: boolean }, cmd: Command) => {
      const { runMcpList } = await import("../surfaces/mcp-cli/run-mcp-command.js");
      process.exitCode = await runMcpList({ ...flags, ...gathered(cmd) });
    });

  mcpSub("get")
    .description("show one MCP server's configuration")
    .argument("<name>", "the server's name")
    .option("--json", "print it as JSON")
    .action(async (name: string, flags: { json?: boolean }, cmd: Command) => {
      const { runMcpGet } = await import("../surfaces/mcp-cli/run-mcp-command.js");
      process.exitCode = runMcpGet(name, { ...flags, ...gathered(cmd) });
    });

  mcpSub("add")
    .description("add (or replace) an MCP server: `add NAME -- COMMAND ARGS...` or `add NAME --url URL`")
    .argument("<name>", "the server's name (letters, digits, '_' and '-')")
    .argument("[command...]", "the command starting a stdio server, after --")
    .option("--env <KEY=VALUE>", "an environment variable for a stdio server (repeatable)", collect, [])
    .option("--url <url>", "the URL of a streamable HTTP server")
    .option("--bearer-token-env-var <name>", "environment variable holding the HTTP server's bearer token")
    .option("--startup-timeout-sec <seconds>", "how long the server may take to start")
    .option("--tool-timeout-sec <seconds>", "how long a tool call may take")
    .option("--oauth-client-id <id>", "OAuth client registered beforehand for this (HTTP) server")
    .option("--oauth-client-secret <secret>", "the secret of that client (needs --oauth-client-id)")
    .addOption(
      new Option(
        "--oauth-client-registration <how>",
        "client registration for the sign-in that follows only (cimd is not supported)",
      ).choices(REGISTRATIONS),
    )
    .option("--oauth-resource <resource>", "OAuth resource indicator to ask for when signing in")
    .action(async (name: string, command: string[], addFlags: McpAddFlags, cmd: Command) => {
      const flags = { ...addFlags, ...gathered(cmd) };
      const { runMcpAdd } = await import("../surfaces/mcp-cli/run-mcp-command.js");
      process.exitCode = runMcpAdd(name, command, flags);
      if (process.exitCode !== 0 || !flags.url) return;
      // An HTTP server that takes OAuth is signed in to at once, as Codex does.
      const { signInAfterAdd } = await import("../surfaces/mcp-cli/run-mcp-oauth.js");
      process.exitCode = await signInAfterAdd(name, flags, flags.oauthClientRegistration);
    });

  mcpSub("remove")
    .description("remove an MCP server from config.toml")
    .argument("<name>", "the server's name")
    .action(async (name: string, _flags: unknown, cmd: Command) => {
      const { runMcpRemove } = await import("../surfaces/mcp-cli/run-mcp-command.js");
      process.exitCode = runMcpRemove(name, gathered(cmd));
    });

  mcpSub("login")
    .description("sign in to an HTTP MCP server with OAuth (tokens kept in $CODEX_HOME/mcp-oauth.json)")
    .argument("<name>", "the server's name")
    .option("--no-browser", "print the authorization URL and read the callback URL from stdin")
    .option("--scopes <scope,scope>", "comma-separated OAuth scopes to request")
    .addOption(
      new Option(
        "--oauth-client-registration <how>",
        "client registration for this sign-in only (cimd is not supported)",
      ).choices(REGISTRATIONS),
    )
    .action(async (name: string, flags: McpLoginFlags, cmd: Command) => {
      const { runMcpLogin } = await import("../surfaces/mcp-cli/run-mcp-oauth.js");
      process.exitCode = await runMcpLogin(name, { ...flags, ...gathered(cmd) });
    });

  mcpSub("logout")
    .description("forget the OAuth tokens stored for an HTTP MCP server")
    .argument("<name>", "the server's name")
    .action(async (name: string, _flags: unknown, cmd: Command) => {
      const { runMcpLogout } = await import("../surfaces/mcp-cli/run-mcp-oauth.js");
      process.exitCode = await runMcpLogout(name, gathered(cmd));
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
      const { runExecpolicyCheck } = await import("../surfaces/execpolicy/run-execpolicy.js");
      process.exitCode = runExecpolicyCheck(command, flags);
    });

  const loginCommand = program
    .command("login")
    .description("sign in: ChatGPT in the browser (default), --device-auth, or --with-api-key (key on stdin)")
    .option("-c, --config <key=value>", "override a config value (value parsed as TOML)", collect, [])
    .option("--with-api-key", "read an API key from stdin and store it")
    .option("--device-auth", "sign in to ChatGPT with a one-time code entered on another device")
    .action(async (flags: LoginFlags) => {
      const { runLogin } = await import("../surfaces/login/run-login.js");
      process.exitCode = await runLogin(flags);
    });

  loginCommand
    .command("status")
    .description("show which account codex-ts uses")
    .option("-c, --config <key=value>", "override a config value (value parsed as TOML)", collect, [])
    .action(async (flags: { config?: string[] }) => {
      const { runLoginStatus } = await import("../surfaces/login/run-login.js");
      process.exitCode = await runLoginStatus(flags);
    });

  program
    .command("logout")
    .description("remove the stored login ($CODEX_HOME/auth.json)")
    .option("-c, --config <key=value>", "override a config value (value parsed as TOML)", collect, [])
    .action(async (flags: { config?: string[] }) => {
      const { runLogout } = await import("../surfaces/login/run-login.js");
      process.exitCode = await runLogout(flags);
    });
}
