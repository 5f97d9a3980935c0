import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detectBwrap, findExecutable, probeBwrap } from "./detect.js";
import { scratchDir } from "../../test/support/scratch.js";

const dir = scratchDir("detect-test-");
/** Stands in for the filter: the wrapper only needs something it can open as fd 3. */
const filterFile = path.join(dir, "filter.bpf");
writeFileSync(filterFile, Buffer.alloc(8));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in `bwrap` that behaves like a broken one. */
function fakeBwrap(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe("probeBwrap", () => {
  it("not installed: says to install the bubblewrap package", async () => {
    const status = await probeBwrap({ bwrapPath: "bwrap", env: { PATH: path.join(dir, "empty") } });
    expect(status.available).toBe(false);
    expect(status.reason).toMatch(/not installed; install the bubblewrap package/);
  });

  it("namespaces denied: says so and quotes bwrap's own message", async () => {
    const bwrapPath = fakeBwrap(
      "bwrap-denied",
      'echo "bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2; exit 1',
    );
    const status = await probeBwrap({ bwrapPath });
    expect(status.available).toBe(false);
    expect(status.reason).toMatch(/cannot create its namespaces here/);
    expect(status.reason).toMatch(/No permissions to create new namespace/);
  });

  it("hangs: gives up after the timeout", async () => {
    const bwrapPath = fakeBwrap("bwrap-hangs", "exec sleep 30");
    const status = await probeBwrap({ bwrapPath, timeoutMs: 200 });
    expect(status).toEqual({
      available: false,
      reason: "bubblewrap (bwrap) did not finish its self-test within 200 ms",
    });
  });

  it("works: reports the absolute path it found on PATH and passes the real isolation flags", async () => {
    const argsFile = path.join(dir, "args.txt");
    fakeBwrap("bwrap", `printf '%s\\n' "$@" >> '${argsFile}'; echo --- >> '${argsFile}'`);
    const status = await probeBwrap({
      env: { PATH: dir },
      seccompFilter: () => ({ path: filterFile }),
      seccompNetworkOnFilter: () => ({ path: `${filterFile}-on` }),
    });
    expect(status).toEqual({
      available: true,
      path: path.join(dir, "bwrap"),
      seccompFilterPath: filterFile,
      seccompNetworkOnFilterPath: `${filterFile}-on`,
    });
    const [plain, filtered] = readFileSync(argsFile, "utf8").split("---\n");
    for (const run of [plain, filtered]) {
      expect(run?.trim().split("\n")).toEqual(
        expect.arrayContaining(["--unshare-net", "--unshare-pid", "--cap-drop", "--", "true"]),
      );
    }
    expect(plain).not.toContain("--seccomp");
    expect(filtered).toContain("--seccomp\n3\n");
  });

  it("a filter bwrap cannot load: still available, with the reason to warn about", async () => {
    const bwrapPath = fakeBwrap(
      "bwrap-no-seccomp",
      'case "$*" in *--seccomp*) echo "bwrap: prctl(PR_SET_SECCOMP) reported EINVAL" >&2; exit 1;; esac',
    );
    const status = await probeBwrap({ bwrapPath, seccompFilter: () => ({ path: filterFile }) });
    expect(status).toEqual({
      available: true,
      path: bwrapPath,
      seccompUnavailableReason:
        "bubblewrap could not load the seccomp filter (bwrap: prctl(PR_SET_SECCOMP) reported EINVAL)",
    });
  });

  it("no filter for this machine (e.g. another architecture): available, with the reason", async () => {
    const bwrapPath = fakeBwrap("bwrap-ok", "true");
    const status = await probeBwrap({ bwrapPath, seccompFilter: () => ({ reason: "no table for riscv64" }) });
    expect(status).toEqual({
      available: true,
      path: bwrapPath,
      seccompUnavailableReason: "no table for riscv64",
    });
  });

  it("the wrapper fails closed when the filter cannot be opened", async () => {
    const bwrapPath = fakeBwrap("bwrap-ok2", "true");
    const missing = path.join(dir, "no-such-filter");
    const status = await probeBwrap({ bwrapPath, seccompFilter: () => ({ path: missing }) });
    expect(status.seccompFilterPath).toBeUndefined();
    expect(status.seccompUnavailableReason).toMatch(/could not load the seccomp filter .*no-such-filter/);
  });
});

describe("findExecutable", () => {
  it("looks bare names up on PATH and checks explicit paths", () => {
    const file = fakeBwrap("tool", "true");
    expect(findExecutable("tool", { PATH: `/nonexistent${path.delimiter}${dir}` })).toBe(file);
    expect(findExecutable("tool", { PATH: "/nonexistent" })).toBeUndefined();
    expect(findExecutable(file, {})).toBe(file);
  });
});

describe("detectBwrap", () => {
  it("probes once and shares the answer", () => {
    const first = detectBwrap();
    expect(detectBwrap()).toBe(first);
    return first.then((status) => expect(typeof status.available).toBe("boolean"));
  });
});
