// An MCP tool result turned into what the model reads: text (structured content as JSON when the server gave
// it), or content items when the result holds images, which the model can see.
import type { McpCallToolResult } from "../protocol/core-protocol.js";
import type { ContentItem } from "../protocol/items.js";

type Block = Record<string, unknown>;

function isBlock(value: unknown): value is Block {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** One content block as text, or an image item. */
function blockToItem(block: unknown): ContentItem {
  if (!isBlock(block)) return { type: "input_text", text: JSON.stringify(block) };
  switch (block.type) {
    case "text":
      return { type: "input_text", text: str(block.text) ?? "" };
    case "image": {
      const data = str(block.data);
      const mime = str(block.mimeType) ?? "image/png";
      if (data) return { type: "input_image", image_url: `data:${mime};base64,${data}` };
      return { type: "input_text", text: "[image without data]" };
    }
    case "audio":
      return { type: "input_text", text: `[audio (${str(block.mimeType) ?? "unknown type"}) not shown]` };
    case "resource": {
      const resource = isBlock(block.resource) ? block.resource : {};
      const text = str(resource.text);
      const uri = str(resource.uri) ?? "";
      return { type: "input_text", text: text ?? `[binary resource ${uri}]` };
    }
    case "resource_link":
      return { type: "input_text", text: `[resource ${str(block.name) ?? ""}: ${str(block.uri) ?? ""}]` };
    default:
      return { type: "input_text", text: JSON.stringify(block) };
  }
}

export function toolOutputFromResult(result: McpCallToolResult): string | ContentItem[] {
  const items = result.content.map(blockToItem);
  const structured = result.structuredContent;
  const hasImage = items.some((i) => i.type === "input_image");
  if (!hasImage) {
    // Structured content is the canonical form when present; text blocks usually repeat it.
    if (structured !== undefined && structured !== null) return JSON.stringify(structured);
    return items.map((i) => (typeof i.text === "string" ? i.text : "")).join("\n");
  }
  if (structured !== undefined && structured !== null) {
    items.push({ type: "input_text", text: JSON.stringify(structured) });
  }
  return items;
}

/** A short text of a result, for error messages (`isError` results). */
export function resultText(result: McpCallToolResult): string {
  return result.content
    .map((b) => (isBlock(b) && b.type === "text" ? (str(b.text) ?? "") : ""))
    .filter((t) => t !== "")
    .join("\n");
}
