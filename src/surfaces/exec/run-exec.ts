// `codex-ts exec`: one task, no interaction. JSONL events with --json, else progress on stderr and the
// final message on stdout. Exit code 0 on success, 1 on a failed turn.
import { resolveCredentials } from "../../auth/credentials.js";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ExecFlags } from "./exec-flags.js";
import { ConfigError } from "../../config/load.js";
import { createCodex } from "../../engine/create-codex.js";
import { findRepoRoot } from "../../core/agents-md.js";
import type { UserInputItem } from "../../protocol/user-input.js";
import type { OpOf } from "../../protocol/core-protocol.js";
import type { QueuedTurnSource } from "../threads/queued-on-resume.js";
import type { ReviewTarget } from "../../protocol/review.js";
import type { CyberAccessProgram } from "../../protocol/cyber-access.js";
import { loadCliConfig } from "../shared/cli-config.js";
import { ProtocolOutput } from "../shared/output.js";
import { ExecEventMapper } from "./event-mapper.js";
import { HumanOutput } from "./human-output.js";
import { NoPromptError, PromptError, readPrompt } from "./prompt-input.js";
import { refuseRequest } from "./unanswerable-requests.js";

function isThreadLookupError(err: unknown): boolean {
  return err instanceof Error && err.name === "ThreadLookupError";
}

/** The agent's last message; in plan mode, the proposed plan when that was the whole answer. */
function finalAnswer(mapper: ExecEventMapper): string | undefined {
  const message = mapper.lastAgentMessage;
  return message !== undefined && message.trim() !== "" ? message : (mapper.lastPlan ?? message);
}

function fail(message: string): number {
  process.stderr.write(`Error: ${message}\n`);
  return 1;
}

