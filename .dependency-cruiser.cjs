// Layer order and "no cycles", checked in `npm run lint`. A layer may import its own layer and the layers
// below it, never one above. See docs/architecture.md ("Layers").
/** Lowest first. Each entry: a name and the path pattern of its modules under src/. */
const layers = [
  ["protocol", "^src/protocol/"],
  ["foundation", "^src/(model|auth|sandbox|rollout)/|^src/(version|native-helpers)\\.ts$"],
  ["config", "^src/(config|plugins)/"],
  ["core", "^src/(core|skills|files)/"],
  ["tools", "^src/tools/"],
  ["mcp", "^src/mcp/"],
  ["engine", "^src/engine/"],
  ["surfaces", "^src/surfaces/"],
  ["cli", "^src/cli(\\.ts$|/)"],
];

const layerRules = layers.slice(0, -1).map(([name, path], i) => ({
  name: `layer-${name}`,
  comment: `${name} must not import a layer above it (${layers
    .slice(i + 1)
    .map(([n]) => n)
    .join(", ")}).`,
  severity: "error",
  from: { path },
  to: {
    path: layers
      .slice(i + 1)
      .map(([, p]) => `(${p})`)
      .join("|"),
  },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "no-circular",
      comment:
        "Import cycles make load order fragile and layers meaningless; type-only ones count too, since a type names a design dependency.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports count: a type names a dependency on another module's design just as a value does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$" },
  },
};
