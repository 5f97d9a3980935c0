import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { jwtProblem, type JwtRules } from "./ws-auth.js";

const secret = Buffer.from("0123456789abcdef0123456789abcdef");
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function sign(claims: unknown, alg = "HS256", key = secret): string {
  const head = b64({ alg, typ: "JWT" });
  const body = b64(claims);
  const sig = createHmac("sha256", key).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${sig}`;
}

const NOW = 1_800_000_000;
const rules: JwtRules = { secret, issuer: "iss1", audience: "aud1", skewSeconds: 30 };
const good = { iss: "iss1", aud: "aud1", exp: NOW + 100 };

describe("jwtProblem (Codex 0.169's answers, observed on its ws listener)", () => {
  it.each([
    ["a good token", sign(good), undefined],
    ["aud as a list holding the audience", sign({ ...good, aud: ["x", "aud1"] }), undefined],
    ["exp past, within the skew", sign({ ...good, exp: NOW - 29 }), undefined],
    ["nbf ahead, within the skew", sign({ ...good, nbf: NOW + 20 }), undefined],
    ["no exp", sign({ iss: "iss1", aud: "aud1" }), "invalid websocket jwt"],
    ["exp not a number", sign({ ...good, exp: String(NOW + 100) }), "invalid websocket jwt"],
    ["exp past the skew", sign({ ...good, exp: NOW - 31 }), "expired websocket jwt"],
    ["nbf ahead past the skew", sign({ ...good, nbf: NOW + 100 }), "websocket jwt is not valid yet"],
    ["another issuer", sign({ ...good, iss: "x" }), "websocket jwt issuer mismatch"],
    ["no issuer", sign({ aud: "aud1", exp: NOW + 100 }), "websocket jwt issuer mismatch"],
    ["another audience", sign({ ...good, aud: "x" }), "websocket jwt audience mismatch"],
    ["HS384 in the header", sign(good, "HS384"), "invalid websocket jwt"],
    ["alg none", sign(good, "none"), "invalid websocket jwt"],
    [
      "another key",
      sign(good, "HS256", Buffer.from("another-key-another-key-another-key")),
      "invalid websocket jwt",
    ],
    ["not a JWT", "abc", "invalid websocket jwt"],
    ["a signature with padding", `${sign(good)}=`, "invalid websocket jwt"],
    ["a signature with a character outside base64url", `${sign(good)}!`, "invalid websocket jwt"],
    [
      "a line break inside the signature",
      sign(good).replace(/(\.[^.]{4})([^.]*)$/, "$1\n$2"),
      "invalid websocket jwt",
    ],
    ["a body with padding", sign(good).replace(".", "=."), "invalid websocket jwt"],
  ])("%s", (_name, token, problem) => {
    expect(jwtProblem(token, rules, NOW)).toBe(problem);
  });

  it("without --ws-issuer and --ws-audience any iss and aud pass", () => {
    const open: JwtRules = { secret, skewSeconds: 30 };
    expect(jwtProblem(sign({ iss: "q", aud: "r", exp: NOW + 1 }), open, NOW)).toBeUndefined();
  });
});
