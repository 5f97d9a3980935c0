import { describe, expect, it } from "vitest";
import { isKnownSafeCommand } from "./safe-commands.js";
import { parsePlainCommands, shellScriptOf, unsafeShellSyntax } from "./shell-script.js";

const bash = (script: string) => ["bash", "-lc", script];

// prettier-ignore
const SAFE: string[][] = [
  ["ls"], ["ls", "-la", "src"], ["cat", "README.md"], ["head", "-n", "20", "a.txt"], ["tail", "-f", "log"],
  ["wc", "-l", "a"], ["pwd"], ["echo", "hi"], ["true"], ["false"], ["grep", "-rn", "foo", "src"],
  ["rg", "-n", "TODO"], ["rg", "-e", "zip", "src"], ["rg", "-ezip"], ["rg", "--pretty", "x"],
  ["find", ".", "-name", "*.ts"], ["find", "src", "-type", "f", "-print"],
  ["git", "status"], ["git", "status", "--porcelain"], ["git", "log", "--oneline", "-n", "5"],
  ["git", "diff", "HEAD~1"], ["git", "show", "HEAD:src/a.ts"], ["git", "branch"], ["git", "branch", "-a", "-vv"],
  ["git", "branch", "--show-current"], ["git", "branch", "--list", "feat/*"], ["git", "branch", "--contains", "HEAD"],
  ["sed", "-n", "10p", "a.txt"], ["sed", "-n", "1,20p", "a.txt"], ["nl", "a"], ["cut", "-d:", "-f1", "/etc/passwd"],
  ["sort", "-u", "a"], ["sort", "-k", "2", "-t", ",", "a"], ["sort", "-ko"], ["uniq", "-c", "a"], ["uniq", "-f", "1", "a"],
  ["tr", "a-z", "A-Z"], ["stat", "a"], ["file", "a"], ["which", "node"], ["whoami"], ["date"], ["date", "+%s"],
  ["date", "-Iseconds"], ["uname", "-a"], ["env"], ["printenv", "PATH"], ["du", "-sh", "."], ["df", "-h"],
  ["tree", "-L", "2"],
  bash("ls -la"), bash("git status && git diff"), bash("cat a | grep b | wc -l"), bash("ls || pwd ; echo done"),
  bash("grep 'a$' file"), bash('grep "a$" file'), bash("grep a$ file"), bash("echo '$(rm -rf /)'"),
  bash("ls *.ts"), bash("find src/* -name x"), bash("sed -n 1,5p src/*.ts"), bash("echo 'a > b' \"c | d\""),
  ["sh", "-c", "ls"], ["zsh", "-lc", "pwd"], ["/bin/bash", "-c", "echo ok"], bash("rg -n 'foo(bar)' src"),
];

// prettier-ignore
const UNSAFE: string[][] = [
  [], ["rm", "-rf", "/"], ["/bin/ls"], ["./ls"], ["python", "-c", "print(1)"], ["bash"], ["bash", "-lc"],
  ["bash", "-lc", "ls", "extra"], ["bash", "-i", "ls"], ["node", "-e", "1"],
  ["rg", "--pre", "sh", "x"], ["rg", "--pre=sh", "x"], ["rg", "-z", "x"], ["rg", "-uz", "x"], ["rg", "--search-zip", "x"],
  ["rg", "--hostname-bin=/bin/sh", "x"],
  ["find", ".", "-exec", "rm", "{}", ";"], ["find", ".", "-execdir", "sh", ";"], ["find", ".", "-ok", "rm", ";"],
  ["find", ".", "-delete"], ["find", ".", "-fprint", "out"], ["find", ".", "-fprintf", "out", "%p"], ["find", ".", "-fls", "out"],
  ["git", "commit", "-m", "x"], ["git", "push"], ["git", "checkout", "main"], ["git", "-c", "core.pager=sh", "log"],
  ["git", "branch", "new-branch"], ["git", "branch", "-d", "old"], ["git", "branch", "-D", "old"], ["git", "branch", "-m", "a", "b"],
  ["git", "diff", "--output=x"], ["git", "log", "--out", "x"], ["git", "diff", "--ext-diff"], ["git", "show", "--textconv"],
  ["sed", "-i", "s/a/b/", "f"], ["sed", "s/a/b/w out", "f"], ["sed", "-n", "1e date"], ["sed", "-n", "1p", "-i", "f"],
  ["sort", "-o", "out", "a"], ["sort", "-uo", "out", "a"], ["sort", "--output=out", "a"], ["sort", "--out=x", "a"],
  ["sort", "--compress-program=sh", "a"], ["uniq", "a", "b"], ["file", "-C", "-m", "magic"], ["file", "--compile"],
  ["date", "-s", "2020-01-01"], ["date", "--set=2020-01-01"], ["env", "rm", "-rf", "/"], ["env", "FOO=1", "ls"],
  ["tree", "-o", "out"], ["tree", "-R", "-H", "."],
  bash("ls > out"), bash("ls >> out"), bash("cat < in"), bash("ls &> out"), bash("ls 2>/dev/null"), bash("ls >| out"),
  bash("echo $(rm -rf /)"), bash("echo `rm -rf /`"), bash("diff <(ls) <(ls a)"), bash("(ls)"), bash("{ ls; }"),
  bash("ls &"), bash("ls & rm x"), bash("ls && rm -rf /"), bash("ls | sh"), bash("ls; rm x"), bash("ls\nrm x"),
  bash("ls a#; rm -rf /"), bash("ls # comment"), bash("echo $HOME"), bash("echo ${HOME}"), bash("find . $'-delete'"),
  bash("find . -{ex,}ec rm {} +"), bash("find . -ex''ec rm {} +"), bash("find . \\-delete"), bash("find *"),
  bash("find . [-]delete"), bash("sort * "), bash("uniq src/*"), bash("x=1 ls"), bash("ls |& cat"), bash("ls;"),
  bash("&& ls"), bash("ls 'unterminated"), bash("ls *(e:'rm x':)"), bash("echo \"$(id)\""), bash("git status ;; ls"),
];

