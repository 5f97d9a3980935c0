import { describe, expect, it } from "vitest";
import { buildSeatbeltArgs, buildSeatbeltProfile, SANDBOX_EXEC_PATH } from "./seatbelt.js";

describe("buildSeatbeltProfile", () => {
  it("read-only: denies by default, allows reads, no write rule, no network", () => {
    const { profile, params } = buildSeatbeltProfile({
      writableRoots: [],
      readOnlySubpaths: [],
      networkAllowed: false,
    });
    expect(profile.startsWith("(version 1)\n")).toBe(true);
    expect(profile).toContain("(deny default)");
    expect(profile).toContain("(allow file-read*)");
    expect(profile).toContain("(allow process-exec)");
    expect(profile).not.toContain("(allow file-write*\n");
    expect(profile).not.toContain("network-outbound");
    expect(params).toEqual({});
  });

  it("workspace-write: one parameterised subpath per root, .git excluded from the root holding it", () => {
    const { profile, params } = buildSeatbeltProfile({
      writableRoots: ["/private/tmp", "/Users/me/ws"],
      readOnlySubpaths: ["/Users/me/ws/.git"],
      networkAllowed: false,
    });
    expect(params).toEqual({
      WRITABLE_ROOT_0: "/private/tmp",
      WRITABLE_ROOT_1: "/Users/me/ws",
      WRITABLE_ROOT_1_RO_0: "/Users/me/ws/.git",
    });
    expect(profile).toContain(
      [
        "(allow file-write*",
        '  (subpath (param "WRITABLE_ROOT_0"))',
        '  (require-all (subpath (param "WRITABLE_ROOT_1")) (require-not (subpath (param "WRITABLE_ROOT_1_RO_0")))))',
      ].join("\n"),
    );
    // Paths travel only as parameters, never inside the SBPL text.
    expect(profile).not.toContain("/Users/me");
  });

  it("a subpath inside nested roots is excluded from each of them", () => {
    const { params } = buildSeatbeltProfile({
      writableRoots: ["/a", "/a/b"],
      readOnlySubpaths: ["/a/b/.git"],
      networkAllowed: false,
    });
    expect(params).toMatchObject({ WRITABLE_ROOT_0_RO_0: "/a/b/.git", WRITABLE_ROOT_1_RO_0: "/a/b/.git" });
  });

  it("network allowed adds outbound, inbound and socket rules", () => {
    const { profile } = buildSeatbeltProfile({
      writableRoots: [],
      readOnlySubpaths: [],
      networkAllowed: true,
    });
    expect(profile).toContain("(allow network-outbound)");
    expect(profile).toContain("(allow network-inbound)");
    expect(profile).toContain("(allow system-socket)");
  });

  it("balances its parentheses", () => {
    const { profile } = buildSeatbeltProfile({
      writableRoots: ["/a", "/b"],
      readOnlySubpaths: ["/a/.git", "/b/.git"],
      networkAllowed: true,
    });
    const withoutStrings = profile.replace(/"[^"]*"/g, '""').replace(/;.*$/gm, "");
    let depth = 0;
    for (const ch of withoutStrings) {
      depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
  });
});

describe("buildSeatbeltArgs", () => {
  it("builds sandbox-exec -p <profile> -D... -- command", () => {
    const argv = buildSeatbeltArgs({
      command: ["git", "status"],
      writableRoots: ["/ws"],
      readOnlySubpaths: ["/ws/.git"],
      networkAllowed: false,
    });
    expect(argv[0]).toBe(SANDBOX_EXEC_PATH);
    expect(argv[1]).toBe("-p");
    expect(argv[2]).toContain("(deny default)");
    expect(argv.slice(3)).toEqual([
      "-DWRITABLE_ROOT_0=/ws",
      "-DWRITABLE_ROOT_0_RO_0=/ws/.git",
      "--",
      "git",
      "status",
    ]);
  });

  it("refuses an empty command", () => {
    expect(() =>
      buildSeatbeltArgs({ command: [], writableRoots: [], readOnlySubpaths: [], networkAllowed: false }),
    ).toThrow(/empty command/);
  });
});
