// A subagent tool call of the root agent: "Spawned subagent 1 "alpha"" and its task, "Finished waiting"
// with each agent's status and the start of its final message, "Sent input to ...", "Cancelled ...". While
// it runs (an await can take minutes): a spinner, what it does, and the elapsed time. Every detail is kept
// to one line.
import { Box, Text } from "ink";
import type { SubagentStatus } from "../../../../protocol/core-protocol.js";
import type { SubagentCallAgentView, SubagentCallRun } from "../../state/cells.js";
import { formatElapsed, spinnerFrame } from "../use-clock.js";

/** Longest preview kept before the line is cut to the terminal's width. */
const PREVIEW_CHARS = 240;

/** Whitespace (new lines included) collapsed, so a preview stays on one line. */
export function oneLine(text: string, max = PREVIEW_CHARS): string {
  const flat = text.split(/\s+/).filter(Boolean).join(" ");
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const STATUS: Record<SubagentStatus, { word: string; color?: string; dim?: boolean }> = {
  running: { word: "Running", color: "cyan" },
  waiting: { word: "Waiting for approval", color: "yellow" },
  idle: { word: "Idle", dim: true },
  completed: { word: "Completed", color: "green" },
  failed: { word: "Failed", color: "red" },
  cancelled: { word: "Cancelled", dim: true },
};

interface Title {
  verb: string;
  /** Whom the call was about. */
  agent?: string;
  /** Dim, after it. */
  note?: string;
}

function title(call: SubagentCallRun): Title {
  const first = call.agents[0]?.label;
  const target = first ?? "a subagent";
  const running = call.status === "running";
  const failed = call.status === "failed";
  switch (call.tool) {
    case "spawn":
      if (running) return { verb: "Spawning a subagent" };
      if (failed || !first) return { verb: "Could not spawn a subagent" };
      return { verb: "Spawned", agent: first, ...(call.model ? { note: `(${call.model})` } : {}) };
    case "send":
      return {
        verb: running ? "Sending input to" : failed ? "Could not send input to" : "Sent input to",
        agent: target,
      };
    case "await":
      if (failed) return { verb: "Could not wait for agents" };
      if (!running) return { verb: "Finished waiting" };
      if (call.agents.length === 1) return { verb: "Waiting for", agent: target };
      return {
        verb: call.agents.length > 1 ? `Waiting for ${call.agents.length} agents` : "Waiting for agents",
      };
    case "cancel":
      return {
        verb: running ? "Cancelling" : failed ? "Could not cancel" : "Cancelled",
        agent: target,
        ...(!running && !failed && call.agents.length > 1
          ? { note: `and ${call.agents.length - 1} of its subagents` }
          : {}),
      };
    case "logs":
      return {
        verb: running ? "Reading the logs of" : failed ? "Could not read the logs of" : "Read the logs of",
        agent: target,
      };
    case "list":
      if (running) return { verb: "Listing subagents" };
      if (failed) return { verb: "Could not list subagents" };
      return {
        verb: call.agents.length === 1 ? "Listed 1 subagent" : `Listed ${call.agents.length} subagents`,
      };
  }
}

function StatusWord({ status }: { status: SubagentStatus }) {
  const look = STATUS[status];
  return (
    <Text color={look.color} dimColor={look.dim === true}>
      {look.word}
    </Text>
  );
}

/** `subagent 1 "alpha": Completed - the start of its final message`. */
function AgentLine({ agent }: { agent: SubagentCallAgentView }) {
  const preview = agent.message ? oneLine(agent.message) : "";
  return (
    <Text wrap="truncate-end">
      <Text color="yellow">{agent.label}</Text>
      <Text dimColor>: </Text>
      <StatusWord status={agent.status} />
      {preview ? <Text dimColor> - </Text> : null}
      {preview ? <Text dimColor={agent.status !== "completed"}>{preview}</Text> : null}
    </Text>
  );
}

/** The lines under the title: `{text}` lines or whole agent lines. */
function details(call: SubagentCallRun): Array<{ text: string; color?: string } | SubagentCallAgentView> {
  if (call.status === "failed") return [{ text: oneLine(call.error ?? "failed"), color: "red" }];
  switch (call.tool) {
    case "spawn":
    case "send":
      return call.prompt ? [{ text: oneLine(call.prompt) }] : [];
    case "await":
      if (call.status === "running") return call.agents.length > 1 ? call.agents : [];
      return call.agents.length > 0 ? call.agents : [{ text: "No agents finished" }];
    case "cancel":
    case "logs":
      return [];
    case "list": {
      const counts = new Map<SubagentStatus, number>();
      for (const a of call.agents) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
      const text = [...counts].map(([status, n]) => `${n} ${status}`).join(" · ");
      return call.status === "running" ? [] : [{ text: text || "none" }];
    }
  }
}

export function SubagentCallCell({ call, now = Date.now() }: { call: SubagentCallRun; now?: number }) {
  const { verb, agent, note } = title(call);
  const running = call.status === "running";
  const lines = details(call);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text
          color={running ? "cyan" : call.status === "failed" ? "red" : undefined}
          dimColor={!running && call.status !== "failed"}
        >
          {running ? `${spinnerFrame(now)} ` : "• "}
        </Text>
        <Text bold>{verb}</Text>
        {agent ? <Text color="yellow">{` ${agent}`}</Text> : null}
        {note ? <Text dimColor>{` ${note}`}</Text> : null}
        {running ? <Text dimColor>{` (${formatElapsed(now - call.startedAt)})`}</Text> : null}
      </Text>
      {lines.map((line, i) => (
        <Box key={i} flexDirection="row">
          <Box flexShrink={0}>
            <Text dimColor>{i === 0 ? "  └ " : "    "}</Text>
          </Box>
          {"agentId" in line ? (
            <AgentLine agent={line} />
          ) : (
            <Text wrap="truncate-end" color={line.color} dimColor={line.color === undefined}>
              {line.text}
            </Text>
          )}
        </Box>
      ))}
    </Box>
  );
}
