import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tmpdir } from "node:os";
import { escapeGlob, LINUX_PLATFORM_READ_ROOTS } from "../sandbox/read-denial.js";
import { permissionsFromProfile, policyFromProfile } from "./permission-profiles.js";
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
    ).toThrow(/network\.mode = "limited" is not supported by codex-ts's sandbox/);
    expect(() =>
      policy("p", { p: { filesystem: { ":workspace_roots": { ".": "write", ".devcontainer": "read" } } } }),
    ).toThrow(/cannot keep \/work\/repo\/\.devcontainer read-only inside the writable \/work\/repo/);
    expect(policy("p", { p: { filesystem: { ":workspace_roots": "write", "/etc": "read" } } })).toMatchObject(
      {
        type: "workspace-write",
      },
    );
  });

  it("denies paths and globs (deny or none), per workspace root too, and keeps the grants", () => {
    const out = permissionsFromProfile(
      "p",
      {
        p: {
          workspace_roots: { "/work/lib": true },
          filesystem: {
            ":root": "read",
            "~/.ssh": "deny",
            "/etc/shadow": "none",
            "/srv/**/*.key": "deny",
            glob_scan_max_depth: 4,
            "/opt/data/**": "write",
            ":workspace_roots": { ".": "write", "**/*.env": "deny", private: "none" },
          },
        },
      },
      cwd,
    );
    expect(out.policy).toMatchObject({ type: "workspace-write", writable_roots: ["/work/lib", "/opt/data"] });
    expect(out.readDenial).toEqual({
      paths: [join(homedir(), ".ssh"), "/etc/shadow", "/work/repo/private", "/work/lib/private"],
      globs: ["/srv/**/*.key", "/work/repo/**/*.env", "/work/lib/**/*.env"],
      globScanMaxDepth: 4,
    });
    expect(out.warnings).toEqual([]);
    // The built-in :workspace denies nothing; :slash_tmp alone makes /tmp writable.
    expect(permissionsFromProfile(":workspace", {}, cwd).readDenial).toBeUndefined();
    expect(
      policy("q", {
        q: { filesystem: { ":root": "read", ":workspace_roots": "write", ":slash_tmp": "write" } },
      }),
    ).toMatchObject({ exclude_slash_tmp: false, exclude_tmpdir_env_var: true });
    expect(policy("t", { t: { filesystem: { ":tmpdir": "deny" } } })).toEqual({ type: "read-only" });
    expect(
      permissionsFromProfile("t", { t: { filesystem: { ":tmpdir": "deny" } } }, cwd).readDenial?.paths,
    ).toEqual([tmpdir()]);
  });

  it("without `:root` read, reads only what the profile names (and :minimal's system folders)", () => {
    const out = permissionsFromProfile(
      "p",
      {
        p: {
          workspace_roots: { "/work/lib": true },
          filesystem: {
            ":minimal": "read",
            "/data": "read",
            ":workspace_roots": { ".": "write" },
          },
        },
      },
      cwd,
    );
    expect(out.readDenial?.readableRoots).toEqual([
      ...LINUX_PLATFORM_READ_ROOTS,
      "/data",
      "/work/repo",
      "/work/lib",
    ]);
    expect(permissionsFromProfile(":read-only", {}, cwd).readDenial).toBeUndefined();
    expect(
      permissionsFromProfile("r", { r: { filesystem: { ":root": "read" } } }, cwd).readDenial,
    ).toBeUndefined();
  });

  it("escapes the workspace root or home a deny glob starts from; only what was written is a pattern", () => {
    const out = permissionsFromProfile(
      "p",
      {
        p: {
          filesystem: { ":root": "read", "~/k[1]/*.pem": "deny", ":workspace_roots": { "*.env": "deny" } },
        },
      },
      "/w/app[2]",
    );
    expect(out.readDenial?.globs).toEqual([`${escapeGlob(homedir())}/k[1]/*.pem`, "/w/app\\[2\\]/*.env"]);
  });

  it("ignores an unknown special path with a warning, as Codex does", () => {
    const out = permissionsFromProfile(
      "p",
      { p: { filesystem: { ":root": "read", ":future": "write" } } },
      cwd,
    );
    expect(out.policy).toEqual({ type: "read-only" });
    expect(out.warnings).toEqual([
      "permissions profile `p`: filesystem path `:future` is not recognized by this version of codex-ts and will be ignored",
    ]);
  });

  it("refuses deny rules it cannot honour, with Codex's words where Codex refuses too", () => {
    const fs = (filesystem: PermissionProfileToml["filesystem"]) => () => policy("p", { p: { filesystem } });
    expect(fs({ ":root": "deny" })).toThrow(/:root = "deny": codex-ts's sandbox cannot run commands/);
    expect(fs({ ":workspace_roots": { "src/**/*.rs": "read" } })).toThrow(
      "filesystem glob path `src/**/*.rs` only supports `deny` access; use an exact path or trailing `/**` for `read` subtree access",
    );
    expect(fs({ ":workspace_roots": { "../up": "deny" } })).toThrow(
      "filesystem subpath `../up` must be a descendant path without `.` or `..` components",
    );
    expect(fs({ ":tmpdir": { x: "deny" } })).toThrow(
      "filesystem path `:tmpdir` does not support nested entries",
    );
    expect(fs({ "/**/*.env": "deny" })).toThrow(/cannot be safely expanded from a filesystem root without/);
    expect(fs({ ":root": "read", "/**/*.env": "deny", glob_scan_max_depth: 2 })).not.toThrow();
    // The most specific rule wins: a grant inside a denied folder would have to re-open it.
    expect(
      fs({ ":workspace_roots": { ".": "write", build: "deny" }, "/work/repo/build/out": "write" }),
    ).toThrow(/cannot open \/work\/repo\/build\/out inside the denied \/work\/repo\/build/);
    expect(fs({ "/home": "deny", ":workspace_roots": "write" })).not.toThrow();
    expect(fs({ "/work": "deny", ":workspace_roots": "write" })).toThrow(
      /cannot open \/work\/repo inside the denied \/work/,
    );
  });

  it("accepts Codex's proxy keys at the values codex-ts's proxy has, and names the key it cannot honour", () => {
    const net = (network: Record<string, unknown>) => () =>
      policy("p", {
        p: { filesystem: { ":workspace_roots": "write" }, network: { enabled: true, ...network } },
      });
    expect(
      net({
        mode: "full",
        enable_socks5: false,
        enable_socks5_udp: false,
        allow_upstream_proxy: false,
        dangerously_allow_non_loopback_proxy: false,
        dangerously_allow_all_unix_sockets: false,
        allow_local_binding: false,
        unix_sockets: { "/run/x.sock": "none" },
        mitm: { enabled: false },
        domains: { "example.com": "allow" },
      }),
    ).not.toThrow();
    expect(net({ enable_socks5: true })).toThrow(
      /network\.enable_socks5 = true is not supported .*no SOCKS5/,
    );
    expect(net({ proxy_url: "http://127.0.0.1:3128" })).toThrow(/network\.proxy_url is not supported/);
    expect(net({ unix_sockets: { "/var/run/docker.sock": "allow" } })).toThrow(
      /network\.unix_sockets\."\/var\/run\/docker\.sock" = "allow" is not supported/,
    );
    expect(net({ mitm: { enabled: true } })).toThrow(/network\.mitm is not supported/);
    expect(net({ allow_upstream_proxy: true })).toThrow(/network\.allow_upstream_proxy = true/);
    expect(net({ nonsense: 1 })).toThrow(/network\.nonsense is not supported/);
  });
});
