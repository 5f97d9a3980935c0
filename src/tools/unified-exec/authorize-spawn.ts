// The default spawn hook: asks the engine's command gate (`ToolContext.authorizeCommand`, which applies the
// approval policy and plans the sandbox) how to run the command, so that a manager built without a hook
// never runs a model's command outside the sandbox by accident.
import type { CommandDecision } from "../../core/approvals/decisions.js";
import type { CommandAuthorizationRequest } from "../../core/tool-api/define-tool.js";
import { commandEnv } from "./shell-command.js";
import type { SpawnPlan, SpawnRequest } from "./session-types.js";

/** The gate said no: the tool answers with this message instead of running anything. */
export class CommandRefusedError extends Error {
  constructor(
    message: string,
    /** The user chose to stop the whole task, not just this command. */
    readonly abortTask: boolean,
  ) {
    super(message);
    this.name = "CommandRefusedError";
  }
}

export const ABORTED_BY_USER = "aborted by user";

export async function authorizeThroughToolContext(request: SpawnRequest): Promise<SpawnPlan> {
  const ctx = request.toolContext;
  // Started by the engine itself rather than by a model's call: nothing to ask.
  if (!ctx) return { argv: request.argv, env: request.env };
  const authorization: CommandAuthorizationRequest = {
    argv: request.argv,
    cwd: request.cwd,
    escalated: request.sandboxPermissions === "require_escalated",
    ...(request.justification !== undefined ? { justification: request.justification } : {}),
    source: "unified_exec",
  };
  const decision = await ctx.authorizeCommand(authorization);
  const plan = planOf(decision);
  // As for `shell`: under on-failure, a sandboxed run that fails like a denial may be retried outside.
  if (decision.kind === "run" && decision.sandboxed && ctx.approvalPolicy === "on-failure") {
    plan.retryOutsideSandbox = async (result) => {
      const retry = await ctx.retryOutsideSandbox(authorization, decision, result);
      return retry ? planOf(retry) : undefined;
    };
  }
  return plan;
}

/** What runs for a decision of the gate; a refusal becomes a `CommandRefusedError`. */
function planOf(decision: CommandDecision): SpawnPlan {
  switch (decision.kind) {
    case "run":
      // The gate's environment (its env policy, sandbox markers) with our no-pager defaults on top.
      return {
        argv: decision.argv,
        env: commandEnv(decision.env),
        ...(decision.finishNetwork ? { finishNetwork: decision.finishNetwork } : {}),
      };
    case "rejected":
      throw new CommandRefusedError(decision.message, false);
    case "abort":
      throw new CommandRefusedError(ABORTED_BY_USER, true);
  }
}
