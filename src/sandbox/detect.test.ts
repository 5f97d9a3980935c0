import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detectBwrap, findExecutable, probeBwrap } from "./detect.js";

const dir = mkdtempSync(path.join(tmpdir(), "detect-test-"));
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
    fakeBwrap("bwrap", `printf '%s\\n' "$@" > '${argsFile}'`);
    const status = await probeBwrap({ env: { PATH: dir } });
    expect(status).toEqual({ available: true, path: path.join(dir, "bwrap") });
    const args = readFileSync(argsFile, "utf8").trim().split("\n");
    expect(args).toEqual(
      expect.arrayContaining(["--unshare-net", "--unshare-pid", "--cap-drop", "--", "true"]),
    );
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
