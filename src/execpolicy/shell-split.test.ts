import { describe, expect, it } from "vitest";
import { shellScriptOf, splitShellScript } from "./shell-split.js";

describe("splitShellScript", () => {
  it("splits plain commands joined by &&, ||, ;, | and newlines", async () => {
    expect(
      await splitShellScript("git status && ls -la 'a b' \"x y\" | wc -l; echo ok || true\nmake"),
    ).toEqual([
      ["git", "status"],
      ["ls", "-la", "a b", "x y"],
      ["wc", "-l"],
      ["echo", "ok"],
      ["true"],
      ["make"],
    ]);
  });

  it("refuses what it cannot judge word by word", async () => {
    for (const script of [
      "echo $(rm -rf /)",
      "echo `id`",
      "ls > out.txt",
      "echo $HOME",
      'echo "$HOME"',
      "rm -rf *",
      "(cd /; rm -rf x)",
      "FOO=1 make",
      "ls &",
      "if true; then rm -rf /; fi",
      "echo 'unterminated",
    ]) {
      expect(await splitShellScript(script), script).toBeUndefined();
    }
  });

  it("finds the script of bash -lc and sh -c only", () => {
    expect(shellScriptOf(["bash", "-lc", "ls"])).toBe("ls");
    expect(shellScriptOf(["/bin/sh", "-c", "ls"])).toBe("ls");
    expect(shellScriptOf(["bash", "script.sh"])).toBeUndefined();
    expect(shellScriptOf(["python", "-c", "print(1)"])).toBeUndefined();
  });
});
