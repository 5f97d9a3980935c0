import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // A backstop, not the measure: each wait inside a test has its own bound and message. Many tests chain
    // several CLI runs, which take many times longer on a loaded machine than on an idle one.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at once, whatever CPU count the machine reports: the suite's files mostly wait on the processes
    // they start (CLIs, tmux, chromium, redis), so two keep 2 cores busy; a container that reports its host's
    // CPUs would otherwise start a dozen at once on 2 cores and push every wait past its bound.
    maxWorkers: 2,
    reporters: ["default"],
  },
});
