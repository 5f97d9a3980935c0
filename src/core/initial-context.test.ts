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
  it("names a granular policy, and which approvals it asks and which it refuses without asking", () => {
    const text = renderEnvironmentContext({
      ...base,
      approvalPolicy: {
        granular: {
          sandbox_approval: false,
          rules: true,
          mcp_elicitations: true,
          skill_approval: false,
          request_permissions: false,
        },
      },
    });
    expect(text).toContain(
      "  <approval_policy>granular</approval_policy>\n" +
        "  <approvals_asked>rules, mcp_elicitations</approvals_asked>\n" +
        "  <approvals_refused_unasked>sandbox_approval, skill_approval, request_permissions</approvals_refused_unasked>\n",
    );
  });

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
