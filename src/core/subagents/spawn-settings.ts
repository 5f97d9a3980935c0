// What a spawned child runs with: its role's settings where the role's file sets them, else the caller's.
import type { Config } from "../../config/load.js";
import type { CallerTurn, SpawnRequest } from "./agent-scope.js";
import { applyRole, nickname } from "./roles.js";
import type { StartChildOptions } from "./start-child.js";

export interface SpawnSettings {
  /** The role applied (undefined when none applies). */
  agentType: string | undefined;
  name: string | undefined;
  model: string;
  /** The role's config, which the child inherits instead of the root's (undefined: the root's). */
  rootConfig: Config | undefined;
  configure: StartChildOptions["configure"];
}

/**
 * The settings of a child spawned by `request` from `caller`'s turn. `parentModel` is the spawning agent's
 * model (undefined for the root); `takenNames` are the names of the agents already attached.
 */
export function spawnSettings(
  config: Config,
  env: NodeJS.ProcessEnv,
  request: SpawnRequest,
  caller: CallerTurn,
  parentModel: string | undefined,
  takenNames: ReadonlyArray<string | undefined>,
): SpawnSettings {
  const role = applyRole(config, request.agentType, env);
  const model = role?.setsModel ? role.config.model : (request.model ?? parentModel ?? config.model);
  return {
    agentType: role?.name,
    name: request.name ?? nickname(role, takenNames),
    model,
    rootConfig: role?.config,
    configure: {
      cwd: caller.cwd,
      // A role that sets a policy runs with it; otherwise the child inherits the caller's.
      approval_policy: role?.setsApprovalPolicy ? role.config.approvalPolicy : caller.approvalPolicy,
      sandbox_policy: role?.setsSandbox ? role.config.sandboxPolicy : caller.sandboxPolicy,
    },
  };
}
