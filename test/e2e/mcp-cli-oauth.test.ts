// `codex-ts mcp login|logout` and `mcp add`'s OAuth options against an OAuth-protected MCP server made with
// the official SDK's server-side auth. The test plays the user: it reads the printed authorization URL,
// makes the authorization request itself (the server approves at once) and pastes the callback URL, or, in
// browser mode, is the browser (an `xdg-open` on PATH that fetches the URL).
import { waitForFile } from "../support/wait-for-file.js";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { parse } from "smol-toml";
import { afterEach, describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import { CLI, makeHome, runCli, type RunResult, type TestHome } from "../support/cli.js";
import { startMcpOAuthServer, type McpOAuthServer } from "../support/mcp-oauth-server.js";
import { TmuxSession } from "../support/tmux.js";
import { scratchDir } from "../support/scratch.js";

const app = useAppServer();
const servers: McpOAuthServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function oauthServer(): Promise<McpOAuthServer> {
  const mcp = await startMcpOAuthServer();
  servers.push(mcp);
  return mcp;
}

function homeWith(toml: string): TestHome {
  return makeHome("http://127.0.0.1:9/v1", toml);
}

function storedTokens(home: TestHome): Record<string, Json> {
  const path = join(home.codexHome, "mcp-oauth.json");
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Record<string, Json>) : {};
}

/** A port nobody listens on now (taken from the system, then let go). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Runs the CLI with stdin left open; `onUrl` gets the authorization URL once it is printed and returns
 * what to paste (or nothing). Bounded in time.
 */
function runInteractive(
  args: string[],
  env: NodeJS.ProcessEnv,
  onUrl: (url: URL) => Promise<string | undefined>,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let seen = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`codex-ts ${args.join(" ")} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, 30_000);
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
      const found = /^(https?:\/\/\S+\/authorize\?\S+)$/m.exec(stdout);
      if (!found || seen) return;
      seen = true;
      onUrl(new URL(found[1]!)).then(
        (paste) => paste !== undefined && child.stdin.write(`${paste}\n`),
        (err: unknown) => reject(err as Error),
      );
    });
    child.stdin.on("error", () => undefined);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The authorization request a browser would make; the server redirects at once: the callback URL. */
async function approve(url: URL): Promise<string> {
  const answer = await fetch(url, { redirect: "manual" });
  expect(answer.status).toBe(302);
  return answer.headers.get("location") ?? "";
}

/** A PATH whose `xdg-open` is a browser that follows the URL it is given and keeps the page it ends on. */
function browserPath(): { path: string; page: string } {
  const dir = scratchDir("codex-ts-browser-");
  const page = join(dir, "page.txt");
  const opener = join(dir, "xdg-open");
  writeFileSync(
    opener,
    `#!${process.execPath}\n` +
      // Written then renamed: the page exists only once it is whole (the CLI may exit before it is written).
      `const fs = require("node:fs");\n` +
      `fetch(process.argv[2]).then(async (r) => { fs.writeFileSync(${JSON.stringify(page + ".part")}, r.status + " " + (await r.text())); fs.renameSync(${JSON.stringify(page + ".part")}, ${JSON.stringify(page)}); });\n`,
  );
  chmodSync(opener, 0o755);
  return { path: `${dir}:${process.env.PATH ?? ""}`, page };
}

