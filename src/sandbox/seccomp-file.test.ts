import { readdirSync, readFileSync, rmSync } from "node:fs";
import { endianness } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { networkFilterBytes } from "./network-seccomp.js";
import { networkFilterFile, procFdPath, writeAnonymousFile } from "./seccomp-file.js";
import { scratchDir } from "../../test/support/scratch.js";

const dir = scratchDir("seccomp-file-test-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Linux only, like bwrap: /proc/<pid>/fd is how the sandbox wrapper reads the filter.
describe.runIf(process.platform === "linux")("writeAnonymousFile", () => {
  it.each([
    ["O_TMPFILE", false],
    ["create-then-unlink fallback", true],
  ])("%s: readable through /proc/<pid>/fd, with no name left behind", (_name, noTmpfile) => {
    const bytes = Buffer.from([1, 2, 3, 0, 255, 0, 7, 8]);
    const fd = writeAnonymousFile(bytes, { dir, noTmpfile });
    expect(readFileSync(procFdPath(fd))).toEqual(bytes);
    // Read twice: each open of the /proc link starts at offset 0.
    expect(readFileSync(procFdPath(fd))).toEqual(bytes);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe.runIf(process.platform === "linux")("networkFilterFile", () => {
  it("holds this machine's filter, prepared once per process", () => {
    const first = networkFilterFile();
    expect(networkFilterFile()).toBe(first);
    const bytes = networkFilterBytes(process.arch, endianness());
    if (bytes === undefined) {
      expect(first).toEqual({ reason: expect.stringMatching(/no seccomp syscall table/) as string });
      return;
    }
    if (!("path" in first)) throw new Error(first.reason);
    expect(first.path).toMatch(new RegExp(`^/proc/${process.pid}/fd/\\d+$`));
    expect(readFileSync(first.path)).toEqual(bytes);
  });
});
