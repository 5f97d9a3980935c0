// Submissions (UI -> Codex): each carries an Op. Non-exhaustive: readers must tolerate variants they do not
// know. Re-exported by core-protocol.ts, the queue pair's one import.
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";
import { CYBER_ACCESS_PROGRAMS } from "./cyber-access.js";
import {
  AskForApproval,
  CollaborationModeKind,
  Personality,
  ReasoningEffort,
  ReasoningSummary,
  ReviewDecision,
  SandboxPolicy,
} from "./policies.js";
import { UserInputItem } from "./user-input.js";
import { ReviewRequest } from "./review.js";
import { ResponseItem } from "./items.js";

/** `--cyber-access-program`: sent as the Responses request's `access_programs.cyber`. */
export const CyberAccessProgram = z.enum(CYBER_ACCESS_PROGRAMS);
export type CyberAccessProgram = z.infer<typeof CyberAccessProgram>;

const TurnContextFields = {
  cwd: z.string().optional(),
  approval_policy: AskForApproval.optional(),
  sandbox_policy: SandboxPolicy.optional(),
  model: z.string().optional(),
  effort: ReasoningEffort.nullish(),
  summary: ReasoningSummary.optional(),
  collaboration_mode: CollaborationModeKind.optional(),
  personality: Personality.optional(),
  /** The Responses `service_tier` ("flex", "fast" for priority...); null: none. */
  service_tier: z.string().nullish(),
};

export const Op = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("configure_session"),
      model_provider: z.string().optional(),
      base_instructions: z.string().optional(),
      user_instructions: z.string().optional(),
      /** Continue the thread recorded in this rollout file (first configure only). */
      resume_path: z.string().optional(),
      /** Start a new thread from this rollout, keeping turns 1..up_to_turn (all when absent). */
      fork_from: z.object({ path: z.string(), up_to_turn: z.number().int().min(0).optional() }).optional(),
      /** Why a new thread starts, for SessionStart hooks: `clear` when the user replaced a running one (/new). */
      session_start_source: z.enum(["startup", "clear"]).optional(),
      ...TurnContextFields,
    }),
    z.object({
      type: z.literal("user_turn"),
      items: z.array(UserInputItem),
      /** The client's id for this message, echoed on its userMessage item. */
      client_id: z.string().optional(),
      final_output_json_schema: z.unknown().optional(),
      /** The Cyber access program this turn asks OpenAI's API for (this turn only; the OpenAI provider only). */
      cyber_access_program: CyberAccessProgram.optional(),
      ...TurnContextFields,
    }),
    z.object({
      type: z.literal("user_input"),
      items: z.array(UserInputItem),
      client_id: z.string().optional(),
    }),
    /** Adds input to the running task (read before its next model request); an error when none runs. */
    z.object({ type: z.literal("steer"), items: z.array(UserInputItem).min(1) }),
    z.object({ type: z.literal("interrupt") }),
    z.object({
      type: z.literal("exec_approval"),
      id: z.string(),
      decision: ReviewDecision,
      /** With an approval: allow this command prefix for good (an allow rule in the user's rules file). */
      execpolicy_amendment: z.array(z.string()).nullish(),
    }),
    z.object({ type: z.literal("patch_approval"), id: z.string(), decision: ReviewDecision }),
    z.object({
      type: z.literal("user_input_answer"),
      id: z.string(),
      response: z.object({
        answers: z.record(
          z.string(),
          z.object({ selected: z.array(z.string()), other: z.string().nullish() }),
        ),
      }),
    }),
    z.object({
      type: z.literal("list_skills"),
      cwds: z.array(z.string()).default([]),
      force_reload: z.boolean().default(false),
    }),
    z.object({ type: z.literal("override_turn_context"), ...TurnContextFields }),
    z.object({ type: z.literal("thread_rollback"), num_turns: z.number().int().min(1) }),
    z.object({ type: z.literal("compact") }),
    /** Runs a code review as a turn of its own (review prompt, isolated context); findings at the end. */
    z.object({ type: z.literal("review"), review_request: ReviewRequest }),
    /** The user's own shell command (the TUI's `!cmd`): a turn of its own, recorded for the model to see. */
    z.object({
      type: z.literal("run_user_shell_command"),
      command: z.string().min(1),
      /** Defaults to one hour; 0 times out at once. */
      timeout_ms: z.number().int().min(0).optional(),
    }),
    /** Appends raw Responses items to the model-visible history (the app-server's thread/inject_items). */
    z.object({ type: z.literal("inject_items"), items: z.array(ResponseItem) }),
    z.object({ type: z.literal("shutdown") }),
  ]),
);
export type Op = z.infer<typeof Op>;
export type OpOf<T extends Op["type"]> = Extract<Op, { type: T }>;

export const Submission = lazySchema(() => z.object({ id: z.string(), op: Op }));
export type Submission = z.infer<typeof Submission>;
