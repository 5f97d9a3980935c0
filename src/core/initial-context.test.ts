import { describe, expect, it } from "vitest";
import { renderEnvironmentContext } from "./initial-context.js";

const base = {
  cwd: "/w",
  approvalPolicy: "on-request" as const,
  sandboxPolicy: { type: "read-only" as const },
  shell: "bash",
  now: new Date("2026-01-02T00:00:00Z"),
};

describe("renderEnvironmentContext", () => {
  it("tells the model what the permission profile denies and what alone it reads", () => {
    const text = renderEnvironmentContext({
      ...base,
      readDenial: { paths: ["/w/private"], globs: ["/w/**/*.env"], readableRoots: ["/usr", "/w"] },
    });
    expect(text).toContain(
      [
        "  <readable_roots>",
        "    <root>/usr</root>",
        "    <root>/w</root>",
        "  </readable_roots>",
        '  <denied_reads escalatable="false">',
        "    <path>/w/private</path>",
        "    <glob>/w/**/*.env</glob>",
        "  </denied_reads>",
      ].join("\n"),
    );
    // Left out with the other permission lines.
    expect(
      renderEnvironmentContext({ ...base, permissions: false, readDenial: { paths: ["/x"], globs: [] } }),
    ).not.toContain("denied_reads");
    expect(renderEnvironmentContext(base)).not.toMatch(/denied_reads|readable_roots/);
  });
});
