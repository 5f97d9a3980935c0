// exec has nobody to answer the engine's questions. Left unanswered, an approval request would wait forever
// (with an MCP server or a subagent keeping the process alive) or Node would quit mid-task with exit code
// 13. So exec answers each request the moment it arrives: approvals are denied (the model reads the denial
// as the tool's output and the turn goes on), questions get no answers, and the person reading stderr or
// the JSONL stream is told what was refused, why, and which flags would have allowed it.
import { quote } from "shell-quote";
import type { KnownEventMsg, Op } from "../../protocol/core-protocol.js";

export interface Refusal {
  /** The answer exec submits at once. */
  op: Op;
  /** What was refused and why, for stderr and the JSONL stream. */
  notice: string;
}

const CANNOT_ASK = "exec cannot ask for approval, so the model was told it was denied";
const MAX_COMMAND_CHARS = 200;
const MAX_PATHS = 3;

/** The answer to a request exec cannot put to anyone; undefined for every other event. */
export function refuseRequest(msg: KnownEventMsg): Refusal | undefined {
  switch (msg.type) {
    case "exec_approval_request": {
      const who = agentPrefix(msg.agent_id);
      const op: Op = { type: "exec_approval", id: msg.call_id, decision: "denied" };
      const mcp = mcpToolOf(msg.command, msg.reason);
      if (mcp) {
        return {
          op,
          notice:
            `${who}denied: approval needed to call MCP tool ${mcp.server}.${mcp.tool}${because(msg.reason)}; ` +
            `${CANNOT_ASK}. To allow it, re-run with -a never, or set trusted = true under ` +
            `[mcp_servers.${mcp.server}] in config.toml.`,
        };
      }
      return {
        op,
        notice:
          `${who}denied: approval needed to run \`${commandText(msg.command)}\`${because(msg.reason)}; ` +
          `${CANNOT_ASK}. To allow it, re-run with -a never (commands run in the sandbox without asking) ` +
          `or a sandbox that allows it (--full-auto, -s danger-full-access).`,
      };
    }
    case "apply_patch_approval_request":
      return {
        op: { type: "patch_approval", id: msg.call_id, decision: "denied" },
        notice:
          `${agentPrefix(msg.agent_id)}denied: approval needed to apply a patch to ` +
          `${pathList(Object.keys(msg.changes))}${because(msg.reason)}; ${CANNOT_ASK}. To allow it, re-run ` +
          `with -a never (patches inside the writable roots apply without asking) or a sandbox that allows ` +
          `writing there (--full-auto, --add-dir DIR, -s danger-full-access).`,
      };
    case "request_user_input": {
      const asked = msg.questions.map((q) => `"${q.question}"`).join(", ");
      return {
        op: { type: "user_input_answer", id: msg.call_id, response: { answers: {} } },
        notice: `no answers: the model asked ${asked}, but exec cannot ask questions; it goes on without answers.`,
      };
    }
    default:
      return undefined;
  }
}

function agentPrefix(agentId: number | null | undefined): string {
  return agentId === undefined || agentId === null ? "" : `subagent ${agentId}: `;
}

function because(reason: string | null | undefined): string {
  return reason ? ` (${reason})` : "";
}

/** MCP tool approvals travel as `mcp <server> <tool> <arguments>` commands (see src/mcp/tool-approval.ts). */
function mcpToolOf(
  command: string[],
  reason: string | null | undefined,
): { server: string; tool: string } | undefined {
  const [head, server, tool] = command;
  if (head !== "mcp" || command.length !== 4 || !server || !tool) return undefined;
  return reason?.startsWith("MCP server ") ? { server, tool } : undefined;
}

/** The script of `bash -lc SCRIPT` (what the model wrote), else the argv quoted; long ones cut. */
function commandText(argv: string[]): string {
  const [shell, flag, script] = argv;
  const wrapped =
    argv.length === 3 && /(^|\/)(ba|z)?sh$/.test(shell ?? "") && (flag === "-lc" || flag === "-c");
  const text = wrapped && script !== undefined ? script : quote(argv);
  return text.length > MAX_COMMAND_CHARS ? `${text.slice(0, MAX_COMMAND_CHARS)}…` : text;
}

function pathList(paths: string[]): string {
  const shown = paths.slice(0, MAX_PATHS).join(", ");
  return paths.length > MAX_PATHS ? `${shown} and ${paths.length - MAX_PATHS} more` : shown;
}
