import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // A backstop, not the measure: each wait inside a test has its own bound and message. Many tests chain
    // several CLI runs, which take many times longer on a loaded machine than on an idle one.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: ["default"],
  },
});
