// Decides, per command, whether to ask the user and whether it runs in the sandbox, for the four approval
// policies. The sandbox is never skipped silently: an unavailable sandbox turns into a question (or, under
// `never`, a refusal the model can read).
import {
  approvalModeOf,
  mayAsk,
  whyNotAsked,
  withAllowedDomains,
  type AskForApproval,
  type SandboxPolicy,
} from "../../protocol/policies.js";
import type { ProcessResult } from "../../sandbox/run-process.js";
import { bwrapPlanInput, type BwrapStatus } from "../../sandbox/detect.js";
import {
  buildCommandEnv,
  type ModelSecrets,
  type ShellEnvironmentPolicyInput,
} from "../../sandbox/env-policy.js";
import { networkForPolicy } from "../../sandbox/command-network.js";
import { denyPlaceholder } from "../../sandbox/deny-placeholders.js";
import {
  expandReadDenial,
  ReadDenialExpansionError,
  type DeniedPath,
} from "../../sandbox/expand-read-denial.js";
import { hasReadDenial, type ReadDenial } from "../../sandbox/read-denial.js";
import { planExec } from "../../sandbox/plan.js";
import { placeholderCleanupFor } from "../../sandbox/placeholder-cleanup.js";
import { looksLikeSandboxDenial } from "../../sandbox/run-with-plan.js";
import { isKnownSafeCommand } from "../../sandbox/safe-commands.js";
import { appendAllowRule, prefixOf, proposeAmendment, simpleCommands } from "../../execpolicy/amend.js";
import { Policy } from "../../execpolicy/policy.js";
import { askAndInterpret, type AskUser, type CommandDecision } from "./decisions.js";
import { judgeByRules } from "./rule-check.js";

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
  /** Command rules: forbidden commands are refused, prompt ones asked about, allowed ones skip the sandbox. */
  rules?: Policy;
  /** Where "approve commands like this" writes its allow rule (`$CODEX_HOME/rules/default.rules`). */
  userRulesFile?: string;
  /** Reports a problem once per session (e.g. no sandbox on this machine). */
  warnOnce: (key: string, message: string) => void;
  /** Reports something to the user every time (a connection the network allowlist refused). */
  warn?: (message: string) => void;
  /** `sandbox_workspace_write.allowed_domains` of the config, for policies that carry none. */
  allowedDomains?: readonly string[];
  /**
   * What the permission profile denies. It holds for every command, whatever the turn's sandbox policy and
   * whether or not the command was approved to run outside the sandbox: such commands still run in bwrap,
   * with full access but for the denied paths.
   */
  readDenial?: ReadDenial;
}

function cleanupFor(codexHome: string) {
  const cleanup = placeholderCleanupFor(codexHome);
  return cleanup ? { placeholderCleanup: cleanup } : {};
}

export class CommandGate {
  /** Scripts the user approved for the rest of the session that could not be split (argv as JSON). */
  private readonly approvedForSession = new Set<string>();
  /** Command families (program and subcommand) the user approved for the rest of the session. */
  private readonly sessionRules = new Policy();

  constructor(private readonly options: CommandGateOptions) {}

  /** Rules saved by the approval of a call, told to the model after that call's output (as Codex does). */
  private readonly savedFor = new Map<string, string[]>();

  /** Writes an allow rule for `prefix` to the user's rules file; it applies from now on. */
  amend(prefix: string[], callId?: string): void {
    const file = this.options.userRulesFile;
    if (!file) throw new Error("no user rules file to write the approval to");
    const rule = appendAllowRule(file, prefix);
    if (this.options.rules) this.options.rules.rules.push(rule);
    else this.options.rules = new Policy([rule]);
    if (callId !== undefined) this.savedFor.set(callId, prefix);
  }

  /** The developer note for a rule the approval of `callId` saved, once; undefined when it saved none. */
  takeSavedNote(callId: string): string | undefined {
    const prefix = this.savedFor.get(callId);
    if (!prefix) return undefined;
    this.savedFor.delete(callId);
    return `Approved command prefix saved:\n- [${prefix.map((w) => JSON.stringify(w)).join(", ")}]`;
  }

