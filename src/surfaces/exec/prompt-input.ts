// The exec prompt: from argv, or read from stdin when it is '-' or absent. Top-level exec also appends
// piped stdin to a prompt given as an argument, as a `<stdin>` block (the real Codex 0.169's wording and
// layout: the model sees the prompt, a blank line, then the block).
export class PromptError extends Error {}

/** A missing prompt: the real Codex prints these bare, without "Error: ". */
export class NoPromptError extends PromptError {}

export interface PromptOptions {
  /** Append piped stdin to a prompt argument (top-level exec only; resume, fork and review do not). */
  appendStdin?: boolean;
}

async function readAll(stdin: NodeJS.ReadStream): Promise<string> {
  let text = "";
  stdin.setEncoding("utf8");
  for await (const chunk of stdin) text += String(chunk);
  return text;
}

/** The prompt followed by stdin as a block; stdin of only whitespace adds nothing. */
export function withStdinBlock(prompt: string, stdin: string): string {
  if (stdin.trim() === "") return prompt;
  return `${prompt}\n\n<stdin>\n${stdin}${stdin.endsWith("\n") ? "" : "\n"}</stdin>`;
}

export async function readPrompt(
  arg: string | undefined,
  stdin: NodeJS.ReadStream = process.stdin,
  options: PromptOptions = {},
): Promise<string> {
  if (arg !== undefined && arg !== "-") {
    if (!options.appendStdin || stdin.isTTY) return arg;
    process.stderr.write("Reading additional input from stdin...\n");
    return withStdinBlock(arg, await readAll(stdin));
  }
  if (arg === undefined && stdin.isTTY) {
    throw new NoPromptError(
      "No prompt provided. Either specify one as an argument or pipe the prompt into stdin.",
    );
  }
  if (arg === undefined) process.stderr.write("Reading prompt from stdin...\n");
  const text = await readAll(stdin);
  if (text.trim() === "") throw new NoPromptError("No prompt provided via stdin.");
  return text;
}
