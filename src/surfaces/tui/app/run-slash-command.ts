// Carries out a `/` command. What it touches (cells, pickers, the engine) comes through a narrow host, so the
// commands do not reach into the app.
import type { Op } from "../../../protocol/core-protocol.js";
import type { ReviewTarget } from "../../../protocol/review.js";
import { VERSION } from "../../../version.js";
import { gitDiffLines } from "../render/git-diff-lines.js";
import { presetIndex } from "../slash/approval-presets.js";
import { workingTreeDiff } from "../slash/git-diff.js";
import { writeStarterAgentsMd } from "../slash/init-agents-md.js";
import { SLASH_COMMANDS } from "../slash/slash-commands.js";
import { hooksCommand } from "../slash/hooks-review.js";
import type { Config } from "../../../config/load.js";
import { runPluginsCommand } from "../slash/plugins-command.js";
import { statusCard } from "../slash/status-report.js";
import type { NewCell } from "../state/cells.js";
import type { TuiState } from "../state/tui-state.js";
import { modelPopup, type Popup } from "./popups.js";

export interface SlashHost {
  state: TuiState;
  config: Config;
  /** The session's working directory. */
  cwd: string;
  /** $CODEX_HOME, where plugins are installed. */
  codexHome: string;
  addCell(cell: NewCell): void;
  openPopup(popup: Popup): void;
  newSession(): Promise<void>;
  /** Opens the picker of this directory's earlier threads (`/resume`). */
  pickThread(): Promise<void>;
  /** Starts a new thread holding all of this one (`/fork`). */
  forkSession(): Promise<void>;
  submit(op: Op): void;
  /** `/skills`: shows the skills card (after a reload in flight, if any). */
  showSkills(): void;
  /** Lists the skills again from disk (a plugin brought or took some). */
  reloadSkills(): void;
  quit(): void;
}

/**
 * `/review` (uncommitted changes), `/review --base BRANCH`, `/review --commit SHA [TITLE]`, or
 * `/review INSTRUCTIONS`; undefined when a flag lacks its value.
 */
export function reviewTarget(args: string): ReviewTarget | undefined {
  if (args === "") return { type: "uncommittedChanges" };
  const flag = /^--(base|commit)(?:\s+(\S+)(?:\s+([\s\S]+))?)?$/.exec(args);
  if (flag) {
    const value = flag[2];
    if (!value) return undefined;
    if (flag[1] === "base") return { type: "baseBranch", branch: value };
    return { type: "commit", sha: value, ...(flag[3] ? { title: flag[3] } : {}) };
  }
  return { type: "custom", instructions: args };
}

/** `/rollback [N]`: how many turns to drop (1 when not given); undefined when N is not a positive integer. */
export function rollbackTurns(args: string): number | undefined {
  if (args === "") return 1;
  const n = Number(args);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

const info = (text: string): NewCell => ({ kind: "notice", level: "info", text });

const busy = (name: string): NewCell => ({
  kind: "notice",
  level: "warning",
  text: `/${name} waits for the running turn: press Esc to interrupt it first.`,
});

export async function runSlashCommand(name: string, args: string, host: SlashHost): Promise<void> {
  const command = SLASH_COMMANDS.find((c) => c.name === name);
  if (!command) {
    host.addCell({
      kind: "notice",
      level: "error",
      text: `Unknown command /${name}. Type / to see the commands.`,
    });
    return;
  }
  if (command.unavailable) {
    host.addCell(info(`/${name} is not available in this version yet (${command.unavailable}).`));
    return;
  }
  switch (command.name) {
    case "model":
      host.openPopup(modelPopup(host.state.session?.model));
      return;
    case "approvals": {
      const session = host.state.session;
      host.openPopup({
        kind: "approvals",
        selected: Math.max(0, presetIndex(session?.approvalPolicy, session?.sandboxPolicy.type)),
      });
      return;
    }
    case "new":
      await host.newSession();
      return;
    case "status":
      host.addCell(statusCard(host.state, VERSION));
      return;
    case "init": {
      const result = writeStarterAgentsMd(host.cwd);
      host.addCell(
        result.written
          ? info(`Wrote ${result.path}. Fill it in: codex-ts reads it at the start of every session.`)
          : { kind: "notice", level: "warning", text: `Did not write ${result.path}: ${result.reason}.` },
      );
      return;
    }
    case "diff": {
      const diff = await workingTreeDiff(host.cwd);
      if (diff.kind === "not_a_repo")
        host.addCell(info(`${host.cwd} is not inside a git repository: no diff to show.`));
      else if (diff.kind === "error")
        host.addCell({ kind: "notice", level: "error", text: `git diff: ${diff.message}` });
      else if (diff.text.trim() === "") host.addCell(info("No changes in the working tree."));
      else
        host.openPopup({
          kind: "pager",
          title: "git diff (working tree)",
          lines: gitDiffLines(diff.text),
          offset: 0,
        });
      return;
    }
    case "resume":
      await host.pickThread();
      return;
    case "fork":
      if (host.state.task) host.addCell(busy(name));
      else await host.forkSession();
      return;
    case "rollback": {
      const turns = rollbackTurns(args);
      if (turns === undefined)
        host.addCell({ kind: "notice", level: "error", text: `Usage: /rollback [N], N a number of turns.` });
      else if (host.state.task) host.addCell(busy(name));
      else host.submit({ type: "thread_rollback", num_turns: turns });
      return;
    }
    case "compact":
      if (host.state.task) host.addCell(busy(name));
      else host.submit({ type: "compact" });
      return;
    case "review": {
      const target = reviewTarget(args);
      if (!target)
        host.addCell({
          kind: "notice",
          level: "error",
          text: "Usage: /review, /review --base BRANCH, /review --commit SHA [TITLE], or /review INSTRUCTIONS",
        });
      else if (host.state.task) host.addCell(busy(name));
      else host.submit({ type: "review", review_request: { target } });
      return;
    }
    case "skills":
      host.showSkills();
      return;
    case "hooks":
      host.addCell(hooksCommand(args, host.config, host.cwd));
      return;
    case "plugins": {
      const { cell, changed } = await runPluginsCommand(host.codexHome, args);
      host.addCell(cell);
      if (changed) host.reloadSkills();
      return;
    }
    case "quit":
      host.quit();
      return;
  }
}
