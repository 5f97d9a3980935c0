// The tools a turn offers the model, looked up by name when the model calls one.
import type { CustomTool, FunctionTool, ToolContext, ToolResult } from "./define-tool.js";
import { toolSpec } from "./define-tool.js";
import { describeZodError } from "../protocol/errors.js";

type AnyTool = FunctionTool<unknown> | CustomTool;

/**
 * A tool known only at run time (an MCP server's): its API spec is given as is, and its handler parses the
 * raw arguments itself.
 */
export interface ProvidedTool {
  name: string;
  /** The entry of the request's `tools` list. */
  spec: Record<string, unknown>;
  /** Offered only in turns that selected it (a connector's tools, by an `app://ID` mention). */
  selector?: string;
  handle(rawArguments: string, ctx: ToolContext): Promise<ToolResult>;
}

export class ToolRegistry {
  private readonly byName = new Map<string, AnyTool>();
  private specs: Record<string, unknown>[] | undefined;
  private readonly providedBySource = new Map<string, readonly ProvidedTool[]>();
  private provided = new Map<string, ProvidedTool>();
  /** Request tool lists by selection: rebuilt only when the provided tools change. */
  private readonly specsBySelection = new Map<string, Record<string, unknown>[]>();

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

  /**
   * Replaces the tools one source provides (e.g. "mcp"). A name already taken by a built-in tool or by
   * another source is skipped: the provider resolves its names against `names` first.
   */
  setProvidedTools(source: string, tools: readonly ProvidedTool[]): void {
    this.providedBySource.set(source, tools);
    const provided = new Map<string, ProvidedTool>();
    for (const list of this.providedBySource.values()) {
      for (const tool of list) {
        if (!this.byName.has(tool.name) && !provided.has(tool.name)) provided.set(tool.name, tool);
      }
    }
    this.provided = provided;
    this.specsBySelection.clear();
  }

  /** Computed once per set of tools: a request's tool list costs nothing per turn. */
  specsForModel(selected: readonly string[] = []): Record<string, unknown>[] {
    this.specs ??= [...this.byName.values()].map(toolSpec);
    if (this.provided.size === 0) return this.specs;
    const offered = [...this.provided.values()].filter((t) => isOffered(t, selected));
    const key = offered.map((t) => t.name).join("\n");
    let specs = this.specsBySelection.get(key);
    if (!specs) {
      specs = [...this.specs, ...offered.map((t) => t.spec)];
      this.specsBySelection.set(key, specs);
    }
    return specs;
  }

  /** Runs a call; a bad call becomes an output the model can read, never an exception. */
  async dispatch(
    name: string,
    rawArguments: string,
    ctx: ToolContext,
    selected: readonly string[] = [],
  ): Promise<ToolResult> {
    const tool = this.byName.get(name);
    if (!tool) {
      const provided = this.provided.get(name);
      if (provided && isOffered(provided, selected)) return provided.handle(rawArguments, ctx);
      return { output: `unsupported call: ${name}`, success: false };
    }
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

function isOffered(tool: ProvidedTool, selected: readonly string[]): boolean {
  return tool.selector === undefined || selected.includes(tool.selector);
}