describe("codex-ts mcp login / logout", () => {
  it("--no-browser: the pasted callback URL signs in; the app-server then lists the server as OAuth; logout forgets it", async () => {
    const mcp = await oauthServer();
    const home = homeWith(`[mcp_servers.docs]\nurl = "${mcp.url}"\n`);
    let authorization: URL | undefined;
    const login = await runInteractive(
      ["mcp", "login", "docs", "--no-browser", "--scopes", "tools"],
      home.env,
      async (url) => {
        authorization = url;
        return approve(url);
      },
    );
    expect(login).toMatchObject({ code: 0 });
    // One discovery for the whole sign-in: the registration check, the authorization and the code exchange.
    expect(mcp.metadataRequests).toBe(1);
    expect(login.stdout).toContain("Authorize the MCP server by opening this URL in your browser:\n");
    expect(login.stdout).toContain("After signing in, copy the full URL from your browser's address bar.\n");
    expect(login.stdout.endsWith("Successfully logged in to MCP server 'docs'.\n")).toBe(true);
    expect(login.stderr).toContain("Callback URL: ");
    expect(authorization?.searchParams.get("scope")).toBe("tools");
    expect(authorization?.searchParams.get("code_challenge_method")).toBe("S256");
    // Codex's layout of the redirect: a loopback listener, a path of the server's own.
    const redirect = new URL(authorization?.searchParams.get("redirect_uri") ?? "");
    expect(redirect.hostname).toBe("127.0.0.1");
    expect(redirect.pathname).toMatch(/^\/callback\/[A-Za-z0-9_-]{12}$/);
    expect(mcp.registered).toHaveLength(1);
    expect((storedTokens(home)[mcp.url]!.tokens as Json).access_token).toBe(mcp.issued[0]);

    // Where the app-server's sign-in keeps tokens: mcpServerStatus/list tells the server is signed in.
    const c = await app.spawn(home);
    const listed = await c.call("mcpServerStatus/list", {});
    expect((listed.data as Json[]).map((s) => [s.name, s.authStatus])).toEqual([["docs", "oAuth"]]);

    const run = (...args: string[]) => runCli(["mcp", ...args], { env: home.env });
    expect((await run("list")).stdout).toMatch(/^docs\s+http:\S+\s+-\s+-\s+enabled\s+OAuth$/m);
    expect(JSON.parse((await run("list", "--json")).stdout)).toMatchObject([
      { name: "docs", auth_status: "o_auth" },
    ]);
    expect(await run("logout", "docs")).toMatchObject({
      code: 0,
      stdout: "Removed OAuth credentials for 'docs'.\n",
    });
    expect((await run("list")).stdout).toMatch(/^docs\s+http:\S+\s+-\s+-\s+enabled\s+Not logged in$/m);
    expect(storedTokens(home)[mcp.url]).toBeUndefined();
    expect(await run("logout", "docs")).toMatchObject({
      code: 0,
      stdout: "No OAuth credentials stored for 'docs'.\n",
    });
    const after = await c.call("mcpServerStatus/list", {});
    expect((after.data as Json[])[0]).toMatchObject({ name: "docs", authStatus: "notLoggedIn" });
  });

  it("on a terminal the pasted callback URL is not echoed, as Codex hides it", async () => {
    const mcp = await oauthServer();
    const home = homeWith(`[mcp_servers.docs]\nurl = "${mcp.url}"\n`);
    const term = TmuxSession.start({
      args: ["mcp", "login", "docs", "--no-browser"],
      env: home.env,
      cwd: home.cwd,
      width: 400,
      height: 30,
    });
    try {
      const screen = await term.waitFor("Callback URL (input hidden):");
      const url = /(http:\/\/\S+\/authorize\?\S+)/.exec(screen)?.[1] ?? "";
      const callback = await approve(new URL(url));
      term.type(callback);
      term.press("Enter");
      expect(await term.waitForExit()).toBe(0);
      const after = term.capture();
      expect(after).toContain("Successfully logged in to MCP server 'docs'.");
      expect(after).not.toContain(new URL(callback).searchParams.get("code") ?? "?");
    } finally {
      term.kill();
    }
    expect((storedTokens(home)[mcp.url]!.tokens as Json).access_token).toBe(mcp.issued[0]);
  });

  it("opens the browser, whose visit to the loopback listener finishes the sign-in", async () => {
    const mcp = await oauthServer();
    const home = homeWith(`[mcp_servers.docs]\nurl = "${mcp.url}"\n`);
    const browser = browserPath();
    const login = await runCli(["mcp", "login", "docs"], { env: { ...home.env, PATH: browser.path } });
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(
      /^Authorize `docs` by opening this URL in your browser:\nhttp:\/\/127\.0\.0\.1:\d+\/authorize\?\S+\n\nSuccessfully logged in to MCP server 'docs'\.\n$/,
    );
    // The browser (a process of its own) may write its page after the CLI is done.
    await waitForFile(browser.page, 10_000);
    expect(readFileSync(browser.page, "utf8")).toBe("200 Signed in to docs. You can close this tab.");
    expect((storedTokens(home)[mcp.url]!.tokens as Json).access_token).toBe(mcp.issued[0]);
  });

  it("a pasted URL that does not finish the sign-in is reported and the URL asked for again", async () => {
    const mcp = await oauthServer();
    const home = homeWith(`[mcp_servers.docs]\nurl = "${mcp.url}"\n`);
    const login = await runInteractive(["mcp", "login", "docs", "--no-browser"], home.env, async (url) => {
      const callback = await approve(url);
      const forged = new URL(callback);
      forged.searchParams.set("state", "forged");
      const elsewhere = new URL(callback);
      elsewhere.pathname = "/callback/other";
      return ["garbage", forged.toString(), elsewhere.toString(), callback].join("\n");
    });
    expect(login.code).toBe(0);
    expect(login.stderr).toMatch(
      /^Callback URL: Error: Invalid OAuth callback URL\nCallback URL: Error: This sign-in link is not the one expected\.\nCallback URL: Error: the callback URL does not match this sign-in's redirect URI http:\/\/127\.0\.0\.1:\d+\/callback\/\S+\nCallback URL: $/,
    );
    expect(login.stdout.endsWith("Successfully logged in to MCP server 'docs'.\n")).toBe(true);
    expect((storedTokens(home)[mcp.url]!.tokens as Json).access_token).toBe(mcp.issued[0]);
  });

  it("without a registration endpoint, dcr (and auto, which comes to it) fails with a clear error", async () => {
    const mcp = await startMcpOAuthServer({ dynamicRegistration: false });
    servers.push(mcp);
    const home = homeWith(`[mcp_servers.docs]\nurl = "${mcp.url}"\n`);
    const run = (...args: string[]) => runCli(["mcp", ...args], { env: home.env });
    const message =
      "Error: Dynamic client registration not supported: the authorization server advertises no registration " +
      "endpoint; register a client with the provider and set it as the server's oauth.client_id " +
      "(mcp add --oauth-client-id)\n";
    expect(await run("login", "docs", "--no-browser", "--oauth-client-registration", "dcr")).toMatchObject({
      code: 1,
      stdout: "",
      stderr: message,
    });
    expect(await run("login", "docs", "--no-browser")).toMatchObject({ code: 1, stderr: message });
    const added = await run("add", "other", "--url", mcp.url, "--oauth-client-registration", "dcr");
    expect(added).toMatchObject({ code: 1, stderr: message });
    expect(added.stdout).toContain("Detected OAuth support. Starting OAuth flow…\n");
    expect(mcp.authorizations).toEqual([]);
    expect(storedTokens(home)).toEqual({});
  });

  it("refuses what it cannot do with Codex's messages, and stores nothing", async () => {
    const mcp = await oauthServer();
    const home = homeWith(
      `[mcp_servers.docs]\nurl = "${mcp.url}"\n\n[mcp_servers.local]\ncommand = "true"\n\n` +
        `[mcp_servers.down]\nurl = "http://127.0.0.1:9/mcp"\n`,
    );
    const run = (...args: string[]) => runCli(["mcp", ...args], { env: home.env });
    expect(await run("login", "nope")).toMatchObject({
      code: 1,
      stderr: "Error: No MCP server named 'nope' found.\n",
    });
    expect(await run("login", "local")).toMatchObject({
      code: 1,
      stderr: "Error: OAuth login is only supported for streamable HTTP servers.\n",
    });
    expect(await run("logout", "nope")).toMatchObject({
      code: 1,
      stderr: "Error: No MCP server named 'nope' found in configuration.\n",
    });
    expect(await run("logout", "local")).toMatchObject({
      code: 1,
      stderr: "Error: OAuth logout is only supported for streamable_http transports.\n",
    });
    const down = await run("login", "down", "--no-browser");
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^Error: /);
    const cimd = await run("login", "docs", "--oauth-client-registration", "cimd");
    expect(cimd).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("client ID metadata documents (cimd) are not supported"),
    });
    expect((await run("login", "docs", "--oauth-client-registration", "xyz")).code).not.toBe(0);

    // No URL pasted (stdin ends), or only one that does not finish the sign-in: the sign-in stops.
    const closed = await run("login", "docs", "--no-browser");
    expect(closed).toMatchObject({ code: 1, stderr: expect.stringContaining("no callback URL was given") });
    const garbage = await runCli(["mcp", "login", "docs", "--no-browser"], {
      env: home.env,
      stdin: "garbage\n",
    });
    expect(garbage).toMatchObject({
      code: 1,
      stderr:
        "Callback URL: Error: Invalid OAuth callback URL\nCallback URL: Error: no callback URL was given (stdin closed)\n",
    });
    expect(mcp.issued).toEqual([]);
    expect(storedTokens(home)[mcp.url]?.tokens).toBeUndefined();
  });
});

