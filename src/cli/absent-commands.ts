// Codex 0.169 commands codex-ts does not have. Without these, `codex-ts update` would start the terminal UI
// with "update" as its first prompt, sent to the model; each is refused instead, saying why (exit 2, as an
// unknown command). Hidden from help and completion.
import type { Command } from "commander";

const ABSENT: Record<string, string> = {
  agents: "the terminal UI runs its engine in-process; `codex-ts resume` lists and opens threads",
  "remote-control": "codex-ts has no remote control",
  cloud: "it needs Codex's cloud services",
  apply: "it applies Codex cloud tasks' diffs, which need Codex's cloud services",
  "exec-server": "codex-ts runs commands in its own process tree, with no remote environments",
  update: "codex-ts is installed from its package tarball: install the newer one",
  "migrate-rollouts": "codex-ts keeps its threads as rollout files with its own index: nothing to migrate",
  "migrate-nfs-db": "codex-ts's SQLite files need no migration",
};

/** Whether `name` is one of those commands. */
export function isAbsentCommand(name: string): boolean {
  return Object.hasOwn(ABSENT, name);
}

export function registerAbsentCommands(program: Command): void {
  for (const [name, why] of Object.entries(ABSENT)) {
    program
      .command(name, { hidden: true })
      .argument("[args...]")
      .allowUnknownOption()
      .helpOption(false)
      .action(() => {
        process.stderr.write(`error: codex-ts has no \`${name}\` command (a Codex 0.169 command): ${why}\n`);
        process.exitCode = 2;
      });
  }
}
