import { describe, expect, it } from "vitest";
import { classifyMessage, RawNumberId } from "../../protocol/app-server/jsonrpc.js";
import { messageText, parseMessageText } from "./message-text.js";

describe("ids past 2^53", () => {
  it.each([
    ["9007199254740993", "request"],
    ["-123456789012345678901234567890", "request"],
    ["12.5", "invalid"],
  ])("id %s is read from the text and echoed digit for digit", (raw, kind) => {
    const message = classifyMessage(parseMessageText(`{"id": ${raw}, "method": "x", "params": {"id": 1}}`));
    expect(message.kind).toBe(kind);
    const id = message.kind === "request" ? message.message.id : message.kind === "invalid" ? message.id : 0;
    expect(id).toBeInstanceOf(RawNumberId);
    expect(messageText({ id, result: { text: "\u0000raw-id\u0000" } })).toBe(
      `{"id":${raw},"result":{"text":"\\u0000raw-id\\u0000"}}`,
    );
  });

  it("leaves ordinary ids alone", () => {
    expect(parseMessageText('{"id": 7, "method": "x"}')).toEqual({ id: 7, method: "x" });
    expect(messageText({ id: null, error: { code: 1, message: "m" } })).toBe(
      '{"id":null,"error":{"code":1,"message":"m"}}',
    );
  });
});
