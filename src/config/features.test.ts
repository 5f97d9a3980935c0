import { describe, expect, it } from "vitest";
import { canonicalFeature, featureOn, featureSetting } from "./features.js";

describe("featureSetting / featureOn", () => {
  it("reads booleans and `{ enabled }` tables; absent flags take the default", () => {
    expect(featureSetting({ features: { view_image: false } }, "view_image")).toBe(false);
    expect(featureSetting({ features: { multi_agent: { enabled: true } } }, "multi_agent")).toBe(true);
    expect(featureSetting({}, "view_image")).toBeUndefined();
    expect(featureOn({}, "shell_tool")).toBe(true);
    expect(featureOn({}, "multi_agent")).toBe(false);
  });

  it("the canonical key wins over an alias, and [features] over the top-level unified-exec key", () => {
    expect(featureSetting({ features: { collab: true } }, "multi_agent")).toBe(true);
    expect(featureSetting({ features: { collab: true, multi_agent: false } }, "multi_agent")).toBe(false);
    expect(featureSetting({ features: { web_search: true } }, "web_search_request")).toBe(true);
    expect(featureOn({ experimental_use_unified_exec_tool: false }, "unified_exec")).toBe(false);
    const both = { experimental_use_unified_exec_tool: false, features: { unified_exec: true } };
    expect(featureOn(both, "unified_exec")).toBe(true);
    const legacyInTable = { features: { experimental_use_unified_exec_tool: false } };
    expect(featureOn(legacyInTable, "unified_exec")).toBe(false);
  });
});

describe("canonicalFeature", () => {
  it("gives a flag itself, an older spelling its flag, and nothing for a name codex-ts does not act on", () => {
    expect(canonicalFeature("memories")).toBe("memories");
    expect(canonicalFeature("collab")).toBe("multi_agent");
    expect(canonicalFeature("web_search")).toBe("web_search_request");
    expect(canonicalFeature("experimental_use_unified_exec_tool")).toBe("unified_exec");
    expect(canonicalFeature("goals")).toBeUndefined();
    expect(canonicalFeature("toString")).toBeUndefined();
  });
});
