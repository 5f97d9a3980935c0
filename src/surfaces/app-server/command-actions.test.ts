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
