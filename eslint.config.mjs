// Type-aware lint rules. Core may not import a surface; library code may not write to the console.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**", ".bench-tmp/**", ".dependency-cruiser.cjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "error",
    },
  },
  {
    files: [
      "src/core/**",
      "src/model/**",
      "src/tools/**",
      "src/sandbox/**",
      "src/rollout/**",
      "src/config/**",
      "src/auth/**",
      "src/protocol/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/surfaces/**", "**/cli", "**/cli.js", "**/cli/**"],
              message: "The engine must not import a surface.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/protocol/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../core/**", "../model/**", "../tools/**", "../surfaces/**", "node:*"],
              message: "protocol/ has no I/O and imports nothing of ours outside protocol/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Surfaces own stdout/stderr; tests, benchmarks and scripts may print.
    files: ["src/surfaces/**", "src/cli.ts", "src/cli/**", "test/**", "bench/**", "scripts/**"],
    rules: { "no-console": "off" },
  },
  {
    // The web page runs in a browser: its globals, not Node's.
    files: ["src/surfaces/web/page/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // vitest's asymmetric matchers (expect.stringMatching, expect.any) are typed `any`.
    files: ["**/*.test.ts", "**/*.test-support.ts", "test/**/*.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
);
