// The fleet: `worker` runs tasks from a Redis queue, `fleet ...` submits, follows and steers them.
import type { Command } from "commander";
import { Option } from "commander";
import { collect } from "./options.js";
import type { SubmitFlags } from "../surfaces/fleet/fleet-commands.js";
import type { WorkerFlags } from "../surfaces/fleet/run-worker.js";
import type { FleetFlags } from "../surfaces/fleet/connection.js";

/** --redis and --queue, on every fleet command and the worker. */
function fleetOptions(cmd: Command): Command {
  return cmd
    .option("--redis <url>", "Redis URL (default $CODEX_REDIS_URL, then redis://127.0.0.1:6379)")
    .option("--queue <name>", "the task queue", "codex-tasks");
}

export function registerFleetCommands(program: Command): void {
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
      const { runWorker } = await import("../surfaces/fleet/run-worker.js");
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
      const { runSubmit } = await import("../surfaces/fleet/fleet-commands.js");
      process.exitCode = await runSubmit(flags);
    });

  fleetOptions(
    fleetCommand.command("status").description("tasks and their states").argument("[id]", "one task"),
  )
    .option("-n, --limit <n>", "the newest n tasks")
    .option("--json", "print an array of {id, state, ...}")
    .action(async (id: string | undefined, flags: FleetFlags & { json?: boolean; limit?: string }) => {
      const { runStatus } = await import("../surfaces/fleet/fleet-commands.js");
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
      const { runResults } = await import("../surfaces/fleet/fleet-commands.js");
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
      const { runWatch } = await import("../surfaces/fleet/fleet-commands.js");
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
      const { runLogs } = await import("../surfaces/fleet/fleet-commands.js");
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
      const { runCancel } = await import("../surfaces/fleet/fleet-commands.js");
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
      const { runRetry } = await import("../surfaces/fleet/fleet-commands.js");
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
        const { runApprove } = await import("../surfaces/fleet/fleet-commands.js");
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
        flags: FleetFlags & {
          rateMax?: string;
          rateDurationMs?: string;
          concurrency?: string;
          json?: boolean;
        },
      ) => {
        const { runLimits } = await import("../surfaces/fleet/fleet-commands.js");
        process.exitCode = await runLimits(flags);
      },
    );
}