  /** Follows an allow rule for `prefix` that another engine of this process wrote to the user's rules file. */
  adopt(prefix: string[]): void {
    const rule = {
      pattern: prefix.map((w) => [w]),
      decision: "allow" as const,
      file: this.options.userRulesFile ?? "",
      line: 0,
    };
    if (this.options.rules) this.options.rules.rules.push(rule);
    else this.options.rules = new Policy([rule]);
  }

  private async rememberFor(argv: string[]): Promise<() => void> {
    const commands = await simpleCommands(argv);
    return () => {
      if (!commands) {
        this.approvedForSession.add(JSON.stringify(argv));
        return;
      }
      for (const command of commands) {
        const prefix = prefixOf(command);
        this.sessionRules.rules.push({
          pattern: prefix.map((w) => [w]),
          decision: "allow",
          file: "",
          line: 0,
        });
      }
    };
  }

  private async approvedBefore(argv: string[]): Promise<boolean> {
    if (this.approvedForSession.has(JSON.stringify(argv))) return true;
    return (await judgeByRules(this.sessionRules, argv)).kind === "allow";
  }

  /** The environment a command gets under the session's shell_environment_policy. */
  commandEnv(): Record<string, string> {
    return buildCommandEnv(
      this.options.shellEnvironmentPolicy,
      this.options.parentEnv,
      this.options.modelSecrets,
    );
  }