describe("isKnownSafeCommand", () => {
  it(`has enough cases both ways (${SAFE.length} safe, ${UNSAFE.length} unsafe)`, () => {
    expect(SAFE.length).toBeGreaterThanOrEqual(40);
    expect(UNSAFE.length).toBeGreaterThanOrEqual(40);
  });
  it.each(SAFE.map((argv) => [JSON.stringify(argv), argv] as const))("safe: %s", (_label, argv) => {
    expect(isKnownSafeCommand(argv)).toBe(true);
  });
  it.each(UNSAFE.map((argv) => [JSON.stringify(argv), argv] as const))("unsafe: %s", (_label, argv) => {
    expect(isKnownSafeCommand(argv)).toBe(false);
  });
});

describe("shell script parsing", () => {
  it.each([
    [["bash", "-lc", "ls"], "ls"],
    [["sh", "-c", "ls"], "ls"],
    [["/usr/bin/zsh", "-lc", "ls"], "ls"],
    [["fish", "-c", "ls"], undefined],
    [["bash", "-x", "ls"], undefined],
  ])("shellScriptOf(%j) → %j", (argv, script) => {
    expect(shellScriptOf(argv)).toBe(script);
  });

  it.each([
    ["ls && git status", undefined],
    ["ls \\> out", undefined],
    ['echo "a\\$(b)"', undefined],
    ["echo `x`", "command substitution"],
    ['echo "`x`"', "command substitution"],
    ["echo $X", "expansion"],
    ['echo "$X"', "expansion"],
    ["a > b", "redirection"],
    ["a & b", "background or redirection"],
    ["a #b", "comment"],
    ["(a)", "subshell or substitution"],
    ["echo 'x", "unterminated quote"],
    ["a\nb", "multi-line script"],
  ])("unsafeShellSyntax(%j) → %j", (script, reason) => {
    expect(unsafeShellSyntax(script)).toBe(reason);
  });

  it("splits on &&, ||, ; and | and marks unquoted wildcards", () => {
    expect(parsePlainCommands("ls -la src/*.ts && grep -n 'a b' x | wc -l")).toEqual([
      [
        { text: "ls", glob: false },
        { text: "-la", glob: false },
        { text: "src/*.ts", glob: true },
      ],
      [
        { text: "grep", glob: false },
        { text: "-n", glob: false },
        { text: "a b", glob: false },
        { text: "x", glob: false },
      ],
      [
        { text: "wc", glob: false },
        { text: "-l", glob: false },
      ],
    ]);
  });

  it("keeps escaped and quoted specials as literal words", () => {
    expect(parsePlainCommands("echo \\> '$(x)' \"a|b\"")).toEqual([
      [
        { text: "echo", glob: false },
        { text: ">", glob: false },
        { text: "$(x)", glob: false },
        { text: "a|b", glob: false },
      ],
    ]);
  });
});
