import { describe, expect, it } from "vitest";
import { parseApplyPatchInvocation, type ApplyPatchInvocation } from "./invocation.js";

const PATCH = "*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch";
const bash = (script: string) => ["bash", "-lc", script];

describe("parseApplyPatchInvocation", () => {
  const cases: Array<[string, string[], ApplyPatchInvocation]> = [
    ["argv form", ["apply_patch", PATCH], { kind: "patch", patch: PATCH }],
    ["argv form, applypatch", ["applypatch", PATCH], { kind: "patch", patch: PATCH }],
    ["quoted heredoc", bash(`apply_patch <<'EOF'\n${PATCH}\nEOF\n`), { kind: "patch", patch: PATCH }],
    ["bare heredoc", bash(`apply_patch <<EOF\n${PATCH}\nEOF`), { kind: "patch", patch: PATCH }],
    [
      '"quoted" heredoc, spaces',
      bash(`applypatch << "PATCH"\n${PATCH}\nPATCH\n\n`),
      { kind: "patch", patch: PATCH },
    ],
    [
      "<<- strips tabs",
      bash(`apply_patch <<-'EOF'\n\t${PATCH.replace(/\n/g, "\n\t")}\n\tEOF`),
      { kind: "patch", patch: PATCH },
    ],
    ["sh -c", ["/bin/sh", "-c", `apply_patch <<'EOF'\n${PATCH}\nEOF`], { kind: "patch", patch: PATCH }],
    ["zsh -lc", ["zsh", "-lc", `apply_patch <<'EOF'\n${PATCH}\nEOF`], { kind: "patch", patch: PATCH }],
    [
      "cd DIR &&",
      bash(`cd src/app && apply_patch <<'EOF'\n${PATCH}\nEOF\n`),
      { kind: "patch", patch: PATCH, workdir: "src/app" },
    ],
    [
      "cd 'raw dir' &&",
      bash(`cd 'my dir' && apply_patch <<'EOF'\n${PATCH}\nEOF`),
      { kind: "patch", patch: PATCH, workdir: "my dir" },
    ],
    [
      'cd "dir" &&',
      bash(`cd "/abs/dir" && apply_patch <<'EOF'\n${PATCH}\nEOF`),
      { kind: "patch", patch: PATCH, workdir: "/abs/dir" },
    ],
    ["a bare patch as argv", [PATCH], { kind: "implicit" }],
    ["a bare patch as the script", bash(`${PATCH}\n`), { kind: "implicit" }],
    ["an ordinary command", bash("ls -la"), { kind: "none" }],
    ["argv of another program", ["git", "apply", PATCH], { kind: "none" }],
    ["a command before it", bash(`echo hi && apply_patch <<'EOF'\n${PATCH}\nEOF`), { kind: "none" }],
    ["a command after it", bash(`apply_patch <<'EOF'\n${PATCH}\nEOF\necho done`), { kind: "none" }],
    ["cd with ||", bash(`cd x || apply_patch <<'EOF'\n${PATCH}\nEOF`), { kind: "none" }],
    ["cd with $VAR", bash(`cd $HOME && apply_patch <<'EOF'\n${PATCH}\nEOF`), { kind: "none" }],
    ["an argument, not a heredoc", bash(`apply_patch '${PATCH}'`), { kind: "none" }],
    ["an unterminated heredoc", bash(`apply_patch <<'EOF'\n${PATCH}\n`), { kind: "none" }],
    ["a heredoc fed to cat", bash(`cat <<'EOF'\n${PATCH}\nEOF`), { kind: "none" }],
    ["not a POSIX shell", ["fish", "-c", `apply_patch <<'EOF'\n${PATCH}\nEOF`], { kind: "none" }],
    ["an unknown flag", ["bash", "-x", `apply_patch <<'EOF'\n${PATCH}\nEOF`], { kind: "none" }],
  ];
  it.each(cases)("%s", (_name, argv, expected) => {
    expect(parseApplyPatchInvocation(argv)).toEqual(expected);
  });

  it("keeps a heredoc body that is not a valid patch, for apply_patch to report", () => {
    expect(parseApplyPatchInvocation(bash("apply_patch <<'EOF'\nnot a patch\nEOF"))).toEqual({
      kind: "patch",
      patch: "not a patch",
    });
  });
});
