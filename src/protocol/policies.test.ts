import { describe, expect, it } from "vitest";
import { sandboxPolicyFromMode, withAllowedDomains } from "./policies.js";

describe("withAllowedDomains", () => {
  it("gives a workspace-write policy without a list the config's list", () => {
    const policy = sandboxPolicyFromMode("workspace-write", { network_access: true });
    expect(withAllowedDomains(policy, ["example.com"])).toMatchObject({
      network_access: true,
      allowed_domains: ["example.com"],
    });
  });

  it("keeps a policy's own list, and leaves other modes and a missing config list alone", () => {
    const own = sandboxPolicyFromMode("workspace-write", { allowed_domains: ["a.org"] });
    expect(withAllowedDomains(own, ["b.org"])).toEqual(own);
    expect(withAllowedDomains({ type: "read-only" }, ["b.org"])).toEqual({ type: "read-only" });
    const plain = sandboxPolicyFromMode("workspace-write");
    expect(withAllowedDomains(plain, undefined)).toEqual(plain);
  });
});
