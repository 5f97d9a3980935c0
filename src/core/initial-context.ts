// The items that open a thread's conversation: base instructions, developer instructions, AGENTS.md,
// and the <environment_context> that tells the model where it is and what it may do.
import { basename } from "node:path";
import type { MessageItem } from "../protocol/items.js";
import { userTextMessage } from "../protocol/items.js";
import {
  approvalPolicyLabel,
  type AskForApproval,
  type GranularApprovalConfig,
  type Personality,
  type SandboxPolicy,
} from "../protocol/policies.js";
import type { ReadDenial } from "../sandbox/read-denial.js";
import { loadAgentsDocs, type AgentsDocsOptions } from "./agents-md.js";
import { readPackageFile } from "./package-files.js";

const PERSONALITY_TEXT: Record<Personality, string> = {
  friendly:
    "Personality: warm and encouraging. Explain your reasoning in plain words and acknowledge what the user did well.",
  pragmatic:
    "Personality: direct and pragmatic. Say what matters, skip pleasantries, and favour working results.",
  none: "",
};

/** The personality a thread has when no one chose one. */
export const DEFAULT_PERSONALITY: Personality = "pragmatic";

export function baseInstructions(personality: Personality = DEFAULT_PERSONALITY, override?: string): string {
  const template = override ?? readPackageFile("prompts/base_instructions.md");
  return template.replace("{{ personality }}", PERSONALITY_TEXT[personality]).replace(/\n{3,}/g, "\n\n");
}

/** Told to the model when the personality changes mid-thread (its base instructions stay as they were). */
export function personalityUpdateMessage(personality: Personality): MessageItem {
  const text =
    PERSONALITY_TEXT[personality] ||
    "No particular personality: answer in a plain, neutral style, without the tone asked for earlier.";
  return userTextMessage(
    readPackageFile("prompts/personality_update.md").replace("{{ personality }}", text).trimEnd(),
    "developer",
  );
}

export interface EnvironmentContext {
  cwd: string;
  approvalPolicy: AskForApproval;
  sandboxPolicy: SandboxPolicy;
  shell?: string;
  now?: Date;
  /** False (`include_permissions_instructions = false`): approval and sandbox lines are left out. */
  permissions?: boolean;
  /** What the permission profile denies or limits reads to: told so the model neither tries nor asks. */
  readDenial?: ReadDenial;
  /** False (`include_environment_context_time = false`): no `<current_date>` line. */
  time?: boolean;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function granularLines(flags: GranularApprovalConfig): string[] {
  const kinds = Object.keys(flags) as Array<keyof GranularApprovalConfig>;
  const asked = kinds.filter((k) => flags[k]);
  const refused = kinds.filter((k) => !flags[k]);
  return [
    ...(asked.length > 0 ? [`  <approvals_asked>${asked.join(", ")}</approvals_asked>`] : []),
    ...(refused.length > 0
      ? [`  <approvals_refused_unasked>${refused.join(", ")}</approvals_refused_unasked>`]
      : []),
  ];
}

export function renderEnvironmentContext(ctx: EnvironmentContext): string {
  const shell = ctx.shell ?? basename(process.env.SHELL ?? "bash");
  const date = (ctx.now ?? new Date()).toISOString().slice(0, 10);
  const lines = ["<environment_context>", `  <cwd>${escapeXml(ctx.cwd)}</cwd>`];
  const permissions = ctx.permissions !== false;
  if (permissions) {
    lines.push(`  <approval_policy>${approvalPolicyLabel(ctx.approvalPolicy)}</approval_policy>`);
    // Under a granular policy the model needs to know which requests are refused without a question.
    if (typeof ctx.approvalPolicy === "object") lines.push(...granularLines(ctx.approvalPolicy.granular));
    lines.push(`  <sandbox_mode>${ctx.sandboxPolicy.type}</sandbox_mode>`);
  }
  if (permissions && ctx.sandboxPolicy.type === "workspace-write") {
    lines.push(
      `  <network_access>${ctx.sandboxPolicy.network_access ? "enabled" : "restricted"}</network_access>`,
    );
    if (ctx.sandboxPolicy.writable_roots.length > 0) {
      lines.push("  <writable_roots>");
      for (const root of ctx.sandboxPolicy.writable_roots) lines.push(`    <root>${escapeXml(root)}</root>`);
      lines.push("  </writable_roots>");
    }
  }
  if (permissions && ctx.readDenial) lines.push(...readDenialLines(ctx.readDenial));
  lines.push(`  <shell>${escapeXml(shell)}</shell>`);
  if (ctx.time !== false) lines.push(`  <current_date>${date}</current_date>`);
  lines.push("</environment_context>");
  return lines.join("\n");
}

function readDenialLines(denial: ReadDenial): string[] {
  const lines: string[] = [];
  if (denial.readableRoots) {
    lines.push("  <readable_roots>");
    for (const root of denial.readableRoots) lines.push(`    <root>${escapeXml(root)}</root>`);
    lines.push("  </readable_roots>");
  }
  if (denial.paths.length + denial.globs.length > 0) {
    // As Codex says it: a policy, not a sandbox hiccup to escalate around.
    lines.push('  <denied_reads escalatable="false">');
    for (const path of denial.paths) lines.push(`    <path>${escapeXml(path)}</path>`);
    for (const glob of denial.globs) lines.push(`    <glob>${escapeXml(glob)}</glob>`);
    lines.push("  </denied_reads>");
  }
  return lines;
}

export interface InitialContextOptions {
  /** The rendered <environment_context>, or undefined when config leaves it out. */
  environmentContext: string | undefined;
  /** Where AGENTS.md files are looked for (its cwd is the turn's). */
  agentsDocs: AgentsDocsOptions;
  personality?: Personality;
  baseInstructionsOverride?: string;
  developerInstructions?: string;
  /** The available skills section (skills/skills-instructions.ts), when there are skills. */
  skillsInstructions?: string;
  /** The memory folder and its summary (core/memories/instructions.ts), when memories are used. */
  memoryInstructions?: string;
}

export function buildInitialContext(options: InitialContextOptions): MessageItem[] {
  const items: MessageItem[] = [
    userTextMessage(baseInstructions(options.personality, options.baseInstructionsOverride), "developer"),
  ];
  if (options.developerInstructions) {
    items.push(userTextMessage(options.developerInstructions, "developer"));
  }
  if (options.memoryInstructions) items.push(userTextMessage(options.memoryInstructions, "developer"));
  if (options.skillsInstructions) items.push(userTextMessage(options.skillsInstructions, "developer"));
  const docs = loadAgentsDocs(options.agentsDocs);
  if (docs.length > 0) {
    const body = docs.map((d) => d.text.trimEnd()).join("\n\n");
    items.push(
      userTextMessage(
        `# AGENTS.md instructions for ${options.agentsDocs.cwd}\n\n<INSTRUCTIONS>\n${body}\n</INSTRUCTIONS>`,
      ),
    );
  }
  if (options.environmentContext !== undefined) items.push(userTextMessage(options.environmentContext));
  return items;
}
