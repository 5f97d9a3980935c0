// The exec prompt: from argv, or read from stdin when it is '-' or absent.
export class PromptError extends Error {}

export async function readPrompt(
  arg: string | undefined,
  stdin: NodeJS.ReadStream = process.stdin,
): Promise<string> {
  if (arg !== undefined && arg !== "-") return arg;
  if (arg === undefined && stdin.isTTY) {
    throw new PromptError('no prompt: pass it as an argument (codex-ts exec "...") or pipe it on stdin');
  }
  if (arg === undefined) process.stderr.write("Reading prompt from stdin...\n");
  let text = "";
  stdin.setEncoding("utf8");
  for await (const chunk of stdin) text += String(chunk);
  if (text.trim() === "") throw new PromptError("no prompt: stdin was empty");
  return text;
}
