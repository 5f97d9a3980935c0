import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { userTextMessage } from "../protocol/items.js";
import { rolloutPath } from "./paths.js";
import { readRollout } from "./reader.js";
import { RolloutRecorder, RolloutWriteError } from "./recorder.js";
import { event, item, metaLine, tempCodexHome } from "../../test/support/rollout-files.js";

const ID = "0199a3b4-1111-7222-8333-944455556666";
const CREATED = new Date(2025, 4, 6, 7, 8, 9);

let home: ReturnType<typeof tempCodexHome>;
beforeEach(() => {
  home = tempCodexHome();
});
afterEach(() => home.cleanup());

describe("RolloutRecorder", () => {
  it("creates the file and its dated directories only when the first line is written", async () => {
    const recorder = RolloutRecorder.create(home.dir, ID, CREATED);
    expect(recorder.path).toBe(rolloutPath(home.dir, ID, CREATED));
    await recorder.flush();
    expect(existsSync(recorder.path)).toBe(false);

    recorder.append(metaLine(ID));
    expect(existsSync(recorder.path)).toBe(false); // buffered until flush
    await recorder.flush();
    expect(readFileSync(recorder.path, "utf8").split("\n")).toHaveLength(2);
    await recorder.close();
  });

  it("writes each line whole, as JSON followed by a newline", async () => {
    const recorder = RolloutRecorder.create(home.dir, ID, CREATED);
    const text = "multi\nline \u00e9t\u00e9 \ud83d\ude80 text";
    recorder.append([
      metaLine(ID),
      item(userTextMessage(text)),
      event({ type: "user_message", message: text }),
    ]);
    await recorder.close();
    const content = readFileSync(recorder.path, "utf8");
    expect(content.endsWith("\n")).toBe(true);
    const lines = content.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it("appends to an existing file on resume", async () => {
    const first = RolloutRecorder.create(home.dir, ID, CREATED);
    first.append([metaLine(ID), event({ type: "user_message", message: "one" })]);
    await first.close();

    const resumed = await RolloutRecorder.resume(first.path);
    resumed.append(event({ type: "user_message", message: "two" }));
    await resumed.flush();
    resumed.append(event({ type: "user_message", message: "three" }));
    await resumed.close();

    const { lines, warnings } = await readRollout(first.path);
    expect(warnings).toEqual([]);
    expect(lines.map((l) => (l.type === "event_msg" ? l.payload.message : l.type))).toEqual([
      "session_meta",
      "one",
      "two",
      "three",
    ]);
  });

  it("starts on a fresh line when resuming a file whose last line was torn", async () => {
    const first = RolloutRecorder.create(home.dir, ID, CREATED);
    first.append(metaLine(ID));
    await first.close();
    appendFileSync(first.path, '{"timestamp":"2025-01-01T00:00:00.000Z","type":"event_m');

    const resumed = await RolloutRecorder.resume(first.path);
    resumed.append(event({ type: "user_message", message: "after crash" }));
    await resumed.close();

    const { lines, warnings } = await readRollout(first.path);
    expect(lines.map((l) => l.type)).toEqual(["session_meta", "event_msg"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.line).toBe(2);
  });

  it("keeps the order of lines across overlapping flushes", async () => {
    const recorder = RolloutRecorder.create(home.dir, ID, CREATED);
    const flushes: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      recorder.append(event({ type: "user_message", message: String(i) }));
      flushes.push(recorder.flush());
    }
    await Promise.all(flushes);
    await recorder.close();
    const { lines } = await readRollout(recorder.path);
    expect(lines.map((l) => (l.type === "event_msg" ? l.payload.message : undefined))).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i)),
    );
  });

  it("refuses to resume a file that does not exist", async () => {
    await expect(RolloutRecorder.resume(rolloutPath(home.dir, ID, CREATED))).rejects.toBeInstanceOf(
      RolloutWriteError,
    );
  });

  it("reports a failed write with the path and keeps the lines buffered", async () => {
    const recorder = RolloutRecorder.create(home.dir, ID, CREATED);
    mkdirSync(recorder.path, { recursive: true }); // a directory where the file should be
    recorder.append([metaLine(ID), event({ type: "user_message", message: "hi" })]);
    const failure = recorder.flush();
    await expect(failure).rejects.toBeInstanceOf(RolloutWriteError);
    await expect(failure).rejects.toThrow(recorder.path);
    expect(recorder.pendingLines).toBe(2);
  });

  it("rejects appends after close", async () => {
    const recorder = RolloutRecorder.create(home.dir, ID, CREATED);
    await recorder.close();
    expect(() => recorder.append(metaLine(ID))).toThrow(RolloutWriteError);
  });
});
