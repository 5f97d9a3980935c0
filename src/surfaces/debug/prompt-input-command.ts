// `codex-ts debug prompt-input [PROMPT] [-i FILE]`: the model-visible input of a new thread's first request,
// as a pretty-printed JSON array (Codex 0.169's shape). The items come from core/prompt-input.ts, which
// builds them with the session's own parts; a config error or an unreadable image is reported, exit 1.
import { resolve } from "node:path";
import { firstRequestInput } from "../../core/prompt-input.js";
import { UserInputError } from "../../core/user-input.js";
import type { UserInputItem } from "../../protocol/user-input.js";
import { loadCliConfigOrReport, type SharedFlags } from "../shared/cli-config.js";

export interface PromptInputFlags extends SharedFlags {
  image?: string[];
}

/** The user's input as exec builds it: the prompt's text, then each image (`-i a.png,b.png` as exec). */
function userInput(prompt: string | undefined, images: readonly string[]): UserInputItem[] {
  const items: UserInputItem[] = prompt !== undefined ? [{ type: "text", text: prompt }] : [];
  for (const image of images.flatMap((i) => i.split(","))) {
    if (image.trim() !== "") items.push({ type: "local_image", path: resolve(image.trim()) });
  }
  return items;
}

export function runDebugPromptInput(prompt: string | undefined, flags: PromptInputFlags): number {
  const config = loadCliConfigOrReport(flags);
  if (!config) return 1;
  let items;
  try {
    items = firstRequestInput(userInput(prompt, flags.image ?? []), { config, env: process.env });
  } catch (err) {
    if (!(err instanceof UserInputError)) throw err;
    process.stderr.write(`Error: ${err.message}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
  return 0;
}
