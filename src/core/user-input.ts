// Turns what a user sent into the message the model reads.
import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import type { ContentItem, MessageItem } from "../protocol/items.js";
import type { UserInputItem } from "../protocol/user-input.js";

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

export class UserInputError extends Error {}

export function localImageDataUrl(path: string, cwd: string): string {
  const full = resolve(cwd, path);
  const mime = IMAGE_TYPES[extname(full).toLowerCase()];
  if (!mime) throw new UserInputError(`unsupported image type: ${path} (use png, jpeg, gif or webp)`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(full);
  } catch (err) {
    throw new UserInputError(`cannot read image ${path}: ${(err as Error).message}`);
  }
  return `data:${mime};base64,${bytes.toString("base64")}`;
}

export function userInputToMessage(items: readonly UserInputItem[], cwd: string): MessageItem {
  const content: ContentItem[] = [];
  for (const item of items) {
    switch (item.type) {
      case "text":
        content.push({ type: "input_text", text: item.text });
        break;
      case "image":
        content.push({ type: "input_image", image_url: item.image_url });
        break;
      case "local_image":
        content.push({ type: "input_image", image_url: localImageDataUrl(item.path, cwd) });
        break;
      case "skill":
      case "mention":
        content.push({
          type: "input_text",
          text: `<${item.type} name="${item.name}" path="${item.path}" />`,
        });
        break;
    }
  }
  return { type: "message", role: "user", content };
}

/** The text a UI shows for the user's message. */
export function userInputText(items: readonly UserInputItem[]): string {
  return items
    .filter((i): i is Extract<UserInputItem, { type: "text" }> => i.type === "text")
    .map((i) => i.text)
    .join("\n");
}
