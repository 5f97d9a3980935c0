// A plugin's manifest, `.codex-plugin/plugin.json` (the real Codex's format): who the plugin is and where its
// parts live. Paths are `./`-relative to the plugin root and must stay inside it. A bad file is a
// PluginError naming the file and the first problem; a folder with no manifest gets the real Codex's fallback
// (the marketplace's name, version "local", the default part locations).
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, isAbsolute } from "node:path";
import { z } from "zod";
import { lazySchema } from "../protocol/lazy-schema.js";
import { describeZodError } from "../protocol/errors.js";

export const MANIFEST_PATH = ".codex-plugin/plugin.json";
export const FALLBACK_VERSION = "local";

export class PluginError extends Error {}

const relPath = lazySchema(() => z.string().min(1, "path must not be empty"));
const paths = lazySchema(() => z.union([relPath, z.array(relPath)]));

const PluginInterfaceJson = lazySchema(() =>
  z.looseObject({
    displayName: z.string().optional(),
    shortDescription: z.string().optional(),
    longDescription: z.string().optional(),
    developerName: z.string().optional(),
    category: z.string().optional(),
    capabilities: z.array(z.string()).optional(),
    websiteUrl: z.string().optional(),
    privacyPolicyUrl: z.string().optional(),
    termsOfServiceUrl: z.string().optional(),
    defaultPrompt: z.union([z.string(), z.array(z.string())]).optional(),
    brandColor: z.string().optional(),
  }),
);

const PluginManifestJson = lazySchema(() =>
  z.looseObject({
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "use letters, digits, '.', '_' and '-' only"),
    version: z.string().trim().min(1, "invalid plugin version in plugin.json: must not be blank").optional(),
    description: z.string().optional(),
    keywords: z.array(z.string()).optional(),
    skills: paths.optional(),
    mcpServers: z.union([relPath, z.record(z.string(), z.unknown())]).optional(),
    apps: relPath.optional(),
    hooks: z.union([paths, z.record(z.string(), z.unknown())]).optional(),
    interface: PluginInterfaceJson.optional(),
  }),
);
export type PluginInterfaceJson = z.infer<typeof PluginInterfaceJson>;

export interface PluginManifest {
  name: string;
  version: string;
  description?: string;
  keywords: string[];
  interface?: PluginInterfaceJson;
  /** Absolute skill folders (default `skills/` when present). */
  skillDirs: string[];
  /** The MCP servers file (default `.mcp.json` when present), or servers given inline. */
  mcp: { file: string } | { servers: Record<string, unknown> } | undefined;
  /** The app connectors file (default `.app.json` when present). */
  appsFile?: string;
  /** Hook files or folders (default `hooks/hooks.json` when present), or hooks given inline. */
  hooks: { paths: string[] } | { inline: Record<string, unknown> } | undefined;
}

/** Reads and checks `root`'s manifest. `expectedName`: the name the marketplace lists it under. */
export function readPluginManifest(root: string, expectedName?: string): PluginManifest {
  const file = join(root, MANIFEST_PATH);
  if (!existsSync(file)) {
    if (expectedName === undefined) throw new PluginError(`missing ${MANIFEST_PATH} in ${root}`);
    return withDefaults(root, { name: expectedName });
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new PluginError(`failed to parse plugin.json (${file}): ${(err as Error).message}`);
  }
  const parsed = PluginManifestJson.safeParse(json);
  if (!parsed.success) {
    throw new PluginError(`invalid plugin.json (${file}): ${describeZodError(parsed.error)}`);
  }
  if (expectedName !== undefined && parsed.data.name !== expectedName) {
    throw new PluginError(
      `plugin.json name \`${parsed.data.name}\` does not match marketplace plugin name \`${expectedName}\``,
    );
  }
  return withDefaults(root, parsed.data);
}

function withDefaults(root: string, data: z.infer<typeof PluginManifestJson>): PluginManifest {
  const inside = (p: string, field: string) => insideRoot(root, p, field);
  const skillDirs =
    data.skills === undefined
      ? existing(root, "skills")
      : (Array.isArray(data.skills) ? data.skills : [data.skills]).map((p) => inside(p, "skills"));
  const mcp =
    data.mcpServers === undefined
      ? existing(root, ".mcp.json").map((file) => ({ file }))[0]
      : typeof data.mcpServers === "string"
        ? { file: inside(data.mcpServers, "mcpServers") }
        : { servers: data.mcpServers };
  const hooks =
    data.hooks === undefined
      ? existing(root, "hooks/hooks.json").map((p) => ({ paths: [p] }))[0]
      : typeof data.hooks === "string" || Array.isArray(data.hooks)
        ? { paths: (Array.isArray(data.hooks) ? data.hooks : [data.hooks]).map((p) => inside(p, "hooks")) }
        : { inline: data.hooks };
  const appsFile = data.apps === undefined ? existing(root, ".app.json")[0] : inside(data.apps, "apps");
  return {
    name: data.name,
    version: data.version?.trim() ?? FALLBACK_VERSION,
    ...(data.description !== undefined ? { description: data.description } : {}),
    keywords: data.keywords ?? [],
    ...(data.interface ? { interface: data.interface } : {}),
    skillDirs,
    mcp,
    ...(appsFile ? { appsFile } : {}),
    hooks,
  };
}

/** `./x` under root; anything else (absolute, `..`, no `./`) is refused, as the real Codex does. */
function insideRoot(root: string, path: string, field: string): string {
  if (!path.startsWith("./")) {
    throw new PluginError(`invalid plugin.json: ${field}: path \`${path}\` must start with \`./\``);
  }
  const full = resolve(root, path);
  const rel = relative(resolve(root), full);
  if (rel.startsWith("..") || isAbsolute(rel)) {
    throw new PluginError(`invalid plugin.json: ${field}: path \`${path}\` must stay within the plugin root`);
  }
  return full;
}

function existing(root: string, rel: string): string[] {
  const path = join(root, rel);
  try {
    statSync(path);
    return [path];
  } catch {
    return [];
  }
}
