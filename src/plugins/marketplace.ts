// A marketplace: a JSON list of plugins at `.agents/plugins/marketplace.json` (or `.claude-plugin/
// marketplace.json`) under its root, in the real Codex's format. Each plugin's source is a `./` folder inside
// the root or a git repository (`url`, or `git-subdir` with a path inside it). An entry that cannot be used
// is skipped with the reason, never fatal to the others.
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { z } from "zod";
import { lazySchema } from "../protocol/lazy-schema.js";
import { describeZodError } from "../protocol/errors.js";
import { PluginError } from "./manifest.js";

export const MARKETPLACE_FILES = [".agents/plugins/marketplace.json", ".claude-plugin/marketplace.json"];

export type PluginSource =
  { kind: "local"; path: string } | { kind: "git"; url: string; path?: string; ref?: string; sha?: string };

export interface MarketplacePlugin {
  name: string;
  source: PluginSource;
  installPolicy: "NOT_AVAILABLE" | "AVAILABLE" | "INSTALLED_BY_DEFAULT";
  authPolicy: "ON_INSTALL" | "ON_USE";
  category?: string;
}

export interface Marketplace {
  name: string;
  root: string;
  /** The marketplace file. */
  path: string;
  displayName?: string;
  plugins: MarketplacePlugin[];
  /** Entries skipped, with why. */
  skipped: string[];
}

const SourceJson = lazySchema(() =>
  z.union([
    z.string(),
    z.looseObject({ source: z.literal("local"), path: z.string() }),
    z.looseObject({
      source: z.literal("url"),
      url: z.string().min(1, "git plugin source url must not be empty"),
      ref: z.string().optional(),
      sha: z.string().optional(),
    }),
    z.looseObject({
      source: z.literal("git-subdir"),
      url: z.string().min(1, "git plugin source url must not be empty"),
      path: z.string().min(1, "git plugin source path must not be empty"),
      ref: z.string().optional(),
      sha: z.string().optional(),
    }),
  ]),
);

const MarketplaceJson = lazySchema(() =>
  z.looseObject({
    name: z.string({ error: "marketplace name must be a string" }).min(1),
    interface: z.looseObject({ displayName: z.string().optional() }).optional(),
    plugins: z.array(z.unknown(), { error: "marketplace plugins must be an array" }),
  }),
);

const PluginEntryJson = lazySchema(() =>
  z.looseObject({
    name: z.string().min(1),
    source: SourceJson,
    policy: z
      .looseObject({
        installation: z.enum(["NOT_AVAILABLE", "AVAILABLE", "INSTALLED_BY_DEFAULT"]).optional(),
        authentication: z.enum(["ON_INSTALL", "ON_USE"]).optional(),
      })
      .optional(),
    category: z.string().optional(),
  }),
);

/** The marketplace file under `root`, if there is one. */
export function marketplaceFileOf(root: string): string | undefined {
  return MARKETPLACE_FILES.map((f) => join(root, f)).find((f) => existsSync(f));
}

export function readMarketplace(root: string): Marketplace {
  const path = marketplaceFileOf(root);
  if (!path) {
    throw new PluginError(
      `invalid marketplace file \`${root}\`: marketplace root does not contain a supported manifest (${MARKETPLACE_FILES.join(" or ")})`,
    );
  }
  return readMarketplaceFile(path, root);
}

export function readMarketplaceFile(path: string, root: string): Marketplace {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    throw new PluginError(`failed to read marketplace file ${path}: ${(err as Error).message}`);
  }
  const parsed = MarketplaceJson.safeParse(json);
  if (!parsed.success)
    throw new PluginError(`invalid marketplace file ${path}: ${describeZodError(parsed.error)}`);
  const plugins: MarketplacePlugin[] = [];
  const skipped: string[] = [];
  parsed.data.plugins.forEach((raw, index) => {
    const entry = PluginEntryJson.safeParse(raw);
    if (!entry.success) {
      skipped.push(`plugins[${index}]: ${describeZodError(entry.error)}`);
      return;
    }
    try {
      plugins.push({
        name: entry.data.name,
        source: resolveSource(root, entry.data.source),
        installPolicy: entry.data.policy?.installation ?? "AVAILABLE",
        authPolicy: entry.data.policy?.authentication ?? "ON_INSTALL",
        ...(entry.data.category !== undefined ? { category: entry.data.category } : {}),
      });
    } catch (err) {
      skipped.push(`plugin \`${entry.data.name}\`: ${(err as Error).message}`);
    }
  });
  return {
    name: parsed.data.name,
    root,
    path,
    ...(parsed.data.interface?.displayName !== undefined
      ? { displayName: parsed.data.interface.displayName }
      : {}),
    plugins,
    skipped,
  };
}

function resolveSource(root: string, source: z.infer<typeof SourceJson>): PluginSource {
  if (typeof source === "string" || source.source === "local") {
    const path = typeof source === "string" ? source : source.path;
    if (path === "") throw new PluginError("local plugin source path must not be empty");
    if (!path.startsWith("./")) throw new PluginError("local plugin source path must start with `./`");
    const full = resolve(root, path);
    const rel = relative(resolve(root), full);
    if (rel.startsWith("..") || isAbsolute(rel)) {
      throw new PluginError("local plugin source path must stay within the marketplace root");
    }
    return { kind: "local", path: full };
  }
  const url = source.url.startsWith("./") ? resolve(root, source.url) : source.url;
  const subdir = source.source === "git-subdir" ? source.path : undefined;
  if (subdir !== undefined && (isAbsolute(subdir) || subdir.split(/[\\/]/).includes(".."))) {
    throw new PluginError("git plugin source path must stay within the repository root");
  }
  return {
    kind: "git",
    url,
    ...(subdir !== undefined ? { path: subdir } : {}),
    ...(source.ref !== undefined ? { ref: source.ref } : {}),
    ...(source.sha !== undefined ? { sha: source.sha } : {}),
  };
}
