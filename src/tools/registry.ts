// The tools a turn offers the model, looked up by name when the model calls one.
import type { CustomTool, FunctionTool, ToolContext, ToolResult } from "./define-tool.js";
import { toolSpec } from "./define-tool.js";
import { describeZodError } from "../protocol/errors.js";

type AnyTool = FunctionTool<unknown> | CustomTool;

export class ToolRegistry {
  private readonly byName = new Map<string, AnyTool>();
  private specs: Record<string, unknown>[] | undefined;

  constructor(tools: readonly AnyTool[]) {
    for (const tool of tools) {
      if (this.byName.has(tool.name)) throw new Error(`duplicate tool name '${tool.name}'`);
      this.byName.set(tool.name, tool);
    }
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  get(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }

  /** Computed once: a request's tool list costs nothing per turn. */
  specsForModel(): Record<string, unknown>[] {
    this.specs ??= [...this.byName.values()].map(toolSpec);
    return this.specs;
  }

  /** Runs a call; a bad call becomes an output the model can read, never an exception. */
  async dispatch(name: string, rawArguments: string, ctx: ToolContext): Promise<ToolResult> {
    const tool = this.byName.get(name);
    if (!tool) return { output: `unsupported call: ${name}`, success: false };
    if (tool.kind === "custom") return tool.handle(rawArguments, ctx);
    let json: unknown;
    try {
      json = rawArguments.trim() === "" ? {} : JSON.parse(rawArguments);
    } catch (err) {
      return { output: `failed to parse function arguments: ${(err as Error).message}`, success: false };
    }
    const parsed = tool.parameters.safeParse(json);
    if (!parsed.success) {
      return { output: `invalid arguments for ${name}: ${describeZodError(parsed.error)}`, success: false };
    }
    return tool.handle(parsed.data, ctx);
  }
}
