// `codex sandbox` in Codex 0.169 reads the legacy `sandbox_mode` from the command line only (`-c`), and not
// at all when `-P` names a permission profile: the layers it reads, with `sandbox_mode` left out of the others.

interface Layer {
  /** "defaults", "system", "user", "project", "profile:NAME", "cli", "overrides" */
  source: string;
  value: Record<string, unknown>;
}

const FILE_LAYERS = new Set(["system", "user", "project"]);

/** "files": the config files' `sandbox_mode` is left out; "all": every layer's but the built-in default. */
export function withoutSandboxMode<L extends Layer>(layers: readonly L[], which: "files" | "all"): L[] {
  return layers.map((layer) => {
    const fromFile = FILE_LAYERS.has(layer.source) || layer.source.startsWith("profile:");
    if (layer.source === "defaults" || (which === "files" && !fromFile)) return layer;
    if (!("sandbox_mode" in layer.value)) return layer;
    const { sandbox_mode: _left, ...value } = layer.value;
    return { ...layer, value };
  });
}
