// A server's `tools/list` answer read one tool at a time: a tool with a bad definition is left out with a
// reason, and the server's other tools stay usable.
import { z } from "zod";
import { sanitizeInputSchema } from "./input-schema.js";
import type { McpTool } from "../core/mcp-api/types.js";

const RawTool = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  inputSchema: z.unknown(),
  annotations: z
    .looseObject({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional()
    .catch(undefined),
  _meta: z.record(z.string(), z.unknown()).optional().catch(undefined),
});

export interface ToolFilter {
  enabledTools?: readonly string[];
  disabledTools: readonly string[];
}

export interface ToolCatalog {
  tools: McpTool[];
  /** One line per tool left out, naming it and why. */
  problems: string[];
}

export function readToolCatalog(raw: readonly unknown[], filter: ToolFilter): ToolCatalog {
  const tools: McpTool[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of raw.entries()) {
    const parsed = RawTool.safeParse(entry);
    if (!parsed.success) {
      problems.push(`tool #${index + 1} is not a valid tool definition (it needs a name and an inputSchema)`);
      continue;
    }
    const { name, description, inputSchema, annotations, _meta } = parsed.data;
    if (filter.enabledTools && !filter.enabledTools.includes(name)) continue;
    if (filter.disabledTools.includes(name)) continue;
    if (seen.has(name)) {
      problems.push(`tool '${name}' is listed twice; the first definition is used`);
      continue;
    }
    const schema = sanitizeInputSchema(inputSchema);
    if (!schema.ok) {
      problems.push(`tool '${name}' was left out: ${schema.error}`);
      continue;
    }
    seen.add(name);
    tools.push({
      name,
      inputSchema: schema.schema,
      declaredInputSchema: inputSchema,
      ...(description !== undefined ? { description } : {}),
      ...(annotations ? { annotations } : {}),
      ...(_meta ? { meta: _meta } : {}),
    });
  }
  return { tools, problems };
}
