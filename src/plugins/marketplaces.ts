// The marketplaces a user configured (`[marketplaces.NAME]` in $CODEX_HOME/config.toml, as the real Codex
// writes them): a local folder used in place, or a git repository cloned under
// $CODEX_HOME/.tmp/marketplaces/NAME and refreshed by `upgrade`. Adding writes the config only once the
// marketplace has been read, so a bad source leaves nothing behind.
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { readTomlFile } from "../config/load.js";
import { userConfigPath, writeUserConfig } from "../config/config-write.js";
import { cloneRepo, gitUrlOf } from "./git.js";
import { PluginError } from "./manifest.js";
import { readMarketplace, type Marketplace } from "./marketplace.js";

export interface ConfiguredMarketplace {
  name: string;
  sourceType: "local" | "git";
  source: string;
  ref?: string;
  sparsePaths: string[];
  /** Where its files are: the folder itself, or the clone. */
  root: string;
}

function table(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function gitMarketplaceRoot(codexHome: string, name: string): string {
  return join(codexHome, ".tmp", "marketplaces", name);
}

export function configuredMarketplaces(codexHome: string): ConfiguredMarketplace[] {
  const toml = readTomlFile(userConfigPath(codexHome)) ?? {};
  const out: ConfiguredMarketplace[] = [];
  for (const [name, raw] of Object.entries(table(toml.marketplaces))) {
    const entry = table(raw);
    const source = typeof entry.source === "string" ? entry.source : undefined;
    if (source === undefined) continue;
    const git = entry.source_type === "git";
    out.push({
      name,
      sourceType: git ? "git" : "local",
      source,
      ...(typeof entry.ref === "string" ? { ref: entry.ref } : {}),
      sparsePaths: Array.isArray(entry.sparse_paths) ? entry.sparse_paths.map(String) : [],
      root: git ? gitMarketplaceRoot(codexHome, name) : source,
    });
  }
  return out;
}

/** Every configured marketplace that can be read, and the load errors of the others. */
export function loadMarketplaces(codexHome: string, extraRoots: readonly string[] = []) {
  const marketplaces: Marketplace[] = [];
  const errors: Array<{ marketplacePath: string; message: string }> = [];
  const roots = [...configuredMarketplaces(codexHome).map((m) => m.root), ...extraRoots];
  for (const root of roots) {
    try {
      const m = readMarketplace(root);
      if (!marketplaces.some((other) => other.name === m.name)) marketplaces.push(m);
    } catch (err) {
      errors.push({ marketplacePath: root, message: (err as Error).message });
    }
  }
  return { marketplaces, errors };
}

export function findMarketplace(codexHome: string, name: string): Marketplace | undefined {
  return loadMarketplaces(codexHome).marketplaces.find((m) => m.name === name);
}

export interface AddMarketplaceResult {
  marketplaceName: string;
  installedRoot: string;
  alreadyAdded: boolean;
}

export async function addMarketplace(
  codexHome: string,
  source: string,
  options: { ref?: string; sparsePaths?: string[]; cwd?: string } = {},
): Promise<AddMarketplaceResult> {
  const local = resolve(options.cwd ?? process.cwd(), source);
  if (existsSync(local)) {
    if (!statSync(local).isDirectory()) throw new PluginError(`marketplace source ${local} is not a folder`);
    const m = readMarketplace(local);
    const existing = configuredMarketplaces(codexHome).find((c) => c.name === m.name);
    if (existing && resolve(existing.root) === local)
      return { marketplaceName: m.name, installedRoot: local, alreadyAdded: true };
    if (existing) throw new PluginError(`marketplace \`${m.name}\` is already added from ${existing.source}`);
    writeUserConfig(codexHome, [
      {
        keyPath: `marketplaces.${m.name}`,
        value: { source_type: "local", source: local },
        mergeStrategy: "replace",
      },
    ]);
    return { marketplaceName: m.name, installedRoot: local, alreadyAdded: false };
  }
  const git = gitUrlOf(source);
  if (!git) {
    throw new PluginError(
      `invalid marketplace source \`${source}\`: expected owner/repo, a git URL, or a local marketplace path`,
    );
  }
  const ref = options.ref ?? git.ref;
  const sparsePaths = options.sparsePaths ?? [];
  const existing = configuredMarketplaces(codexHome).find(
    (c) => c.sourceType === "git" && c.source === git.url,
  );
  if (existing) return { marketplaceName: existing.name, installedRoot: existing.root, alreadyAdded: true };
  const staging = join(codexHome, ".tmp", "marketplaces", `.staging-${process.pid}-${Date.now()}`);
  mkdirSync(join(codexHome, ".tmp", "marketplaces"), { recursive: true });
  try {
    const revision = await cloneRepo(git.url, staging, {
      ...(ref !== undefined ? { ref } : {}),
      sparsePaths,
    });
    const m = readMarketplace(staging);
    if (configuredMarketplaces(codexHome).some((c) => c.name === m.name)) {
      throw new PluginError(`marketplace \`${m.name}\` is already added`);
    }
    const root = gitMarketplaceRoot(codexHome, m.name);
    rmSync(root, { recursive: true, force: true });
    renameSync(staging, root);
    writeUserConfig(codexHome, [
      {
        keyPath: `marketplaces.${m.name}`,
        value: {
          source_type: "git",
          source: git.url,
          ...(ref !== undefined ? { ref } : {}),
          ...(sparsePaths.length > 0 ? { sparse_paths: sparsePaths } : {}),
          last_updated: new Date().toISOString(),
          last_revision: revision,
        },
        mergeStrategy: "replace",
      },
    ]);
    return { marketplaceName: m.name, installedRoot: root, alreadyAdded: false };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export function removeMarketplace(
  codexHome: string,
  name: string,
): { marketplaceName: string; installedRoot: string | null } {
  const entry = configuredMarketplaces(codexHome).find((c) => c.name === name);
  if (!entry) throw new PluginError(`marketplace \`${name}\` is not configured or installed`);
  writeUserConfig(codexHome, [{ keyPath: `marketplaces.${name}`, value: null, mergeStrategy: "replace" }]);
  if (entry.sourceType === "git") rmSync(entry.root, { recursive: true, force: true });
  return { marketplaceName: name, installedRoot: entry.sourceType === "git" ? null : entry.root };
}

export interface UpgradeMarketplacesResult {
  selectedMarketplaces: string[];
  upgradedRoots: string[];
  errors: Array<{ marketplaceName: string; message: string }>;
}

/** Re-clones git marketplaces (all, or `name`), swapping the new clone in only once it reads. */
export async function upgradeMarketplaces(
  codexHome: string,
  name?: string,
): Promise<UpgradeMarketplacesResult> {
  const gitOnes = configuredMarketplaces(codexHome).filter((c) => c.sourceType === "git");
  const selected = name === undefined ? gitOnes : gitOnes.filter((c) => c.name === name);
  if (name !== undefined && selected.length === 0) {
    throw new PluginError(`marketplace \`${name}\` is not configured as a Git marketplace`);
  }
  const result: UpgradeMarketplacesResult = {
    selectedMarketplaces: selected.map((s) => s.name),
    upgradedRoots: [],
    errors: [],
  };
  for (const m of selected) {
    const staging = `${m.root}.upgrade-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    try {
      const revision = await cloneRepo(m.source, staging, {
        ...(m.ref !== undefined ? { ref: m.ref } : {}),
        sparsePaths: m.sparsePaths,
      });
      const read = readMarketplace(staging);
      if (read.name !== m.name) {
        throw new PluginError(`marketplace name changed from \`${m.name}\` to \`${read.name}\``);
      }
      rmSync(m.root, { recursive: true, force: true });
      renameSync(staging, m.root);
      writeUserConfig(codexHome, [
        {
          keyPath: `marketplaces.${m.name}.last_updated`,
          value: new Date().toISOString(),
          mergeStrategy: "replace",
        },
        { keyPath: `marketplaces.${m.name}.last_revision`, value: revision, mergeStrategy: "replace" },
      ]);
      result.upgradedRoots.push(m.root);
    } catch (err) {
      result.errors.push({ marketplaceName: m.name, message: (err as Error).message });
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return result;
}
