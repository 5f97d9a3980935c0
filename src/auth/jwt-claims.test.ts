import { describe, expect, it } from "vitest";
import { decodeChatgptClaims } from "./jwt-claims.js";

const jwt = (claims: unknown) =>
  `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.s`;

describe("decodeChatgptClaims", () => {
  it("reads email, plan and account from id-token or access-token claims", () => {
    expect(
      decodeChatgptClaims(
        jwt({
          email: "a@b.c",
          "https://api.openai.com/auth": { chatgpt_plan_type: "plus", chatgpt_account_id: "acct" },
        }),
      ),
    ).toEqual({ email: "a@b.c", planType: "plus", accountId: "acct" });
    expect(decodeChatgptClaims(jwt({ "https://api.openai.com/profile": { email: "p@q.r" } }))).toEqual({
      email: "p@q.r",
    });
  });

  it("gives nothing for a token that is not a JWT", () => {
    expect(decodeChatgptClaims("opaque-token")).toEqual({});
    expect(decodeChatgptClaims("a.!!!.c")).toEqual({});
  });
});
