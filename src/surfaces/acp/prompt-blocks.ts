// An ACP prompt (content blocks) as the engine's user input items.
import { fileURLToPath } from "node:url";
import { RequestError, type ContentBlock } from "@agentclientprotocol/sdk";
import type { UserInputItem } from "../../protocol/user-input.js";

/** Reads a file the way the editor sees it (unsaved changes included), when the client offers that. */
export type ReadTextFile = (path: string) => Promise<string>;

export async function promptItems(
  blocks: ContentBlock[],
  readTextFile?: ReadTextFile,
): Promise<UserInputItem[]> {
  const items: UserInputItem[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        items.push({ type: "text", text: block.text });
        break;
      case "image":
        items.push({
          type: "image",
          image_url: block.uri?.startsWith("http")
            ? block.uri
            : `data:${block.mimeType};base64,${block.data}`,
        });
        break;
      case "audio":
        throw RequestError.invalidParams(
          undefined,
          "audio prompts are not supported (promptCapabilities.audio is false)",
        );
      case "resource_link": {
        const path = filePath(block.uri);
        const text = path && readTextFile ? await readLinked(readTextFile, path) : undefined;
        items.push({
          type: "text",
          text: text !== undefined ? contextBlock(block.uri, text) : `[@${block.name}](${block.uri})`,
        });
        break;
      }
      case "resource": {
        const r = block.resource;
        if ("text" in r) items.push({ type: "text", text: contextBlock(r.uri, r.text) });
        else if (r.mimeType?.startsWith("image/")) {
          items.push({ type: "image", image_url: `data:${r.mimeType};base64,${r.blob}` });
        } else {
          items.push({
            type: "text",
            text: `[binary resource ${r.uri} (${r.mimeType ?? "unknown type"}) not shown]`,
          });
        }
        break;
      }
    }
  }
  if (items.length === 0) throw RequestError.invalidParams(undefined, "the prompt is empty");
  return items;
}

function filePath(uri: string): string | undefined {
  if (!uri.startsWith("file://")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

async function readLinked(read: ReadTextFile, path: string): Promise<string | undefined> {
  try {
    return await read(path);
  } catch {
    // The link stays a link: the model can still open the file itself.
    return undefined;
  }
}

function contextBlock(uri: string, text: string): string {
  return `<context ref="${uri}">\n${text}\n</context>`;
}
