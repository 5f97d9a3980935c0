// The tools a turn offers the model, looked up by name when the model calls one.
import type { CustomTool, FunctionTool, ToolContext, ToolResult } from "./define-tool.js";
import { toolSpec } from "./define-tool.js";
import { describeZodError } from "../../protocol/errors.js";

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

  constructor(
    tools: readonly AnyTool[],
    /** Tools the API runs itself (e.g. `web_search`): offered as given, never dispatched here. */
    private readonly hosted: readonly Record<string, unknown>[] = [],
  ) {
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
    this.specs ??= [...[...this.byName.values()].map(toolSpec), ...this.hosted];
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

  /**
   * Runs a call; a bad call becomes an output the model can read (and a `failed` reason for the user),
   * never an exception. A call in the other form than the one declared is accepted: models trained on one
   * form keep sending it whatever the request declared (a patch as a custom call to a function tool, or
   * `{"input": ...}` as a function call to a freeform tool).
   */
  async dispatch(
    name: string,
    rawArguments: string,
    ctx: ToolContext,
    selected: readonly string[] = [],
    callKind: "function" | "custom" = "function",
  ): Promise<ToolResult> {
    const tool = this.byName.get(name);
    if (!tool) {
      const provided = this.provided.get(name);
      if (provided && isOffered(provided, selected)) return provided.handle(rawArguments, ctx);
      return badCall(`unsupported call: ${name}`);
    }
    if (tool.kind === "custom") {
      return tool.handle(callKind === "function" ? freeformInput(rawArguments) : rawArguments, ctx);
    }
    let json: unknown;
    try {
      json = rawArguments.trim() === "" ? {} : JSON.parse(rawArguments);
    } catch (err) {
      if (callKind === "custom") json = { input: rawArguments };
      else return badCall(`failed to parse function arguments: ${(err as Error).message}`);
    }
    const parsed = tool.parameters.safeParse(json);
    if (!parsed.success) {
      return badCall(`invalid arguments for ${name}: ${describeZodError(parsed.error)}`);
    }
    return tool.handle(parsed.data, ctx);
  }
}

function isOffered(tool: ProvidedTool, selected: readonly string[]): boolean {
  return tool.selector === undefined || selected.includes(tool.selector);
}

function badCall(message: string): ToolResult {
  return { output: message, success: false, failed: message };
}

/** A function call to a freeform tool: its `input` (or only string) argument, else the text as sent. */
function freeformInput(rawArguments: string): string {
  try {
    const json: unknown = JSON.parse(rawArguments);
    if (json && typeof json === "object" && !Array.isArray(json)) {
      const values = Object.values(json as Record<string, unknown>);
      const input = (json as Record<string, unknown>).input;
      if (typeof input === "string") return input;
      if (values.length === 1 && typeof values[0] === "string") return values[0];
    }
  } catch {
    // Not JSON: the text itself is the input.
  }
  return rawArguments;
}
