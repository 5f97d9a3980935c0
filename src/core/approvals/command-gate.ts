// Decides, per command, whether to ask the user and whether it runs in the sandbox, for the four approval
// policies. The sandbox is never skipped silently: an unavailable sandbox turns into a question (or, under
// `never`, a refusal the model can read).
import type { AskForApproval, SandboxPolicy } from "../../protocol/policies.js";
import type { ProcessResult } from "../../sandbox/run-process.js";
import { bwrapPlanInput, type BwrapStatus } from "../../sandbox/detect.js";
import {
  buildCommandEnv,
  type ModelSecrets,
  type ShellEnvironmentPolicyInput,
} from "../../sandbox/env-policy.js";
import { planExec } from "../../sandbox/plan.js";
import { placeholderCleanupFor } from "../../sandbox/placeholder-cleanup.js";
import { looksLikeSandboxDenial } from "../../sandbox/run-with-plan.js";
import { isKnownSafeCommand } from "../../sandbox/safe-commands.js";
import { askAndInterpret, type AskUser, type CommandDecision } from "./decisions.js";

export interface CommandRequest {
  argv: string[];
  /** Where the command runs (the model may pick a workdir). */
  cwd: string;
  /**
   * The turn's cwd: what the sandbox lets the command write is decided from it, never from `cwd`, or a
   * model could make any folder writable by running a command there.
   */
  turnCwd?: string;
  approvalPolicy: AskForApproval;
  sandboxPolicy: SandboxPolicy;
  /** The model asked to run outside the sandbox (`sandbox_permissions: "require_escalated"`). */
  escalated: boolean;
  justification?: string;
}

export interface CommandGateOptions {
  codexHome: string;
  parentEnv: NodeJS.ProcessEnv;
  shellEnvironmentPolicy?: ShellEnvironmentPolicyInput;
  /** The model's API key (names and values): removed from every command's environment. */
  modelSecrets?: ModelSecrets;
  platform?: NodeJS.Platform;
  bwrap: () => Promise<BwrapStatus>;
  /** Reports a problem once per session (e.g. no sandbox on this machine). */
  warnOnce: (key: string, message: string) => void;
}

function cleanupFor(codexHome: string) {
  const cleanup = placeholderCleanupFor(codexHome);
  return cleanup ? { placeholderCleanup: cleanup } : {};
}

export class CommandGate {
  /** Commands the user approved for the rest of the session (argv as JSON). */
  private readonly approvedForSession = new Set<string>();

  constructor(private readonly options: CommandGateOptions) {}

  async authorize(request: CommandRequest, ask: AskUser): Promise<CommandDecision> {
    const env = buildCommandEnv(
      this.options.shellEnvironmentPolicy,
      this.options.parentEnv,
      this.options.modelSecrets,
    );
    const key = JSON.stringify(request.argv);
    const remember = () => this.approvedForSession.add(key);
    const direct: CommandDecision = { kind: "run", argv: request.argv, env, sandboxed: false };
    const approvedBefore = this.approvedForSession.has(key);
    const { approvalPolicy, sandboxPolicy } = request;

    const askThenDirect = async (reason: string): Promise<CommandDecision> => {
      const answer = await askAndInterpret(ask, reason, remember);
      return answer === true ? direct : answer;
    };

    if (request.escalated && sandboxPolicy.type !== "danger-full-access") {
      if (approvedBefore) return direct;
      if (approvalPolicy === "never") {
        return {
          kind: "rejected",
          message: "escalation refused: approval_policy is never, so commands cannot leave the sandbox",
        };
      }
      return askThenDirect(request.justification ?? "the model asks to run this outside the sandbox");
    }
    if (approvalPolicy === "untrusted" && !approvedBefore && !isKnownSafeCommand(request.argv)) {
      return askThenDirect("this command is not on the list of known read-only commands");
    }
    if (sandboxPolicy.type === "danger-full-access" || approvedBefore) return direct;

    const bwrap = await this.options.bwrap();
    const plan = planExec({
      policy: sandboxPolicy,
      command: request.argv,
      cwd: request.cwd,
      ...(request.turnCwd ? { rootsCwd: request.turnCwd } : {}),
      env,
      codexHome: this.options.codexHome,
      ...cleanupFor(this.options.codexHome),
      platform: this.options.platform ?? process.platform,
      ...bwrapPlanInput(bwrap),
    });
    if (plan.backend === "unavailable") {
      this.options.warnOnce("sandbox-unavailable", `${plan.reason}. Commands will ask for approval instead.`);
      if (approvalPolicy === "never") {
        return { kind: "rejected", message: `not run: ${plan.reason}, and approval_policy is never` };
      }
      return askThenDirect(`${plan.reason}; run it without a sandbox?`);
    }
    if (plan.warning) this.options.warnOnce("sandbox-partial", plan.warning);
    return { kind: "run", argv: plan.argv, env: plan.env, sandboxed: plan.backend !== "direct" };
  }

  /** Under on-failure: a sandboxed command that failed like a denial may be rerun outside, if the user says so. */
  async afterFailure(
    request: CommandRequest,
    ran: CommandDecision,
    result: ProcessResult,
    ask: AskUser,
  ): Promise<CommandDecision | undefined> {
    if (request.approvalPolicy !== "on-failure" || ran.kind !== "run" || !ran.sandboxed) return undefined;
    if (!looksLikeSandboxDenial(result)) return undefined;
    const key = JSON.stringify(request.argv);
    const answer = await askAndInterpret(
      ask,
      "the command failed in the sandbox; run it again without it?",
      () => this.approvedForSession.add(key),
    );
    if (answer !== true) return answer;
    const env = buildCommandEnv(
      this.options.shellEnvironmentPolicy,
      this.options.parentEnv,
      this.options.modelSecrets,
    );
    return { kind: "run", argv: request.argv, env, sandboxed: false };
  }
}
