// The bin's entry (dist/cli.js). `codex-ts app-server` with nothing after it (or only the flags IDEs add), as
// IDEs spawn it, starts the server without building the command line (commander and every command's
// options), so `initialize` is answered sooner; any other command line goes to ../cli.ts.
const [, , command, ...rest] = process.argv;
// A reader that goes away (`codex-ts sessions | head -1`) ends the output, not the command with a trace;
// the surfaces that stream (shared/output.ts) stop printing the same way and still finish their work.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code !== "EPIPE" && err.code !== "ERR_STREAM_DESTROYED") throw err;
});
try {
  // `--analytics-default-enabled` (how Codex's IDE extension spawns it) and `--stdio` change nothing here.
  if (command === "app-server" && rest.every((a) => a === "--analytics-default-enabled" || a === "--stdio")) {
    const { runBareAppServer } = await import("./bare-app-server.js");
    process.exitCode = await runBareAppServer();
  } else {
    await import("../cli.js");
  }
} catch (err) {
  // An install problem (rollout/sqlite-open.ts) is the user's to fix: its message, not a stack trace. Matched
  // by code, so that this entry loads nothing more.
  if (!(err instanceof Error && "code" in err && err.code === "CODEX_TS_SQLITE_UNAVAILABLE")) throw err;
  process.stderr.write(`codex-ts: ${err.message}\n`);
  process.exitCode = 1;
}
