// Non-interactive engines (exec) answer the model's questions at once, and say so.
import { describe, expect, it } from "vitest";
import type { KnownEventMsg } from "../protocol/core-protocol.js";
import { ClientRequests } from "./client-requests.js";

const question = { id: "db", header: "DB", question: "Which database?", isOther: true };

describe("ClientRequests.askUser", () => {
  it("without a user: no answers at once, and a warning naming the question instead of a request", async () => {
    const emitted: KnownEventMsg[] = [];
    const answers = await new ClientRequests(false).askUser(
      (msg) => emitted.push(msg),
      "q1",
      "t",
      [question],
      new AbortController().signal,
    );
    expect(answers).toBeUndefined();
    expect(emitted).toEqual([
      {
        type: "warning",
        message: expect.stringMatching(/^the model asked "Which database\?" \(request_user_input\)/),
      },
    ]);
  });

  it("with a user: asks, and waits for the answer", async () => {
    const emitted: KnownEventMsg[] = [];
    const requests = new ClientRequests(true);
    const pending = requests.askUser(
      (msg) => emitted.push(msg),
      "q1",
      "t",
      [question],
      new AbortController().signal,
    );
    expect(emitted.map((m) => m.type)).toEqual(["request_user_input"]);
    expect(requests.resolveUserInput("q1", { db: { selected: ["pg"] } })).toBe(true);
    expect(await pending).toEqual({ db: { selected: ["pg"] } });
  });
});
