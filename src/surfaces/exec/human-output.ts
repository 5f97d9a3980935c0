// Exec's output for a person: progress on stderr, the final message on stdout.
import { quote } from "shell-quote";
import type { Event } from "../../protocol/core-protocol.js";
import { CODEX_COMPAT_VERSION, VERSION } from "../../version.js";
import { refuseRequest } from "./unanswerable-requests.js";

/** What the header shows that session_configured does not carry. */
export interface HeaderDetails {
  reasoningSummary: string;
}

const COLORS = {
  dim: "\x1b[2m",
  bold: "\x1b[1m",
  red: "\x1b[31m",
  green: "\x1b[32m",
  cyan: "\x1b[36m",
  reset: "\x1b[0m",
};

export class HumanOutput {
  private tokensUsed: number | undefined;

  constructor(
    private readonly err: NodeJS.WritableStream,
    private readonly color: boolean,
    private readonly details: HeaderDetails = { reasoningSummary: "auto" },
  ) {}

  private paint(code: keyof typeof COLORS, text: string): string {
    return this.color ? `${COLORS[code]}${text}${COLORS.reset}` : text;
  }

  private line(text: string): void {
    this.err.write(`${text}\n`);
  }

  handle(event: Event): void {
    const msg = event.msg;
    switch (msg.type) {
      case "session_configured":
        this.header(msg);
        break;
      case "user_message":
        this.line(`${this.paint("cyan", "user")}\n${msg.message}`);
        break;
      case "agent_reasoning":
        this.line(this.paint("dim", `thinking ${msg.text}`));
        break;
      case "exec_command_begin":
        this.line(
          `${this.paint("bold", "exec")} ${quote(msg.command)} ${this.paint("dim", `in ${msg.cwd}`)}`,
        );
        break;
      case "exec_command_end": {
        const status =
          msg.exit_code === 0
            ? this.paint("green", "succeeded")
            : this.paint("red", `exited ${msg.exit_code}`);
        this.line(`${status} ${this.paint("dim", `in ${(msg.duration_ms / 1000).toFixed(1)}s`)}`);
        const tail = msg.aggregated_output.trimEnd().split("\n").slice(-5).join("\n");
        if (tail) this.line(this.paint("dim", tail));
        break;
      }
      case "patch_apply_end":
        this.line(
          msg.success
            ? this.paint("green", "patch applied")
            : this.paint("red", `patch failed: ${msg.stderr}`),
        );
        break;
      case "entered_review_mode":
        this.line(
          this.paint("bold", `>> Code review started: ${msg.review_request.user_facing_hint ?? ""} <<`),
        );
        break;
      case "exited_review_mode":
        this.line(this.paint("bold", "<< Code review finished >>"));
        break;
      case "tool_call_failed":
        this.line(this.paint("red", `${msg.tool} failed: ${msg.error}`));
        break;
      case "web_search_end":
        this.line(`${this.paint("bold", "web search")} ${msg.query}`);
        break;
      case "plan_update":
        for (const step of msg.plan) this.line(`${step.status === "completed" ? "[x]" : "[ ]"} ${step.step}`);
        break;
      case "item_completed":
        if (msg.item.type === "plan") this.line(`${this.paint("bold", "proposed plan")}\n${msg.item.text}`);
        break;
      case "agent_message":
        this.line(`${this.paint("bold", "codex")}\n${msg.message}`);
        break;
      case "exec_approval_request":
      case "apply_patch_approval_request":
      case "request_user_input": {
        const notice = refuseRequest(msg)?.notice;
        if (notice) this.line(this.paint("red", notice));
        break;
      }
      case "stream_error":
      case "warning":
        this.line(this.paint("dim", `warning: ${msg.message}`));
        break;
      case "error":
        this.line(this.paint("red", `error: ${msg.message}`));
        break;
      case "turn_aborted":
        this.line(this.paint("red", `turn ${msg.reason}`));
        break;
      case "token_count":
        if (msg.info) this.tokensUsed = msg.info.total_token_usage.total_tokens;
        break;
      case "task_complete":
        // Once, at the end, as Codex prints it.
        if (this.tokensUsed !== undefined)
          this.line(`${this.paint("dim", "tokens used")}\n${this.tokensUsed}`);
        break;
      default:
        break;
    }
  }

  /**
   * The real Codex's header, line for line: tools that wrap exec read `session id: <uuid>` from it to
   * resume the thread later.
   */
  private header(msg: Extract<Event["msg"], { type: "session_configured" }>): void {
    const rule = "--------";
    this.line(`OpenAI Codex v${CODEX_COMPAT_VERSION} (codex-ts ${VERSION})`);
    this.line(
      this.paint(
        "dim",
        [
          rule,
          `workdir: ${msg.cwd}`,
          `model: ${msg.model}`,
          `provider: ${msg.model_provider_id}`,
          `approval: ${msg.approval_policy}`,
          `sandbox: ${msg.sandbox_policy.type}`,
          `reasoning effort: ${msg.reasoning_effort ?? "none"}`,
          `reasoning summaries: ${this.details.reasoningSummary}`,
          `session id: ${msg.session_id}`,
          rule,
        ].join("\n"),
      ),
    );
  }
}
