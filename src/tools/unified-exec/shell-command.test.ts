import { describe, expect, it } from "vitest";
import { commandEnv, shellArgv } from "./shell-command.js";

describe("shellArgv", () => {
  it("runs through a login bash by default", () => {
    expect(shellArgv("ls -a")).toEqual(["bash", "-lc", "ls -a"]);
    expect(shellArgv("ls", "zsh", false)).toEqual(["zsh", "-c", "ls"]);
  });
});

describe("commandEnv", () => {
  it("drops unset variables and turns off pagers and colours", () => {
    expect(commandEnv({ A: "1", B: undefined, PAGER: "less", SHLVL: "3" })).toEqual({
      A: "1",
      SHLVL: "3",
      NO_COLOR: "1",
      TERM: "dumb",
      PAGER: "cat",
      GIT_PAGER: "cat",
      GH_PAGER: "cat",
    });
  });

  it("gives a shell level when there is none, so bash does not mistake a pipe for ssh", () => {
    expect(commandEnv({}).SHLVL).toBe("1");
  });
});
