// The /resume list: this directory's threads from real rollout files and the index.
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ageText, previewLine, threadChoices } from "./thread-choices.js";
import { scratchDir } from "../../../../test/support/scratch.js";

function writeThread(
  home: string,
  id: string,
  cwd: string,
  message: string,
  minute: number,
  source?: string,
): string {
  const dir = join(home, "sessions", "2026", "01", "02");
  mkdirSync(dir, { recursive: true });
  const time = `2026-01-02T10-${String(minute).padStart(2, "0")}-00`;
  const path = join(dir, `rollout-${time}-${id}.jsonl`);
  const ts = `2026-01-02T10:${String(minute).padStart(2, "0")}:00.000Z`;
  const lines = [
    {
      timestamp: ts,
      type: "session_meta",
      payload: { id, timestamp: ts, cwd, originator: "t", cli_version: "0", ...(source ? { source } : {}) },
    },
    { timestamp: ts, type: "event_msg", payload: { type: "user_message", message } },
  ];
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return path;
}

describe("threadChoices", () => {
  it("lists this directory's threads, newest first, without the current one", async () => {
    const home = scratchDir("codex-ts-threads-");
    const ids = [1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
    writeThread(home, ids[0] ?? "", "/work/a", "first in a", 1);
    writeThread(home, ids[1] ?? "", "/work/b", "only in b", 2);
    writeThread(home, ids[2] ?? "", "/work/a", "second in a", 3);
    const all = await threadChoices({ codexHome: home, sqliteHome: home }, { cwd: "/work/a" });
    expect(all.map((t) => t.preview).sort()).toEqual(["first in a", "second in a"]);
    expect(all.every((t) => t.cwd === "/work/a")).toBe(true);
    const others = await threadChoices(
      { codexHome: home, sqliteHome: home },
      { cwd: "/work/a" },
      {
        exclude: ids[2] ?? "",
      },
    );
    expect(others.map((t) => t.preview)).toEqual(["first in a"]);
    expect(await threadChoices({ codexHome: home, sqliteHome: home }, { cwd: "/work/c" })).toEqual([]);
  });

  it("offers interactive threads only unless asked for exec's too; every directory with no cwd (--all)", async () => {
    const home = scratchDir("codex-ts-threads-");
    const id = (n: number) => `00000000-0000-4000-8000-00000000001${n}`;
    const paths = [
      writeThread(home, id(1), "/work/a", "typed in the terminal", 1, "cli"),
      writeThread(home, id(2), "/work/a", "run by exec", 2, "exec"),
      writeThread(home, id(3), "/work/a", "from an IDE", 3, "vscode"),
      writeThread(home, id(4), "/work/b", "elsewhere", 4, "cli"),
      writeThread(home, id(5), "/work/a", "a subagent", 5, JSON.stringify({ subagent: "review" })),
    ];
    // Activity order: the file times, oldest first as written.
    paths.forEach((path, n) => utimesSync(path, 1_000 + n, 1_000 + n));
    const indexHome = { codexHome: home, sqliteHome: home };
    const previews = async (scope: Parameters<typeof threadChoices>[1]) =>
      (await threadChoices(indexHome, scope)).map((t) => t.preview);
    expect(await previews({ cwd: "/work/a" })).toEqual(["from an IDE", "typed in the terminal"]);
    expect(await previews({ cwd: "/work/a", includeNonInteractive: true })).toEqual([
      "a subagent",
      "from an IDE",
      "run by exec",
      "typed in the terminal",
    ]);
    expect(await previews({})).toEqual(["elsewhere", "from an IDE", "typed in the terminal"]);
  });

  it("says how old a thread is, and fits its preview on one line", () => {
    const now = 10 * 86_400_000;
    expect(ageText(now - 5_000, now)).toBe("just now");
    expect(ageText(now - 5 * 60_000, now)).toBe("5m ago");
    expect(ageText(now - 3 * 3_600_000, now)).toBe("3h ago");
    expect(ageText(now - 3 * 86_400_000, now)).toBe("3d ago");
    expect(previewLine("fix\n  the   bug")).toBe("fix the bug");
    expect(previewLine("x".repeat(80), 10)).toBe(`${"x".repeat(9)}…`);
    expect(previewLine("  ")).toBe("(no message)");
  });
});
