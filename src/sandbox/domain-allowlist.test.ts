import { describe, expect, it } from "vitest";
import { parseAllowlist } from "./domain-allowlist.js";

describe("parseAllowlist", () => {
  it("matches exact names and IP literals, in any case, with or without a trailing dot", () => {
    const list = parseAllowlist(["Example.com", "127.0.0.2", "[::1]"]);
    expect(list.allows("example.com")).toBe(true);
    expect(list.allows("EXAMPLE.COM.")).toBe(true);
    expect(list.allows("127.0.0.2")).toBe(true);
    expect(list.allows("::1")).toBe(true);
    expect(list.allows("127.0.0.3")).toBe(false);
    expect(list.allows("www.example.com")).toBe(false);
    expect(list.allows("example.com.evil.org")).toBe(false);
  });

  it("*.suffix matches subdomains only, and never a look-alike", () => {
    const list = parseAllowlist(["*.github.com"]);
    expect(list.allows("api.github.com")).toBe(true);
    expect(list.allows("a.b.github.com")).toBe(true);
    expect(list.allows("github.com")).toBe(false);
    expect(list.allows("evilgithub.com")).toBe(false);
  });

  it("an empty list allows nothing", () => {
    expect(parseAllowlist([]).allows("example.com")).toBe(false);
  });

  it("refuses entries that are not host names", () => {
    expect(() => parseAllowlist(["https://example.com"])).toThrow(/not a host name/);
    expect(() => parseAllowlist(["*"])).toThrow(/not a host name/);
    expect(() => parseAllowlist([""])).toThrow(/not a host name/);
  });
});
