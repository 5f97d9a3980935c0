import { describe, expect, it } from "vitest";
import { buildCommandEnv, modelSecretsFrom, type ShellEnvironmentPolicyInput } from "./env-policy.js";
import { matchesGlob } from "./glob.js";

const PARENT = {
  PATH: "/usr/bin",
  HOME: "/home/me",
  LANG: "C.UTF-8",
  LC_ALL: "C",
  TERM: "xterm",
  EDITOR: "vim",
  OPENAI_API_KEY: "sk-1",
  github_token: "ghp",
  AWS_SECRET_ACCESS_KEY: "aws",
  MY_KEYRING: "k",
  NODE_ENV: "test",
};

describe("matchesGlob", () => {
  it.each([
    ["OPENAI_API_KEY", "*KEY*", true],
    ["openai_api_key", "*KEY*", true],
    ["PATH", "P?TH", true],
    ["PATH", "P?H", false],
    ["LC_ALL", "LC_*", true],
    ["XLC_ALL", "LC_*", false],
    ["A.B", "A?B", true],
    ["AxB", "A.B", false],
  ])("%s ~ %s → %s", (name, pattern, expected) => {
    expect(matchesGlob(name, pattern)).toBe(expected);
  });
});

describe("buildCommandEnv", () => {
  const cases: {
    name: string;
    policy: ShellEnvironmentPolicyInput | undefined;
    expected: Record<string, string>;
  }[] = [
    {
      name: "default: inherit all, drop KEY/SECRET/TOKEN names case-insensitively",
      policy: undefined,
      expected: {
        PATH: "/usr/bin",
        HOME: "/home/me",
        LANG: "C.UTF-8",
        LC_ALL: "C",
        TERM: "xterm",
        EDITOR: "vim",
        NODE_ENV: "test",
      },
    },
    {
      name: "ignore_default_excludes keeps credentials",
      policy: { ignore_default_excludes: true, include_only: ["*KEY*", "*TOKEN*"] },
      expected: {
        OPENAI_API_KEY: "sk-1",
        github_token: "ghp",
        AWS_SECRET_ACCESS_KEY: "aws",
        MY_KEYRING: "k",
      },
    },
    {
      name: "core keeps only the core set (LC_* included)",
      policy: { inherit: "core" },
      expected: { PATH: "/usr/bin", HOME: "/home/me", LANG: "C.UTF-8", LC_ALL: "C", TERM: "xterm" },
    },
    { name: "none starts empty", policy: { inherit: "none" }, expected: {} },
    {
      name: "none + set",
      policy: { inherit: "none", set: { CI: "1" } },
      expected: { CI: "1" },
    },
    {
      name: "exclude globs are case-insensitive",
      policy: { inherit: "core", exclude: ["lc_*", "t?rm"] },
      expected: { PATH: "/usr/bin", HOME: "/home/me", LANG: "C.UTF-8" },
    },
    {
      name: "set runs after excludes, so set can add a KEY back",
      policy: { inherit: "none", set: { MY_API_KEY: "explicit" } },
      expected: { MY_API_KEY: "explicit" },
    },
    {
      name: "set overrides inherited values",
      policy: { inherit: "core", set: { PATH: "/bin" }, include_only: ["PATH"] },
      expected: { PATH: "/bin" },
    },
    {
      name: "include_only runs last, even after set",
      policy: { set: { EXTRA: "x" }, include_only: ["PATH", "HOME"] },
      expected: { PATH: "/usr/bin", HOME: "/home/me" },
    },
    {
      name: "include_only cannot resurrect a default-excluded name",
      policy: { include_only: ["OPENAI_*", "PATH"] },
      expected: { PATH: "/usr/bin" },
    },
  ];
  it.each(cases)("$name", ({ policy, expected }) => {
    expect(buildCommandEnv(policy, PARENT)).toEqual(expected);
  });

  it("skips undefined values and does not mutate the parent env", () => {
    const parent: NodeJS.ProcessEnv = { A: "1", B: undefined };
    const env = buildCommandEnv({ set: { C: "3" } }, parent);
    expect(env).toEqual({ A: "1", C: "3" });
    expect(parent).toEqual({ A: "1", B: undefined });
  });

  it("drops PASSWORD and CREDENTIAL names by default", () => {
    const parent = { MY_PASSWORD: "p", DB_PASSWD: "q", GOOGLE_APPLICATION_CREDENTIALS: "/c.json", OK: "1" };
    expect(buildCommandEnv(undefined, parent)).toEqual({ OK: "1" });
  });

  it("never passes the model's API key, even when the policy would keep or set it", () => {
    const parent = { OPENAI_API_KEY: "sk-model-key-123", MY_PROVIDER_KEY: "pk-0000000000", PATH: "/bin" };
    const secrets = modelSecretsFrom(parent, "MY_PROVIDER_KEY");
    const policy = { ignore_default_excludes: true, set: { COPY: "sk-model-key-123" } };
    expect(buildCommandEnv(policy, parent, secrets)).toEqual({ PATH: "/bin" });
  });

  it("rejects a malformed policy with a precise error", () => {
    expect(() => buildCommandEnv({ inherit: "some" as "all" }, PARENT)).toThrow(/inherit/);
  });
});
