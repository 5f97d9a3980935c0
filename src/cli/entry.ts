// The bin's entry (dist/cli.js). `codex-ts app-server` with nothing after it, as IDEs spawn it, starts the
// server without building the command line (commander and every command's options), so `initialize` is
// answered sooner; any other command line goes to ../cli.ts.
const [, , command, ...rest] = process.argv;
if (command === "app-server" && rest.length === 0) {
  const { runBareAppServer } = await import("./bare-app-server.js");
  process.exitCode = await runBareAppServer();
} else {
  await import("../cli.js");
}
