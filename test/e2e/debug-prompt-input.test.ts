// `codex-ts debug prompt-input`: the built binary prints, as a JSON array, the input a new thread's first
// request carries; the fake model receives exactly that from `exec` for the same prompt and config.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeModel } from "../support/fake-model.js";
import { makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

type Item = { type: string; role?: string; content?: Array<{ type: string; text?: string }> };

const textOf = (item: Item | undefined) => (item?.content ?? []).map((c) => c.text ?? "").join("");

describe("debug prompt-input", () => {
  it("prints the input exec's first request carries for the same prompt, image and config", async () => {
    model = await startFakeModel();
    // exec's own default approval policy is "never" (nobody can answer); set in config, both agree on it,
    // so the <environment_context> of the two is the same. Only the date could differ (run at midnight).
    const home = makeHome(model.url, 'approval_policy = "never"\ndeveloper_instructions = "Be brief."');
    writeFileSync(join(home.cwd, "AGENTS.md"), "REPO RULE: tabs, not spaces");
    writeFileSync(join(home.cwd, "pic.png"), Buffer.from("89504e470d0a1a0a0000", "hex"));

    const printed = await runCli(["debug", "prompt-input", "fix the bug", "-i", "pic.png"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(printed.stderr).toBe("");
    expect(printed.code).toBe(0);
    // Pretty-printed, as Codex prints it.
    expect(printed.stdout).toMatch(/^\[\n {2}\{\n {4}"type": "message"/);
    const items = JSON.parse(printed.stdout) as Item[];
    // Nothing was recorded and no model asked.
    expect(existsSync(join(home.codexHome, "sessions"))).toBe(false);
    expect(model.requests).toEqual([]);

    const ran = await runCli(["exec", "fix the bug", "-i", "pic.png"], { env: home.env, cwd: home.cwd });
    expect(ran.code).toBe(0);
    expect(model.requests[0]?.body.input).toEqual(items);

    expect(items.map((i) => i.role)).toEqual(["developer", "developer", "user", "user", "user"]);
    expect(textOf(items[1])).toBe("Be brief.");
    expect(textOf(items[2])).toContain("REPO RULE: tabs, not spaces");
    expect(textOf(items[3])).toContain(`<cwd>${home.cwd}</cwd>`);
    expect(items[4]?.content).toEqual([
      { type: "input_text", text: "fix the bug" },
      { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgoAAA==" },
    ]);
  });

  it("without a prompt prints the opening context alone; -c overrides apply", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const res = await runCli(["debug", "prompt-input", "-c", "include_environment_context=false"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    const items = JSON.parse(res.stdout) as Item[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((i) => textOf(i).includes("<environment_context>"))).toBe(false);
    expect(items.some((i) => i.role === "user")).toBe(false);
    expect(model.requests).toEqual([]);
  });

  it("an image that cannot be read is an error (exec's turn fails on it before any request)", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const res = await runCli(["debug", "prompt-input", "hi", "-i", "missing.png"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toMatch(/^Error: cannot read image .*missing\.png: ENOENT/);
  });

  it("a bad -c is reported as config errors are", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url);
    const res = await runCli(["debug", "prompt-input", "hi", "-c", "approval_policy=sometimes"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toMatch(/^Error: .*approval_policy/);
  });
});
