import { describe, expect, it } from "vitest";
import { resultText, toolOutputFromResult } from "./tool-output.js";

describe("toolOutputFromResult", () => {
  it("joins text blocks", () => {
    expect(
      toolOutputFromResult({
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      }),
    ).toBe("a\nb");
  });

  it("prefers structured content, as JSON", () => {
    expect(
      toolOutputFromResult({ content: [{ type: "text", text: '{"n":1}' }], structuredContent: { n: 1 } }),
    ).toBe('{"n":1}');
  });

  it("gives images to the model as input images, with the text around them", () => {
    expect(
      toolOutputFromResult({
        content: [
          { type: "text", text: "a chart" },
          { type: "image", data: "AAAA", mimeType: "image/png" },
          { type: "resource", resource: { uri: "file:///x", text: "inside" } },
        ],
      }),
    ).toEqual([
      { type: "input_text", text: "a chart" },
      { type: "input_image", image_url: "data:image/png;base64,AAAA" },
      { type: "input_text", text: "inside" },
    ]);
  });

  it("summarises other blocks in words", () => {
    expect(
      toolOutputFromResult({
        content: [
          { type: "audio", data: "x", mimeType: "audio/wav" },
          { type: "resource_link", name: "doc", uri: "https://x" },
        ],
      }),
    ).toBe("[audio (audio/wav) not shown]\n[resource doc: https://x]");
    expect(resultText({ content: [{ type: "text", text: "bad" }, { type: "image" }], isError: true })).toBe(
      "bad",
    );
  });
});
