import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { policyFromProfile } from "./permission-profiles.js";
import type { PermissionProfileToml } from "./schema.js";

const cwd = "/work/repo";
const policy = (name: string, profiles: Record<string, PermissionProfileToml> = {}) =>
  policyFromProfile(name, profiles, cwd);

describe("policyFromProfile", () => {
  it("maps the built-in profiles", () => {
    expect(policy(":read-only")).toEqual({ type: "read-only" });
    expect(policy(":danger-full-access")).toEqual({ type: "danger-full-access" });
    expect(policy(":workspace")).toMatchObject({
      type: "workspace-write",
      writable_roots: [],
      network_access: false,
      exclude_tmpdir_env_var: false,
      exclude_slash_tmp: false,
    });
  });

  it("extends a parent (the child wins), adds roots, sub-paths, ~ paths and allowed domains", () => {
    const profiles: Record<string, PermissionProfileToml> = {
      base: { filesystem: { ":workspace_roots": "write" }, network: { enabled: false } },
      dev: {
        extends: "base",
        workspace_roots: { "/work/lib": true, "/work/off": false },
        filesystem: { "~/cache": "write", ":workspace_roots": { ".": "write", build: "write" } },
        network: { enabled: true, domains: { "**.github.com": "allow", "evil.example": "deny" } },
      },
    };
    expect(policy("dev", profiles)).toEqual({
      type: "workspace-write",
      writable_roots: ["/work/lib", join(cwd, "build"), "/work/lib/build", join(homedir(), "cache")],
      network_access: true,
      allowed_domains: ["github.com", "*.github.com"],
      exclude_tmpdir_env_var: true,
      exclude_slash_tmp: true,
    });
  });

  it("refuses what the sandbox cannot enforce", () => {
    expect(() => policy("p", { p: { extends: "q" }, q: { extends: "p" } })).toThrow(
      /cycle detected: p -> q -> p/,
    );
    expect(() => policy("p", { p: { extends: "missing" } })).toThrow(/extends undefined profile `missing`/);
    expect(() => policy(":nope")).toThrow(/unknown built-in profile `:nope`/);
    expect(() => policy("p", { p: { network: { enabled: true } } })).toThrow(/without also allowing writes/);
    expect(() =>
      policy("p", {
        p: {
          filesystem: { ":workspace_roots": "write" },
          network: { enabled: true, domains: { "a.com": "deny" } },
        },
      }),
    ).toThrow(/cannot keep them from a "deny" domain \(a\.com\)/);
    // `**.evil.com` covers evil.com itself, which the allowed list reaches.
    expect(() =>
      policy("p", {
        p: {
          filesystem: { ":workspace_roots": "write" },
          network: { enabled: true, domains: { "evil.com": "allow", "**.evil.com": "deny" } },
        },
      }),
    ).toThrow(/"deny" domain \(evil\.com\)/);
    expect(() =>
      policy("p", {
        p: { filesystem: { ":workspace_roots": "write" }, network: { enabled: true, mode: "limited" } },
      }),
    ).toThrow(/network\.mode is not supported/);
    expect(() =>
      policy("p", { p: { filesystem: { ":workspace_roots": { ".": "write", ".devcontainer": "read" } } } }),
    ).toThrow(/cannot keep \/work\/repo\/\.devcontainer read-only inside the writable \/work\/repo/);
    expect(policy("p", { p: { filesystem: { ":workspace_roots": "write", "/etc": "read" } } })).toMatchObject(
      {
        type: "workspace-write",
      },
    );
  });
});
