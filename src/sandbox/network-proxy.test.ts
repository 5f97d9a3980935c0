// The proxy on its own, with real sockets: a client speaks HTTP proxy to its Unix socket.
import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseAllowlist } from "./domain-allowlist.js";
import { describeDenials, parseAuthority, startNetworkProxy, type NetworkProxy } from "./network-proxy.js";

let proxy: NetworkProxy | undefined;
let site: Server | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  site = undefined;
});

async function startSite(): Promise<number> {
  site = createServer((req, res) => res.end(`site saw ${req.method} ${req.url}`));
  await new Promise<void>((resolve) => site?.listen(0, "127.0.0.1", resolve));
  return (site.address() as AddressInfo).port;
}

/** Sends raw bytes to the proxy socket and collects everything until it closes (or `until` matches). */
function raw(socketPath: string, text: string, until?: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(socketPath);
    let got = "";
    s.on("data", (d: Buffer) => {
      got += d.toString();
      if (until?.test(got)) {
        s.destroy();
        resolve(got);
      }
    });
    s.on("close", () => resolve(got));
    s.on("error", reject);
    s.write(text);
  });
}

describe("network proxy", () => {
  it("tunnels CONNECT to an allowed host and refuses (403, recorded) the others", async () => {
    const port = await startSite();
    const denied: string[] = [];
    proxy = await startNetworkProxy({
      allowlist: parseAllowlist(["127.0.0.1"]),
      onDenied: (d) => denied.push(`${d.host}:${d.port}`),
    });
    const tunnel = await raw(
      proxy.socketPath,
      `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`,
      /site saw GET \/x/,
    );
    expect(tunnel).toMatch(/^HTTP\/1\.1 200 Connection Established/);
    const refused = await raw(proxy.socketPath, "CONNECT localhost:443 HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(refused).toMatch(/^HTTP\/1\.1 403 Forbidden[\s\S]*network access to localhost is not allowed/);
    expect(denied).toEqual(["localhost:443"]);
    expect(proxy.denials).toEqual([{ host: "localhost", port: 443 }]);
  });

  it("forwards a plain http:// request to an allowed host and refuses the others", async () => {
    const port = await startSite();
    proxy = await startNetworkProxy({ allowlist: parseAllowlist(["127.0.0.1"]) });
    const get = (url: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ socketPath: proxy?.socketPath, path: url }, (res) => {
          let body = "";
          res.on("data", (d: Buffer) => (body += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject).end();
      });
    expect(await get(`http://127.0.0.1:${port}/page?q=1`)).toEqual({
      status: 200,
      body: "site saw GET /page?q=1",
    });
    expect((await get("http://example.com/")).status).toBe(403);
    expect((await get("/not-a-proxy-request")).status).toBe(400);
    expect(proxy.denials).toEqual([{ host: "example.com", port: 80 }]);
  });

  it("answers 502 when an allowed host cannot be reached, and 400 to a bad CONNECT", async () => {
    proxy = await startNetworkProxy({ allowlist: parseAllowlist(["127.0.0.1"]) });
    // Port 1 on loopback: nothing listens there.
    expect(await raw(proxy.socketPath, "CONNECT 127.0.0.1:1 HTTP/1.1\r\n\r\n")).toMatch(/^HTTP\/1\.1 502/);
    expect(await raw(proxy.socketPath, "CONNECT nonsense HTTP/1.1\r\n\r\n")).toMatch(/^HTTP\/1\.1 400/);
    expect(proxy.denials).toEqual([]);
  });

  it("parses CONNECT authorities and describes denials once per host:port", () => {
    expect(parseAuthority("Example.COM:443")).toEqual({ host: "example.com", port: 443 });
    expect(parseAuthority("[::1]:8080")).toEqual({ host: "::1", port: 8080 });
    expect(parseAuthority("example.com")).toBeUndefined();
    expect(parseAuthority("example.com:70000")).toBeUndefined();
    expect(describeDenials([])).toBeUndefined();
    expect(
      describeDenials([
        { host: "a.org", port: 443 },
        { host: "a.org", port: 443 },
        { host: "b.org", port: 80 },
      ]),
    ).toMatch(/^network access denied by the sandbox \(not in allowed_domains\): a\.org:443, b\.org:80\./);
  });
});
