// `codex-ts mcp list|get|add|remove`: the [mcp_servers] table of config.toml edited in place.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/cli.js";

describe("codex-ts mcp", () => {
  it("adds, lists, shows and removes servers, keeping the rest of config.toml", async () => {
    const home = makeHome("http://127.0.0.1:9/v1");
    const path = join(home.codexHome, "config.toml");
    writeFileSync(
      path,
      `# my settings\nmodel = "gpt-5.1-codex" # keep me\n\n[profiles.fast]\nmodel = "mini"\n`,
    );
    const run = (...args: string[]) => runCli(["mcp", ...args], { env: home.env, cwd: home.cwd });

    expect((await run("list")).stdout).toMatch(/^No MCP servers configured yet/);

    const added = await run(
      "add",
      "docs",
      "--env",
      "TOKEN=abc",
      "--",
      "npx",
      "-y",
      "docs-server",
      "--port",
      "0",
    );
    expect(added).toMatchObject({ code: 0, stdout: `Added MCP server 'docs' to ${path}.\n` });
    expect(
      (await run("add", "remote", "--url", "http://127.0.0.1:9/mcp", "--bearer-token-env-var", "RT")).code,
    ).toBe(0);

    const text = readFileSync(path, "utf8");
    expect(text.startsWith(`# my settings\nmodel = "gpt-5.1-codex" # keep me\n`)).toBe(true);
    expect(parse(text)).toEqual({
      model: "gpt-5.1-codex",
      profiles: { fast: { model: "mini" } },
      mcp_servers: {
        docs: { command: "npx", args: ["-y", "docs-server", "--port", "0"], env: { TOKEN: "abc" } },
        remote: { url: "http://127.0.0.1:9/mcp", bearer_token_env_var: "RT" },
      },
    });

    const list = await run("list");
    expect(list.stdout.split("\n")[0]).toMatch(/^Name\s+Command \/ URL\s+Args\s+Env\s+Status\s+Auth$/);
    expect(list.stdout).toMatch(/docs\s+npx\s+-y docs-server --port 0\s+TOKEN\s+enabled\s+Unsupported/);
    expect(list.stdout).not.toContain("abc");
    expect(list.stdout).toMatch(/remote\s+http:\/\/127.0.0.1:9\/mcp.*\s+enabled\s+Bearer token/);

    const get = await run("get", "remote", "--json");
    expect(JSON.parse(get.stdout)).toMatchObject({
      name: "remote",
      enabled: true,
      transport: { type: "streamable_http", url: "http://127.0.0.1:9/mcp", bearer_token_env_var: "RT" },
    });
    expect(await run("get", "nope")).toMatchObject({
      code: 1,
      stderr: "Error: no MCP server named 'nope'\n",
    });

    expect((await run("remove", "docs")).stdout).toBe(`Removed MCP server 'docs' from ${path}.\n`);
    expect(parse(readFileSync(path, "utf8")).mcp_servers).toEqual({
      remote: { url: "http://127.0.0.1:9/mcp", bearer_token_env_var: "RT" },
    });
    expect((await run("remove", "docs")).stdout).toMatch(/^No MCP server named 'docs'/);
  });

  it("refuses bad input with a message that says what to do", async () => {
    const home = makeHome("http://127.0.0.1:9/v1");
    const run = (...args: string[]) => runCli(["mcp", ...args], { env: home.env, cwd: home.cwd });
    expect(await run("add", "bad name", "--", "x")).toMatchObject({ code: 1 });
    expect((await run("add", "x")).stderr).toBe(
      "Error: give the server's command after --, or --url for an HTTP server\n",
    );
    expect((await run("add", "x", "--env", "NOVALUE", "--", "cmd")).stderr).toBe(
      "Error: --env expects KEY=VALUE, got 'NOVALUE'\n",
    );
  });
});
