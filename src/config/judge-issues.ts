// What the problems found in config files amount to once every layer is known: errors, or warnings.
import { ConfigError, describeIssue, type KeyIssue } from "./config-file.js";
import { setsKey } from "./key-path.js";
import { unknownConfigKeys } from "./known-keys.js";

/** What of a layer the judgement reads (load.ts's ConfigLayer fits). */
interface Layer {
  source: string;
  path?: string;
  value: Record<string, unknown>;
}

interface Warning {
  summary: string;
  path?: string;
}

/**
 * A bad value stops loading unless a layer above its file sets the same key (then it is only a warning, so
 * the file still gets fixed); unknown keys are warnings.
 */
export function judgeIssues(issues: KeyIssue[], layers: Layer[], strict: boolean): Warning[] {
  const warnings: Warning[] = [];
  for (const issue of issues) {
    const text = describeIssue(issue);
    if (issue.kind === "unknown" && strict) {
      const where = issue.line ? `${issue.file}:${issue.line}` : issue.file;
      throw new ConfigError(
        `${where}: unknown configuration field \`${issue.keyPath.join(".")}\` (--strict-config)`,
      );
    }
    if (issue.kind === "unknown") {
      warnings.push({ summary: text, path: issue.file });
      continue;
    }
    const own = layers.findIndex((layer) => layer.path === issue.file);
    const above = layers.slice(own + 1).find((layer) => setsKey(layer.value, issue.keyPath));
    if (!above) throw new ConfigError(`invalid config in ${text}`);
    warnings.push({
      summary: `invalid value ignored (set again by ${above.source}): ${text}`,
      path: issue.file,
    });
  }
  return warnings;
}

/** The `-c` keys nobody reads: warnings, or (`--strict-config`) an error naming the first. */
export function overrideKeyWarnings(overrides: Record<string, unknown>, strict: boolean): Warning[] {
  const unknown = unknownConfigKeys(overrides).map((path) => path.join("."));
  const [first] = unknown;
  if (strict && first !== undefined) {
    throw new ConfigError(`unknown configuration field \`${first}\` in -c/--config override`);
  }
  return unknown.map((key) => ({ summary: `-c/--config override: ${key}: unknown key, ignored` }));
}
