// `codex-ts completion [shell]`: scripts generated from the program's own command tree. bash's is sourced
// and asked to complete, as bash does on Tab; zsh's and fish's are parsed (and fish's asked too) when those
// shells are installed.
import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { scratchDir } from "../support/scratch.js";

const env = { PATH: process.env.PATH, HOME: scratchDir("codex-ts-completion-home-") };

async function script(shell: string): Promise<string> {
  const res = await runCli(["completion", shell], { env });
  expect(res.stderr).toBe("");
  expect(res.code).toBe(0);
  const file = join(scratchDir("codex-ts-completion-"), `codex-ts.${shell}`);
  writeFileSync(file, res.stdout);
  return file;
}

const installed = (shell: string) => spawnSync(shell, ["-c", "true"]).status === 0;

/** What bash offers on Tab with the cursor at the end of `line` (a trailing space: a new, empty word). */
function bashComplete(file: string, line: string): string[] {
  const words = line.split(" ");
  const array = words.map((w) => `'${w}'`).join(" ");
  const out = execFileSync(
    "bash",
    [
      "-c",
      `source "$1"; COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _codex_ts; printf '%s\\n' "\${COMPREPLY[@]}"`,
      "_",
      file,
    ],
    { encoding: "utf8", timeout: 10_000 },
  );
  return out.split("\n").filter((w) => w !== "");
}

describe("completion", () => {
  it("bash (the default) completes commands, nested commands, options and their choices", async () => {
    const res = await runCli(["completion"], { env });
    expect(res.stdout).toMatch(/^# bash completion for codex-ts/);
    const file = await script("bash");
    expect(bashComplete(file, "codex-ts ex")).toEqual(["exec", "execpolicy"]);
    expect(bashComplete(file, "codex-ts exec --sk")).toEqual(["--skip-git-repo-check"]);
    expect(bashComplete(file, "codex-ts exec -s ")).toEqual([
      "read-only",
      "workspace-write",
      "danger-full-access",
    ]);
    // A root option and its value come before the command; exec's -m value is skipped over.
    expect(bashComplete(file, "codex-ts -c x=1 debug pro")).toEqual(["prompt-input"]);
    expect(bashComplete(file, "codex-ts exec -m resume resume --la")).toEqual(["--last"]);
    expect(bashComplete(file, "codex-ts completion ")).toEqual(["bash", "zsh", "fish"]);
    // An option's free value: nothing offered, so bash falls back to file names.
    expect(bashComplete(file, "codex-ts exec --output-schema ")).toEqual([]);
  });

  it("offers every command `--help` lists", async () => {
    const help = await runCli(["--help"], { env });
    const commands = help.stdout
      .split("Commands:\n")[1]!
      .split("\n")
      .map((line) => /^ {2}(\S+)/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    expect(commands).toContain("debug");
    expect(bashComplete(await script("bash"), "codex-ts ").sort()).toEqual([...commands].sort());
  });

  it("zsh: a #compdef function offering described commands and options", async () => {
    const file = await script("zsh");
    const text = execFileSync("cat", [file], { encoding: "utf8" });
    expect(text).toMatch(/^#compdef codex-ts\n/);
    expect(text).toContain("('codex-ts,debug') cmd='codex-ts debug' ;;");
    expect(text).toContain("'prompt-input:print the input a new thread");
    expect(text).toContain("('codex-ts exec,-s'|'codex-ts exec,--sandbox') compadd -- 'read-only'");
    if (installed("zsh")) expect(spawnSync("zsh", ["-n", file]).status).toBe(0);
  });

  it("fish: complete lines per command; fish completes with them when installed", async () => {
    const file = await script("fish");
    const text = execFileSync("cat", [file], { encoding: "utf8" });
    expect(text).toContain(
      "complete -c 'codex-ts' -f -n '__codex_ts_is \\'codex-ts debug\\'' -a 'models' -d 'print the model catalog",
    );
    if (!installed("fish")) return;
    expect(spawnSync("fish", ["-n", file]).status).toBe(0);
    const offered = execFileSync("fish", ["-c", `source ${file}; complete -C "codex-ts exec --sk"`], {
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(offered).toMatch(/^--skip-git-repo-check\t/);
  });

  it("an unknown shell is refused, naming the supported ones", async () => {
    const res = await runCli(["completion", "tcsh"], { env });
    expect(res.code).toBe(2); // a usage error, as Codex's
    expect(res.stdout).toBe("");
    expect(res.stderr).toContain("Allowed choices are bash, zsh, fish.");
  });
});
