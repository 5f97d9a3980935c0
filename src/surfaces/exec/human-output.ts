// Exec's output for a person: progress on stderr, the final message on stdout. Reads the engine's items.
import { quote } from "shell-quote";
import type { Event } from "../../protocol/core-protocol.js";
import { approvalPolicyLabel } from "../../protocol/policies.js";
import { contentText, type TurnItem } from "../../protocol/turn-item.js";
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
      case "item_started":
        this.itemStarted(msg.item);
        break;
      case "item_completed":
        this.itemCompleted(msg.item);
        break;
      case "plan_update":
        for (const step of msg.plan) this.line(`${step.status === "completed" ? "[x]" : "[ ]"} ${step.step}`);
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
      case "hook_completed": {
        // Warnings of a hook are printed as warnings already; this says what it decided.
        const said = msg.run.entries.filter((e) => e.kind !== "warning").map((e) => e.text);
        this.line(
          this.paint(
            "dim",
            `hook ${msg.run.eventName} ${msg.run.status}${said.length ? `: ${said.join("; ")}` : ""}`,
          ),
        );
        break;
      }
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

  private itemStarted(item: TurnItem): void {
    if (item.type !== "commandExecution") return;
    this.line(`${this.paint("bold", "exec")} ${quote(item.command)} ${this.paint("dim", `in ${item.cwd}`)}`);
  }

  /** Items print when complete (a command also when it starts). */
  private itemCompleted(item: TurnItem): void {
    switch (item.type) {
      case "userMessage": {
        const text = item.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
        this.line(`${this.paint("cyan", "user")}\n${text}`);
        return;
      }
      case "reasoning":
        // `content` holds raw reasoning only with show_raw_agent_reasoning.
        for (const part of [...item.summary, ...item.content])
          this.line(this.paint("dim", `thinking ${part}`));
        return;
      case "agentMessage":
        this.line(`${this.paint("bold", "codex")}\n${item.text}`);
        return;
      case "plan":
        this.line(`${this.paint("bold", "proposed plan")}\n${item.text}`);
        return;
      case "commandExecution": {
        if (item.status === "declined") {
          this.line(this.paint("red", "declined"));
          return;
        }
        const code = item.exit_code;
        const status =
          code === 0 ? this.paint("green", "succeeded") : this.paint("red", `exited ${code ?? "?"}`);
        const seconds = ((item.duration_ms ?? 0) / 1000).toFixed(1);
        this.line(`${status} ${this.paint("dim", `in ${seconds}s`)}`);
        const tail = (item.aggregated_output ?? "").trimEnd().split("\n").slice(-5).join("\n");
        if (tail) this.line(this.paint("dim", tail));
        return;
      }
      case "fileChange":
        this.line(
          item.status === "completed"
            ? this.paint("green", "patch applied")
            : this.paint("red", `patch ${item.status === "declined" ? "declined" : "failed"}`),
        );
        return;
      case "webSearch":
        this.line(`${this.paint("bold", "web search")} ${item.query}`);
        return;
      case "dynamicToolCall":
        if (item.status === "failed")
          this.line(this.paint("red", `${item.tool} failed: ${contentText(item.content_items)}`));
        return;
      case "enteredReviewMode":
        this.line(this.paint("bold", `>> Code review started: ${item.review} <<`));
        return;
      case "exitedReviewMode":
        this.line(this.paint("bold", "<< Code review finished >>"));
        return;
      case "mcpToolCall":
        this.line(
          `${this.paint("bold", "mcp")} ${item.server}.${item.tool} ${
            item.status === "completed"
              ? this.paint("green", "done")
              : this.paint("red", item.error ?? "failed")
          }`,
        );
        return;
      default:
        return;
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
          `approval: ${approvalPolicyLabel(msg.approval_policy)}`,
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
