// Turns what a user sent into the message the model reads.
import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import type { ContentItem, MessageItem, ResponseItem } from "../protocol/items.js";
import { userTextMessage } from "../protocol/items.js";
import type { UserInputItem } from "../protocol/user-input.js";
import type { ToolRegistry } from "./tool-api/registry.js";

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

type Mention = Extract<UserInputItem, { type: "mention" }>;

/** True when a connector serves this mention's path (`app://ID`). */
export type ConnectorCheck = (path: string) => boolean;
const NO_CONNECTORS: ConnectorCheck = () => false;

/** A connector serves a path when selecting it offers the model more tools (see ToolRegistry selectors). */
export function connectorCheck(tools: Pick<ToolRegistry, "specsForModel">): ConnectorCheck {
  return (path) => tools.specsForModel([path]).length > tools.specsForModel().length;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** What the model reads for a mention: which app the user pointed at, and whether its tools are here. */
export function mentionNote(item: Mention, connectorAvailable: boolean): string {
  const status = connectorAvailable
    ? "Its connector's tools are available in this turn."
    : "No connector is configured for it in this session, so its tools are not available; say so if the task needs them.";
  return `<mention name="${escapeAttribute(item.name)}" path="${escapeAttribute(item.path)}">${status}</mention>`;
}

/** A warning for each mention no connector serves (a mention never fails a turn). */
export function mentionWarnings(
  items: readonly UserInputItem[],
  connectorAvailable: ConnectorCheck = NO_CONNECTORS,
): string[] {
  return items
    .filter((i): i is Mention => i.type === "mention" && !connectorAvailable(i.path))
    .map((i) => `mention ${i.name} (${i.path}): no connector is configured for it; the model was told so`);
}

export function userInputToMessage(
  items: readonly UserInputItem[],
  cwd: string,
  connectorAvailable: ConnectorCheck = NO_CONNECTORS,
): MessageItem {
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
        // Its instructions follow the message as a <skill> message (skills/skill-injection.ts).
        break;
      case "mention":
        content.push({ type: "input_text", text: mentionNote(item, connectorAvailable(item.path)) });
        break;
    }
  }
  const skills = items.flatMap((i) => (i.type === "skill" ? [`$${i.name}`] : []));
  if (content.length === 0 && skills.length > 0) {
    // Only skills were sent: the message still says what the user wants.
    content.push({ type: "input_text", text: `Use ${skills.join(", ")}.` });
  }
  return { type: "message", role: "user", content };
}

/**
 * What a task records of its input before its first request, in this order: the user's message, the
 * context hooks added (UserPromptSubmit, SessionStart) as developer messages, then what the input asked for
 * besides itself (skills' instructions). Tasks and `debug prompt-input` both build it here.
 */
export function taskInputItems(
  items: readonly UserInputItem[],
  cwd: string,
  options: {
    connectorAvailable?: ConnectorCheck;
    hookContext?: readonly string[];
    extra?: readonly ResponseItem[];
  } = {},
): ResponseItem[] {
  return [
    userInputToMessage(items, cwd, options.connectorAvailable),
    ...(options.hookContext ?? []).map((text) => userTextMessage(text, "developer")),
    ...(options.extra ?? []),
  ];
}

/** The text a UI shows for the user's message. */
/**
 * The user_message event of an input: its text, and the text items' UI spans (`text_elements`) with their
 * byte ranges moved to where each text lands in that joined message.
 */
export function userMessageEvent(
  items: readonly UserInputItem[],
  clientId?: string,
): { type: "user_message"; message: string; text_elements?: unknown[]; client_id?: string } {
  const elements: unknown[] = [];
  let offset = 0;
  for (const item of items) {
    if (item.type !== "text") continue;
    for (const element of item.text_elements ?? []) elements.push(shiftElement(element, offset));
    offset += Buffer.byteLength(item.text) + 1;
  }
  return {
    type: "user_message",
    message: userInputText(items),
    ...(elements.length > 0 ? { text_elements: elements } : {}),
    ...(clientId ? { client_id: clientId } : {}),
  };
}

function shiftElement(element: unknown, offset: number): unknown {
  if (offset === 0 || typeof element !== "object" || element === null) return element;
  const range = (element as { byteRange?: { start?: unknown; end?: unknown } }).byteRange;
  if (typeof range?.start !== "number" || typeof range.end !== "number") return element;
  return { ...element, byteRange: { start: range.start + offset, end: range.end + offset } };
}

export function userInputText(items: readonly UserInputItem[]): string {
  return items
    .filter((i): i is Extract<UserInputItem, { type: "text" }> => i.type === "text")
    .map((i) => i.text)
    .join("\n");
}
