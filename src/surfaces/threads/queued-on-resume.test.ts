// openQueuedTurns on a real queue file: a message leaves the queue only once its turn has started, so one
// whose turn never starts stays for a later resume; a queue file never written is not created.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MessageQueue, QUEUE_FILE_NAME } from "../../rollout/message-queue.js";
import { tempCodexHome, threadLines, writeRolloutFile } from "../../../test/support/rollout-files.js";
import { openQueuedTurns } from "./queued-on-resume.js";

let home: ReturnType<typeof tempCodexHome>;
beforeEach(() => {
  home = tempCodexHome();
});
afterEach(() => home.cleanup());

function threadWith(...texts: string[]): { id: string; path: string } {
  const id = randomUUID();
  const thread = writeRolloutFile(home.dir, threadLines(id, 1), { id });
  const queue = MessageQueue.open(home.dir);
  for (const text of texts) {
    queue.add({
      id: randomUUID(),
      threadId: id,
      input: [{ type: "text", text, text_elements: [] }],
      clientUserMessageId: randomUUID(),
      responsesapiClientMetadata: null,
    });
  }
  queue.close();
  return thread;
}

const queuedTexts = (threadId: string): string[] => {
  const queue = MessageQueue.open(home.dir);
  try {
    return queue.list(threadId).map((m) => (m.input[0] as { text: string }).text);
  } finally {
    queue.close();
  }
};

const textOf = (op: { items: unknown[] } | undefined) =>
  (op?.items[0] as { text?: string } | undefined)?.text;

describe("openQueuedTurns", () => {
  it("a message leaves the queue once its turn has started, in order", async () => {
    const thread = threadWith("one", "two");
    const source = await openQueuedTurns(home.dir, thread);
    expect(textOf(source?.next())).toBe("one");
    expect(queuedTexts(thread.id)).toEqual(["one", "two"]);
    source?.started();
    expect(queuedTexts(thread.id)).toEqual(["two"]);
    expect(textOf(source?.next())).toBe("two");
    source?.started();
    expect(source?.next()).toBeUndefined();
    source?.close();
    expect(queuedTexts(thread.id)).toEqual([]);
  });

  it("a message whose turn never started stays queued, and the queue stops there", async () => {
    const thread = threadWith("one", "two");
    const source = await openQueuedTurns(home.dir, thread);
    expect(textOf(source?.next())).toBe("one");
    // No turn started for it: asked for the next one, the source stops rather than offer it again.
    expect(source?.next()).toBeUndefined();
    source?.close();
    expect(queuedTexts(thread.id)).toEqual(["one", "two"]);
  });

  it("a queue file never written holds nothing and is not created", async () => {
    const id = randomUUID();
    const thread = writeRolloutFile(home.dir, threadLines(id, 1), { id });
    expect(await openQueuedTurns(home.dir, thread)).toBeUndefined();
    expect(existsSync(join(home.dir, QUEUE_FILE_NAME))).toBe(false);
  });
});
