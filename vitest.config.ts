import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The run's temp folder is its own, and what a test leaves in it fails the run (test/support/temp-guard.ts);
    // each file's scratch folders are removed when it ends (test/support/scratch.ts).
    globalSetup: ["test/support/temp-guard.ts"],
    setupFiles: ["test/support/scratch-cleanup.ts"],
    // A backstop, not the measure: each wait inside a test has its own bound and message. Many tests chain
    // several CLI runs, which take many times longer on a loaded machine than on an idle one.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One file at a time, whatever CPU count the machine reports (vitest's default is that count minus one, and
    // a container may report its host's): each file already runs a CLI, the fake model and often tmux, chromium
    // or redis beside the runner, which keeps 2 cores busy; a second file at once only stretches every wait.
    // The whole suite takes about 13 minutes this way on 2 cores beside two busy loops.
    maxWorkers: 1,
    reporters: ["default"],
  },
});
