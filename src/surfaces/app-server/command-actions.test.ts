import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandActionsOf } from "./command-actions.js";

const sh = (script: string) => commandActionsOf(["/bin/bash", "-lc", script], "/w");

describe("commandActionsOf", () => {
  // As Codex 0.169 sent them for these scripts (the differential run's approveCmdShapes session).
  it("names reads, listings and searches, and drops formatters fed by a pipe", () => {
    expect(sh("cat README.md | wc -l")).toEqual([
      { type: "read", command: "cat README.md", name: "README.md", path: "/w/README.md" },
    ]);
    expect(sh("cat README.md && ls")).toEqual([
      { type: "read", command: "cat README.md", name: "README.md", path: "/w/README.md" },
      { type: "listFiles", command: "ls", path: null },
    ]);
    expect(sh("ls | head -1")).toEqual([{ type: "listFiles", command: "ls", path: null }]);
    expect(sh("sed -n 1,5p /etc/hosts")).toEqual([
      { type: "read", command: "sed -n 1,5p /etc/hosts", name: "hosts", path: "/etc/hosts" },
    ]);
    expect(sh("rg -n needle src")).toEqual([
      { type: "search", command: "rg -n needle src", query: "needle", path: "src" },
    ]);
  });

  it("takes a search's pattern from -e, skips ls's flag values, and reads ~/ as the home folder", () => {
    expect(sh("grep -e needle src")).toEqual([
      { type: "search", command: "grep -e needle src", query: "needle", path: "src" },
    ]);
    expect(sh("rg -e a -e b src")).toEqual([
      { type: "search", command: "rg -e a -e b src", query: "a", path: "src" },
    ]);
    expect(sh("ls -I node_modules src")).toEqual([
      { type: "listFiles", command: "ls -I node_modules src", path: "src" },
    ]);
    expect(sh("cat ~/x.txt")[0]).toMatchObject({
      type: "read",
      name: "x.txt",
      path: join(homedir(), "x.txt"),
    });
  });

  it("leaves anything else unknown: a command, or a script it cannot read plainly, whole", () => {
    expect(sh("wc -l README.md")).toEqual([{ type: "unknown", command: "wc -l README.md" }]);
    expect(sh("git commit --allow-empty -qm x")).toEqual([
      { type: "unknown", command: "git commit --allow-empty -qm x" },
    ]);
    const redirect = "echo approved > approved.txt && cat approved.txt";
    expect(sh(redirect)).toEqual([{ type: "unknown", command: redirect }]);
    expect(commandActionsOf(["touch", "a b"], "/w")).toEqual([{ type: "unknown", command: "touch 'a b'" }]);
  });
});
