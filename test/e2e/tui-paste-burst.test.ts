// `[tui] disable_paste_burst`: without bracketed paste, text with line breaks that arrives in one burst is
// held together as a paste (Enter inside it does not submit); with the key set to true, it is typed keys,
// and the first line break submits the first line.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

type Json = Record<string, unknown>;

/** The text of the last user message in a request the fake model received. */
function lastUserText(request: { body: Json } | undefined): string {
  const input = (request?.body.input ?? []) as Json[];
  const user = input.filter((i) => i.role === "user").at(-1);
  const parts = (user?.content ?? []) as Json[];
  return parts.map((p) => (typeof p.text === "string" ? p.text : "")).join("");
}

describe("paste bursts in the terminal UI", () => {
  it("by default, an unbracketed multi-line burst stays in the composer as one prompt", async () => {
    const { term, model } = await tui.start({ model: { replies: [reply.message("burst-answer")] } });
    term.pasteUnbracketed("first line\nsecond line");
    await term.waitFor((s) => s.includes("second line"));
    term.press("Enter");
    await term.waitFor("burst-answer");
    expect(model.requests).toHaveLength(1);
    expect(lastUserText(model.requests[0])).toBe("first line\nsecond line");
  });

  it("with disable_paste_burst = true, the first line break submits the first line", async () => {
    const { term, model } = await tui.start({
      model: { replies: [reply.message("typed-answer")] },
      toml: "[tui]\ndisable_paste_burst = true\n",
    });
    term.pasteUnbracketed("first line\nsecond line");
    await term.waitFor("typed-answer");
    expect(lastUserText(model.requests[0])).toBe("first line");
    // The rest was typed after the Enter: it waits in the composer.
    await term.waitFor((s) => s.includes("› second line"));
    expect(model.requests).toHaveLength(1);
  });
});