function readOutputSchema(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new PromptError(`cannot read --output-schema ${path}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new PromptError(`--output-schema ${path} is not valid JSON: ${(err as Error).message}`);
  }
}

export interface ResumeTarget {
  id?: string;
  last?: boolean;
  /** `exec fork`: a new thread from this one; without a prompt, only the fork is made (no turn). */
  fork?: boolean;
}

/** `codex-ts review`: the target; custom instructions come as the prompt. */
export type ReviewChoice = Exclude<ReviewTarget, { type: "custom" }> | { type: "custom" };

export async function runExec(
  promptArg: string | undefined,
  flags: ExecFlags,
  resume?: ResumeTarget,
  review?: ReviewChoice,
): Promise<number> {
  let config;
  let prompt: string;
  let outputSchema: unknown;
  let resumePath: string | undefined;
  // Messages queued for a resumed thread (`codex-ts queue`): its turns before the prompt's.
  let queued: QueuedTurnSource | undefined;
  // `exec fork ID` without a prompt forks and stops there, reading nothing from stdin (as the real one).
  const forkOnly = resume?.fork === true && promptArg === undefined;
  // A fork made without a turn could carry neither (the real one refuses both the same way).
  if (forkOnly && flags.cyberAccessProgram)
    return fail("Forking with --cyber-access-program requires a prompt");
  if (forkOnly && flags.ephemeral) return fail("Ephemeral forks require a prompt");
  try {
    // Nobody is there to answer an approval request: exec never asks unless told to.
    config = loadCliConfig(flags, { approval_policy: "never" });
    if (!flags.skipGitRepoCheck && findRepoRoot(config.cwd) === undefined) {
      return fail(
        `${config.cwd} is not inside a git repository. Run codex-ts exec in a repository, or pass --skip-git-repo-check.`,
      );
    }
    if (flags.outputSchema) outputSchema = readOutputSchema(flags.outputSchema);
    if (resume) {
      // Loaded only here: the thread index (and SQLite) is not on the path of a plain exec.
      const { locateThread } = await import("../threads/locate.js");
      const found = await locateThread(config, { ...resume, cwd: config.cwd, byName: true });
      resumePath = found.path;
      if (!resume.fork) {
        const { openQueuedTurns } = await import("../threads/queued-on-resume.js");
        try {
          queued = await openQueuedTurns(config.sqliteHome, found);
        } catch (err) {
          // An unusable queue file holds up nothing: the resume goes on without the queued messages.
          process.stderr.write(`warning: the queued messages could not be read: ${(err as Error).message}\n`);
        }
      }
    }
    // A review of a git target needs no prompt (and must not wait for one on stdin).
    prompt =
      forkOnly || (review && review.type !== "custom")
        ? ""
        : await readPrompt(promptArg, process.stdin, { appendStdin: !resume && !review });
  } catch (err) {
    if (err instanceof NoPromptError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    if (err instanceof ConfigError || err instanceof PromptError || isThreadLookupError(err)) {
      return fail((err as Error).message);
    }
    throw err;
  }

  const json = Boolean(flags.json || flags.experimentalJson);
  const items: UserInputItem[] = [{ type: "text", text: prompt }];
  for (const image of (flags.image ?? []).flatMap((i) => i.split(","))) {
    if (image.trim() !== "") items.push({ type: "local_image", path: resolve(image.trim()) });
  }

  const codex = createCodex({
    config,
    interactive: false,
    source: flags.threadSource ?? "exec",
    // exec alone reads CODEX_API_KEY, ahead of auth.json (as the real exec does); its subagents too.
    auth: {
      credentialsFor: (provider) =>
        resolveCredentials(provider, config.codexHome, process.env, { codexApiKeyEnv: true }),
    },
  });
  const mapper = new ExecEventMapper();
  const human = json
    ? undefined
    : new HumanOutput(
        process.stderr,
        flags.color === "always" || (flags.color !== "never" && process.stderr.isTTY),
        { reasoningSummary: config.reasoningSummary },
      );
  const out = new ProtocolOutput();
  const onSigint = () => codex.submit({ type: "interrupt" });
  process.on("SIGINT", onSigint);

  const opening = !resumePath
    ? {}
    : resume?.fork
      ? { fork_from: { path: resumePath } }
      : { resume_path: resumePath };
  codex.submit({ type: "configure_session", ...opening });
  // The prompt's turn, while queued turns run first: one at a time, as a user_turn sent while one runs
  // would replace it.
  let promptTurn: OpOf<"user_turn"> | undefined;
  /** The submission of the queued message's turn now running, if one is. */
  let queuedSub: string | undefined;
  /** Sends the next turn: a queued message's, else the prompt's (once); false when none is left. */
  const sendNext = (): boolean => {
    const op = queued?.next();
    queuedSub = op ? codex.submit(op) : undefined;
    if (op) return true;
    if (!promptTurn) return false;
    codex.submit(promptTurn);
    promptTurn = undefined;
    return true;
  };
  if (forkOnly) {
    // Nothing to ask: the fork is made once the session is configured.
  } else if (review) {
    const target: ReviewTarget = review.type === "custom" ? { type: "custom", instructions: prompt } : review;
    codex.submit({ type: "review", review_request: { target } });
  } else {
    promptTurn = {
      type: "user_turn",
      items,
      ...(outputSchema !== undefined ? { final_output_json_schema: outputSchema } : {}),
      ...(flags.cyberAccessProgram
        ? { cyber_access_program: flags.cyberAccessProgram as CyberAccessProgram }
        : {}),
    };
    sendNext();
  }
  // Exec's own answers to requests it cannot put to anyone; an error about one of them (the request was
  // already gone, e.g. after Ctrl+C) is not the task's failure.
  const refusals = new Set<string>();
  try {
    for await (const event of codex) {
      if (event.msg.type === "error" && refusals.has(event.id)) continue;
      const ownQueued = queuedSub !== undefined && event.id === queuedSub;
      if (ownQueued && event.msg.type === "task_started") queued?.started();
      if (ownQueued && event.msg.type === "error") {
        // A queued message's failed turn is not the prompt's: said on stderr, and exec goes on to the next.
        process.stderr.write(`warning: the turn of a queued message failed: ${event.msg.message}\n`);
        if (sendNext()) continue;
        break;
      }
      const refusal = refuseRequest(event.msg);
      if (refusal) refusals.add(codex.submit(refusal.op));
      if (json) {
        for (const line of mapper.map(event)) out.line(JSON.stringify(line));
      } else {
        mapper.map(event);
        human?.handle(event);
      }
      const type = event.msg.type;
      if (type === "task_complete" && promptTurn && sendNext()) continue;
      if (type === "task_complete" || type === "turn_aborted" || type === "error") break;
      if (forkOnly && type === "session_configured") break;
    }
  } finally {
    process.off("SIGINT", onSigint);
    queued?.close();
    await codex.close();
  }

  if (flags.outputLastMessage) {
    writeFileSync(flags.outputLastMessage, finalAnswer(mapper) ?? "");
  }
  const answer = finalAnswer(mapper);
  if (!json && answer !== undefined && mapper.failure === undefined) {
    out.line(answer);
  }
  if (mapper.failure !== undefined) {
    if (json) process.stderr.write(`Error: ${mapper.failure}\n`);
    return 1;
  }
  return 0;
}
