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

  it("takes -c / --enable / --disable on `mcp` and on each of its commands, as Codex does", async () => {
    const home = makeHome("http://127.0.0.1:9/v1");
    const path = join(home.codexHome, "config.toml");
    const run = (...args: string[]) => runCli(["mcp", ...args], { env: home.env, cwd: home.cwd });
    const foo = ["-c", 'mcp_servers.foo.command="echo"'];

    // A server that only the override defines is listed and shown, the override given after or before the command.
    expect((await run("list", ...foo)).stdout).toMatch(/^foo\s+echo\s+-\s+-\s+enabled\s+Unsupported$/m);
    expect(JSON.parse((await run(...foo, "list", "--json")).stdout)).toMatchObject([{ name: "foo" }]);
    const get = await run(...foo, "get", "foo", "--json", "-c", 'mcp_servers.foo.args=["a"]');
    expect(JSON.parse(get.stdout)).toMatchObject({ transport: { command: "echo", args: ["a"] } });
    expect(
      await run("login", "foo", ...foo, "--enable", "apps", "--disable", "memories", "--no-browser"),
    ).toMatchObject({
      code: 1,
      stderr: "Error: OAuth login is only supported for streamable HTTP servers.\n",
    });
    const http = ["-c", 'mcp_servers.web.url="http://127.0.0.1:9/mcp"'];
    expect(await run("logout", "web", ...http)).toMatchObject({
      code: 0,
      stdout: "No OAuth credentials stored for 'web'.\n",
    });

    // add and remove edit the file alone: the override is not written, and one that is malformed is refused.
    expect((await run("add", "docs", "-c", 'model="o3"', "--", "npx", "docs")).code).toBe(0);
    const written = parse(readFileSync(path, "utf8"));
    expect(written.mcp_servers).toEqual({ docs: { command: "npx", args: ["docs"] } });
    expect(written.model).toBeUndefined();
    expect(await run("remove", "docs", "-c", "nokey")).toMatchObject({
      code: 1,
      stderr: "Error: invalid -c override 'nokey': expected key=value\n",
    });
    expect(await run("list", "--enable", "not-a-name")).toMatchObject({
      code: 1,
      stderr: "Error: invalid feature flag name 'not-a-name': letters, digits and '_' only\n",
    });
    expect((await run("remove", "docs", "--disable", "apps")).stdout).toBe(
      `Removed MCP server 'docs' from ${path}.\n`,
    );
  });
});
