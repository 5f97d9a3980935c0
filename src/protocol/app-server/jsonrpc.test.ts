import { describe, expect, it } from "vitest";
import { classifyMessage, RawNumberId, recoverRequestId } from "./jsonrpc.js";

describe("classifyMessage", () => {
  it.each([
    [{ id: 1, method: "a", params: { x: 1 } }, "request"],
    [{ id: "s", method: "a" }, "request"],
    [{ method: "initialized" }, "notification"],
    [{ id: 3, result: {} }, "response"],
    [{ id: 3, result: null }, "response"],
    [{ id: 4, error: { code: -1, message: "no" } }, "error"],
    [[1], "invalid"],
    ["s", "invalid"],
    [null, "invalid"],
    [{}, "invalid"],
    [{ id: 1.5, method: "a" }, "invalid"],
    [{ id: null, method: "a" }, "invalid"],
    [{ id: 1, method: 7 }, "invalid"],
    [{ id: 4, error: "bad" }, "invalid"],
  ])("%j is a %s", (value, kind) => {
    expect(classifyMessage(value).kind).toBe(kind);
  });

  it("keeps the id of an invalid message when it can", () => {
    expect(classifyMessage({ id: 9, method: 1 })).toEqual({
      kind: "invalid",
      id: 9,
      reason: "method: expected a string",
    });
  });
});

describe("recoverRequestId", () => {
  it.each([
    ['{"id": 12, "method": "x", ', 12],
    ['{"method":"x","id":"abc"', "abc"],
    ['{"id": "a\\"b", ', 'a"b'],
    ['{"id": 1.5}', undefined],
    ['{"id": 12345678901234567890, "method": ', new RawNumberId("12345678901234567890")],
    ["garbage", undefined],
  ])("%s -> %s", (line, id) => {
    expect(recoverRequestId(line)).toEqual(id);
  });
});