  async authorize(request: CommandRequest, ask: AskUser): Promise<CommandDecision> {
    const env = buildCommandEnv(
      this.options.shellEnvironmentPolicy,
      this.options.parentEnv,
      this.options.modelSecrets,
    );
    let denied: DeniedPath[];
    try {
      denied = await this.deniedPaths();
    } catch (err) {
      if (err instanceof ReadDenialExpansionError) return { kind: "rejected", message: err.message };
      throw err;
    }
    // Worked out only when the command will run outside the sandbox: with denied paths that is a plan of its own.
    let outside: Promise<CommandDecision> | undefined;
    const direct = () => (outside ??= this.outsideSandbox(request, env, denied));
    const approvedBefore = await this.approvedBefore(request.argv);
    const { approvalPolicy } = request;
    const mode = approvalModeOf(approvalPolicy);
    const sandboxPolicy = withAllowedDomains(request.sandboxPolicy, this.options.allowedDomains);

    const askThenDirect = async (reason: string | undefined): Promise<CommandDecision> => {
      // No question when the answer could not be acted on (the denied paths cannot be hidden).
      const unsandboxed = await direct();
      if (unsandboxed.kind === "rejected") return unsandboxed;
      // What a "for this session" or a saved rule would cover, worked out for a question only (each splits
      // the script): most commands are asked nothing.
      const remember = await this.rememberFor(request.argv);
      const proposed = this.options.userRulesFile ? await proposeAmendment(request.argv) : undefined;
      const answer = await askAndInterpret(ask, reason, remember, proposed);
      return answer === true ? unsandboxed : answer;
    };

    const verdict = await judgeByRules(this.options.rules, request.argv);
    if (verdict.kind === "forbidden") return { kind: "rejected", message: verdict.reason };
    if (verdict.kind === "allow") return direct();
    if (verdict.kind === "prompt" && !approvedBefore) {
      const refused = refusal(approvalPolicy, "rules", (why) => `not run: ${verdict.reason}, and ${why}`);
      return refused ?? askThenDirect(verdict.reason);
    }
    // Under a granular policy without sandbox_approval, the script runs in the sandbox like any other.
    if (verdict.kind === "unsplittable" && !approvedBefore && mayAsk(approvalPolicy, "sandbox_approval")) {
      return askThenDirect(verdict.reason);
    }
    if (request.escalated && sandboxPolicy.type !== "danger-full-access") {
      if (approvedBefore) return direct();
      const refused = refusal(
        approvalPolicy,
        "sandbox_approval",
        (why) => `escalation refused: ${why}, so commands cannot leave the sandbox`,
      );
      return (
        refused ?? askThenDirect(request.justification ?? "the model asks to run this outside the sandbox")
      );
    }
    if (mode === "untrusted" && !approvedBefore && !isKnownSafeCommand(request.argv)) {
      // As Codex: the policy's own question carries no reason (a client shows none).
      return askThenDirect(undefined);
    }
    if (sandboxPolicy.type === "danger-full-access" || approvedBefore) return direct();

    const bwrap = await this.options.bwrap();
    const network = await networkForPolicy(sandboxPolicy, bwrap.available, this.options.warn);
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
      ...network.planInput,
      ...denyPlanInput(denied, this.options.codexHome),
      ...(this.options.readDenial?.readableRoots
        ? { readableRoots: this.options.readDenial.readableRoots }
        : {}),
    });
    const finishNetwork =
      plan.backend !== "unavailable" && plan.networkProxied === true ? network.finish : undefined;
    // Not used by this plan (no sandbox, or one without a network namespace): close it now.
    if (finishNetwork === undefined) await network.finish?.();
    if (plan.backend === "unavailable") {
      this.options.warnOnce("sandbox-unavailable", `${plan.reason}. Commands will ask for approval instead.`);
      const refused = refusal(
        approvalPolicy,
        "sandbox_approval",
        (why) => `not run: ${plan.reason}, and ${why}`,
      );
      return refused ?? askThenDirect(`${plan.reason}; run it without a sandbox?`);
    }
    if (plan.warning) this.options.warnOnce("sandbox-partial", plan.warning);
    return {
      kind: "run",
      argv: plan.argv,
      env: plan.env,
      sandboxed: plan.backend !== "direct",
      ...(finishNetwork ? { finishNetwork } : {}),
    };
  }

  /** Under on-failure: a sandboxed command that failed like a denial may be rerun outside, if the user says so. */
  async afterFailure(
    request: CommandRequest,
    ran: CommandDecision,
    result: ProcessResult,
    ask: AskUser,
  ): Promise<CommandDecision | undefined> {
    if (approvalModeOf(request.approvalPolicy) !== "on-failure" || ran.kind !== "run" || !ran.sandboxed)
      return undefined;
    if (!looksLikeSandboxDenial(result)) return undefined;
    const answer = await askAndInterpret(
      ask,
      "the command failed in the sandbox; run it again without it?",
      await this.rememberFor(request.argv),
    );
    if (answer !== true) return answer;
    const env = buildCommandEnv(
      this.options.shellEnvironmentPolicy,
      this.options.parentEnv,
      this.options.modelSecrets,
    );
    try {
      return await this.outsideSandbox(request, env, await this.deniedPaths());
    } catch (err) {
      if (err instanceof ReadDenialExpansionError) return { kind: "rejected", message: err.message };
      throw err;
    }
  }

  /** The denied paths as they are on disk now (the globs are expanded for each command). */
  private async deniedPaths(): Promise<DeniedPath[]> {
    const denial = this.options.readDenial;
    return hasReadDenial(denial) ? expandReadDenial(denial) : [];
  }

  /**
   * How a command runs when it may leave the sandbox: directly, or, when the profile denies paths, in bwrap
   * with full access but for those (refused when bwrap cannot be had, since nothing else can hide them).
   */
  private async outsideSandbox(
    request: CommandRequest,
    env: Record<string, string>,
    denied: DeniedPath[],
  ): Promise<CommandDecision> {
    if (denied.length === 0) return { kind: "run", argv: request.argv, env, sandboxed: false };
    const plan = planExec({
      policy: { type: "danger-full-access" },
      command: request.argv,
      cwd: request.cwd,
      env,
      platform: this.options.platform ?? process.platform,
      ...bwrapPlanInput(await this.options.bwrap()),
      ...denyPlanInput(denied, this.options.codexHome),
    });
    if (plan.backend === "unavailable") return { kind: "rejected", message: `not run: ${plan.reason}` };
    // Not "sandboxed": there is nothing looser to rerun it with after a failure.
    return { kind: "run", argv: plan.argv, env: plan.env, sandboxed: false };
  }
}

/**
 * The refusal of a question the policy does not let be asked (`never`, or a granular policy whose flag for
 * this kind is false), the model told why; undefined when the user may be asked.
 */
function refusal(
  policy: AskForApproval,
  gate: "sandbox_approval" | "rules",
  message: (why: string) => string,
): { kind: "rejected"; message: string } | undefined {
  const why = whyNotAsked(policy, gate);
  return why === undefined ? undefined : { kind: "rejected", message: message(why) };
}

function denyPlanInput(denied: readonly DeniedPath[], codexHome: string) {
  return denied.length > 0 ? { deniedPaths: denied, denyPlaceholder: denyPlaceholder(codexHome) } : {};
}
