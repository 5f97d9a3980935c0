// How a child engine is set up: the root's config with the child's model, instructions that tell the model
// it is a subagent (its tools come from ChildEngines.toolSet, see child-engine.ts).
import type { Config } from "../../config/load.js";
import { contextWindowFor } from "../../model/model-info.js";
import { linkChildConfig } from "./thread-parent.js";

export interface ChildIdentity {
  agentId: number;
  parentAgentId: number;
  name?: string;
  /** True when the child may spawn children of its own. */
  maySpawn: boolean;
}

/** The root's config (never a parent child's: instructions must not pile up), with the child's model. */
export function childConfig(
  rootConfig: Config,
  model: string,
  identity: ChildIdentity,
  parentThreadId: string,
): Config {
  const config: Config = {
    ...rootConfig,
    model,
    developerInstructions: [rootConfig.developerInstructions, subagentInstructions(identity)]
      .filter(Boolean)
      .join("\n\n"),
  };
  if (model !== rootConfig.model) {
    const window = rootConfig.toml.model_context_window ?? contextWindowFor(model);
    if (window === undefined) delete config.modelContextWindow;
    else config.modelContextWindow = window;
  }
  linkChildConfig(config, parentThreadId);
  return config;
}

export function subagentInstructions(identity: ChildIdentity): string {
  const who = identity.name
    ? `subagent ${identity.agentId} ("${identity.name}")`
    : `subagent ${identity.agentId}`;
  return [
    `You are ${who}, working for agent ${identity.parentAgentId} (your parent) on the task it gives you.`,
    "The final message of each of your turns is reported to your parent, so make it a complete, " +
      "self-contained answer: what you did, what you found, what is left.",
    `To tell your parent something before you finish, call subagent_send with agent_id ${identity.parentAgentId}.`,
    identity.maySpawn
      ? "You may spawn subagents of your own for independent parts of your task."
      : "You may not spawn subagents of your own: the tree is at its depth limit.",
  ].join(" ");
}

/** What the child's spawn call returns inside a fork of its parent's conversation. */
export function forkNote(identity: ChildIdentity): string {
  return (
    `You are now subagent ${identity.agentId}${identity.name ? ` ("${identity.name}")` : ""}: a fork of this ` +
    `conversation. Your parent, agent ${identity.parentAgentId}, continues on its own. Work on the task ` +
    "in the next message; your final message is reported to your parent."
  );
}
