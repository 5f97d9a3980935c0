// `[history]`: the terminal UI keeps each prompt it sends in $CODEX_HOME/history.jsonl, and a later session
// recalls them with Up; persistence = "none" keeps nothing, and max_bytes drops the oldest lines.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

function historyLines(codexHome: string): { session_id: string; ts: number; text: string }[] {
  return readFileSync(join(codexHome, "history.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { session_id: string; ts: number; text: string });
}

describe("the prompt history file", () => {
  it("keeps each sent prompt under its thread id, and the next session recalls it with Up", async () => {
    const { term, home } = await tui.start({
      model: { replies: [reply.message("first-answer-marker")] },
      args: ["opening prompt"],
    });
    await term.waitFor("first-answer-marker");
    term.type("second prompt typed");
    term.press("Enter");
    await term.waitFor("second prompt typed");
    // The screen shows the draft before it is sent; the line is written once it is (seconds under load).
    await expect
      .poll(() => existsSync(join(home.codexHome, "history.jsonl")) && historyLines(home.codexHome).length, {
        timeout: 20_000,
      })
      .toBe(2);
    const lines = historyLines(home.codexHome);
    expect(lines.map((l) => l.text)).toEqual(["opening prompt", "second prompt typed"]);
    expect(lines[0]?.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[1]?.session_id).toBe(lines[0]?.session_id);
    expect(Math.abs((lines[0]?.ts ?? 0) - Date.now() / 1000)).toBeLessThan(120);
    term.kill();

    const again = await tui.open(home);
    again.press("Up");
    await again.waitFor((s) => s.includes("› second prompt typed"));
    again.press("Up");
    await again.waitFor((s) => s.includes("› opening prompt"));
  });

  it('writes nothing with persistence = "none", yet still recalls what the file holds', async () => {
    const model = await tui.startModel({ replies: [reply.message("none-answer-marker")] });
    const home = makeHome(model.url, '[history]\npersistence = "none"\n');
    writeFileSync(
      join(home.codexHome, "history.jsonl"),
      `${JSON.stringify({ session_id: "s", ts: 1, text: "kept from before" })}\n`,
    );
    const term = await tui.open(home);
    term.press("Up");
    await term.waitFor((s) => s.includes("› kept from before"));
    term.press("C-c");
    term.type("not to be kept");
    term.press("Enter");
    await term.waitFor("none-answer-marker");
    expect(historyLines(home.codexHome).map((l) => l.text)).toEqual(["kept from before"]);
  });

  it("drops the oldest lines past max_bytes (-c override)", async () => {
    const model = await tui.startModel({ replies: [reply.message("cap-answer-marker")] });
    const home = makeHome(model.url);
    const old = Array.from(
      { length: 5 },
      (_, i) => `${JSON.stringify({ session_id: "s", ts: i, text: `old ${i}` })}\n`,
    );
    writeFileSync(join(home.codexHome, "history.jsonl"), old.join(""));
    const term = await tui.open(home, { args: ["-c", "history.max_bytes=200"] });
    term.type("newest prompt");
    term.press("Enter");
    await term.waitFor("cap-answer-marker");
    const texts = historyLines(home.codexHome).map((l) => l.text);
    expect(texts.at(-1)).toBe("newest prompt");
    expect(texts).not.toContain("old 0");
    expect(readFileSync(join(home.codexHome, "history.jsonl")).length).toBeLessThanOrEqual(160);
  });
});
