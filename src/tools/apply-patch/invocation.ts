// Recognises a command that is really an apply_patch call, in the forms the real Codex intercepts:
//   ["apply_patch", PATCH]                          (argv, e.g. through the `shell` tool)
//   [bash|zsh|sh, -lc|-c, "apply_patch <<'EOF'\n...\nEOF"]   (the script is that one statement)
//   [bash|zsh|sh, -lc|-c, "cd DIR && apply_patch <<'EOF'\n...\nEOF"]
// A bare patch given as the command (no apply_patch) is recognised too, to tell the model how to call it.
// Anything else (a prefix or suffix command, a patch as a quoted argument inside a script) is left to the
// shell, as the real Codex does.
import { basename } from "node:path";

export type ApplyPatchInvocation =
  | {
      kind: "patch";
      /** The patch text (heredoc body, or the argument). */
      patch: string;
      /** The `cd` target before `&&`, as written (relative to the command's directory, or absolute). */
      workdir?: string;
    }
  /** The command is a patch itself, not a call to apply_patch. */
  | { kind: "implicit" }
  | { kind: "none" };

export const IMPLICIT_INVOCATION_MESSAGE =
  'apply_patch verification failed: patch detected without explicit call to apply_patch. Rerun as ["apply_patch", "<patch>"]';

const APPLY_PATCH_COMMANDS = new Set(["apply_patch", "applypatch"]);
const SHELLS = new Set(["bash", "zsh", "sh"]);
const SHELL_FLAGS = new Set(["-lc", "-c"]);

// `cd WORD &&` (a plain word, a "string" without expansions or a 'raw string'), then the command and its
// heredoc redirect, and nothing else on the line.
const OPENER = new RegExp(
  String.raw`^[ \t]*(?:cd[ \t]+(?:([^\s;&|<>()'"$\x60\\]+)|"([^"$\x60\\]*)"|'([^']*)')[ \t]*&&[ \t]*)?` +
    String.raw`(apply_patch|applypatch)[ \t]*<<(-?)[ \t]*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\6[ \t]*$`,
);

export function parseApplyPatchInvocation(argv: readonly string[]): ApplyPatchInvocation {
  const [first, second] = argv;
  if (argv.length === 1 && first !== undefined && isBarePatch(first)) return { kind: "implicit" };
  const script = shellScript(argv);
  if (script !== undefined && isBarePatch(script)) return { kind: "implicit" };
  if (argv.length === 2 && first !== undefined && second !== undefined && APPLY_PATCH_COMMANDS.has(first)) {
    return { kind: "patch", patch: second };
  }
  return script === undefined ? { kind: "none" } : (heredocInvocation(script) ?? { kind: "none" });
}

/** The script of `[shell, -lc|-c, script]` for a POSIX-like shell. */
function shellScript(argv: readonly string[]): string | undefined {
  if (argv.length !== 3) return undefined;
  const [shell, flag, script] = argv;
  if (shell === undefined || flag === undefined || script === undefined) return undefined;
  const name = basename(shell).toLowerCase();
  return SHELLS.has(name) && SHELL_FLAGS.has(flag) ? script : undefined;
}

/** A patch envelope with nothing around it (what the model should have passed to apply_patch). */
function isBarePatch(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith("*** Begin Patch") && /\*\*\* End Patch$/.test(trimmed);
}

function heredocInvocation(script: string): ApplyPatchInvocation | undefined {
  const lines = script.split("\n");
  let index = 0;
  while (index < lines.length && isBlank(lines[index])) index++;
  const opener = OPENER.exec(lines[index] ?? "");
  if (!opener) return undefined;
  const workdir = opener[1] ?? opener[2] ?? opener[3];
  const stripTabs = opener[5] === "-";
  const delimiter = opener[7] ?? "";
  const body: string[] = [];
  let end = -1;
  for (let i = index + 1; i < lines.length; i++) {
    const line = stripTabs ? (lines[i] ?? "").replace(/^\t+/, "") : (lines[i] ?? "");
    // bash ends a heredoc only at a line that is exactly the delimiter (a CRLF script keeps its \r).
    if (line === delimiter || line === `${delimiter}\r`) {
      end = i;
      break;
    }
    body.push(line);
  }
  if (end < 0) return undefined;
  // The heredoc must be the script's only statement.
  if (lines.slice(end + 1).some((line) => !isBlank(line))) return undefined;
  const patch = body.join("\n").replace(/\n+$/, "");
  return workdir === undefined ? { kind: "patch", patch } : { kind: "patch", patch, workdir };
}

function isBlank(line: string | undefined): boolean {
  return (line ?? "").trim() === "";
}