describe("codex-ts mcp add --oauth-*", () => {
  it("writes a pre-registered client and resource as Codex does, and signs in with them at once", async () => {
    const mcp = await oauthServer();
    const port = await freePort();
    const home = homeWith(`mcp_oauth_callback_port = ${port}\n`);
    // The redirect URI `mcp add` prints, as Codex makes it (the first 9 bytes of the URL's SHA-256), is
    // registered with the provider beforehand, with the port fixed by mcp_oauth_callback_port.
    const suffix = createHash("sha256").update(mcp.url).digest().subarray(0, 9).toString("base64url");
    const callback = `http://127.0.0.1/callback/${suffix}`;
    const registered = new URL(callback);
    registered.port = String(port);
    const registration = (await (
      await fetch(new URL("/register", mcp.url), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          client_name: "pre-registered",
          redirect_uris: [registered.toString()],
          token_endpoint_auth_method: "client_secret_post",
        }),
      })
    ).json()) as { client_id: string; client_secret: string };

    const browser = browserPath();
    const added = await runCli(
      [
        "mcp",
        "add",
        "docs",
        "--url",
        mcp.url,
        "--oauth-client-id",
        registration.client_id,
        "--oauth-client-secret",
        registration.client_secret,
        "--oauth-resource",
        "https://api.example/v1",
        "--oauth-client-registration",
        "dcr",
      ],
      { env: { ...home.env, PATH: browser.path } },
    );
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(
      `OAuth callback URL: ${callback}\nDetected OAuth support. Starting OAuth flow…\n`,
    );
    expect(added.stdout.endsWith("Successfully logged in.\n")).toBe(true);
    // The probe that found OAuth support made the one discovery the sign-in used.
    expect(mcp.metadataRequests).toBe(1);
    const toml = parse(readFileSync(join(home.codexHome, "config.toml"), "utf8")) as {
      mcp_servers: Record<string, unknown>;
    };
    expect(toml.mcp_servers.docs).toEqual({
      url: mcp.url,
      oauth_resource: "https://api.example/v1",
      oauth: {
        client_id: registration.client_id,
        client_secret: registration.client_secret,
        callback_url: callback,
      },
    });
    // The configured client is used (no registration of another), with its secret and the resource.
    expect(mcp.registered).toHaveLength(1);
    const last = mcp.authorizations.at(-1);
    expect(last).toMatchObject({
      clientId: registration.client_id,
      redirectUri: registered.toString(),
      resource: "https://api.example/v1",
    });
    expect(mcp.exchanges.at(-1)).toEqual({
      clientId: registration.client_id,
      resource: "https://api.example/v1",
    });
    expect((storedTokens(home)[mcp.url]!.tokens as Json).access_token).toBe(mcp.issued.at(-1));

    // `mcp login` later signs in with the same configured client.
    const again = await runInteractive(["mcp", "login", "docs", "--no-browser"], home.env, approve);
    expect(again.code).toBe(0);
    expect(mcp.metadataRequests).toBe(2);
    expect(mcp.registered).toHaveLength(1);
    expect(mcp.authorizations.at(-1)?.clientId).toBe(registration.client_id);
  });

  it("a server added with a bearer token is not probed nor signed in to, even when it takes OAuth", async () => {
    const mcp = await oauthServer();
    const home = homeWith("");
    const browser = browserPath();
    const added = await runCli(
      ["mcp", "add", "docs", "--url", mcp.url, "--bearer-token-env-var", "DOCS_TOKEN"],
      {
        env: { ...home.env, PATH: browser.path },
      },
    );
    expect(added).toMatchObject({
      code: 0,
      stdout: `Added MCP server 'docs' to ${join(home.codexHome, "config.toml")}.\n`,
      stderr: "",
    });
    expect(existsSync(browser.page)).toBe(false);
    expect(mcp.registered).toEqual([]);
    expect(mcp.authorizations).toEqual([]);
    expect(storedTokens(home)[mcp.url]).toBeUndefined();
  });

  it("a config.toml that gets a client secret is made readable by its owner only, and says so", async () => {
    const home = homeWith("");
    const path = join(home.codexHome, "config.toml");
    chmodSync(path, 0o644);
    const run = (...args: string[]) => runCli(["mcp", ...args], { env: home.env });
    const down = "http://127.0.0.1:9/mcp";
    // No secret: the file keeps its mode.
    expect((await run("add", "plain", "--url", down, "--oauth-client-id", "c")).stderr).toBe("");
    expect(statSync(path).mode & 0o777).toBe(0o644);
    const added = await run(
      "add",
      "docs",
      "--url",
      down,
      "--oauth-client-id",
      "c",
      "--oauth-client-secret",
      "s3",
    );
    expect(added).toMatchObject({
      code: 0,
      stderr: `${path} now holds an OAuth client secret: its mode was changed from 0644 to 0600 so that only you can read it.\n`,
    });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8")).toContain('"s3"');
    // Already private: nothing to say.
    const again = await run(
      "add",
      "docs",
      "--url",
      down,
      "--oauth-client-id",
      "c",
      "--oauth-client-secret",
      "s4",
    );
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("an unreachable server gets a hint; bad OAuth options are refused before anything is written", async () => {
    const home = homeWith("");
    const run = (...args: string[]) => runCli(["mcp", ...args], { env: home.env });
    expect(await run("add", "later", "--url", "http://127.0.0.1:9/mcp")).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(
        "MCP server may or may not require login. Run `codex-ts mcp login later` to login.\n",
      ),
    });
    const refusals: Array<[string[], string]> = [
      [["--oauth-client-secret", "s"], "--oauth-client-secret needs --oauth-client-id"],
      [["--oauth-resource", "not a url"], "--oauth-resource expects an absolute URL"],
      [["--oauth-client-registration", "cimd"], "client ID metadata documents (cimd) are not supported"],
    ];
    for (const [flags, message] of refusals) {
      const refused = await run("add", "x", "--url", "http://127.0.0.1:9/mcp", ...flags);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining(message) });
    }
    expect(await run("add", "x", "--oauth-client-id", "c", "--", "server")).toMatchObject({
      code: 1,
      stderr: "Error: the --oauth-* options need --url (an HTTP server)\n",
    });
    const servers = (parse(readFileSync(join(home.codexHome, "config.toml"), "utf8")) as Json)
      .mcp_servers as Json;
    expect(Object.keys(servers)).toEqual(["later"]);
  });
});
