// Before the tests: the system programs the suite uses for real. A missing one is installed when that can
// be done here (root with apt-get); otherwise the run stops at once with one message naming what to install,
// rather than failing dozens of tests one by one.
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

/** What the suite runs, the Debian package that brings it, and what it is for. */
const NEEDS = [
  { program: "git", pkg: "git", why: "repositories in tests" },
  { program: "bwrap", pkg: "bubblewrap", why: "the Linux sandbox" },
  { program: "rg", pkg: "ripgrep", why: "file listing" },
  { program: "tmux", pkg: "tmux", why: "terminal UI tests" },
  { program: "/usr/bin/time", pkg: "time", why: "peak memory in tests and benchmarks" },
  { program: "redis-server", pkg: "redis-server", why: "the fleet's queue" },
  { program: "/usr/bin/chromium", pkg: "chromium", why: "the web page's browser tests" },
];

/** @param {string} program */
function found(program) {
  if (program.startsWith("/")) {
    try {
      accessSync(program, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }
  return spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;
}

const missing = NEEDS.filter((need) => !found(need.program));
if (missing.length > 0) {
  const pkgs = [...new Set(missing.map((m) => m.pkg))];
  const canInstall = process.getuid?.() === 0 && found("apt-get");
  if (canInstall) {
    console.error(`preflight: installing ${pkgs.join(" ")} (${missing.map((m) => m.why).join(", ")})`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    try {
      execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
      execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...pkgs], {
        stdio: "inherit",
        env,
      });
    } catch {
      // Reported below with the rest.
    }
  }
  const still = NEEDS.filter((need) => !found(need.program));
  if (still.length > 0) {
    const names = [...new Set(still.map((m) => m.pkg))].join(" ");
    console.error(
      `preflight: the tests need ${still.map((m) => `${m.program} (${m.why})`).join(", ")}.\n` +
        `Install them first, e.g.: sudo apt-get install ${names}`,
    );
    process.exit(1);
  }
}
