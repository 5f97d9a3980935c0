// `initialize` with params that do not fit: each is refused with -32600, serde's words and the problem's
// path (the server checks these params before zod loads), the connection stays uninitialized, and a good
// `initialize` then succeeds; the methods after it are checked against their schemas as before. And
// `app-server` without arguments (served without building the command line) starts as with them.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useAppServer } from "../support/app-server-fixture.js";

const app = useAppServer();

const client = { name: "a", version: "1" };

/** Params sent (undefined: none) -> the error's message after "Invalid request: ", and its path. */
const CASES: Array<[params: unknown, text: string, path: string[]]> = [
  [undefined, "missing field `params`", []],
  [null, "missing field `params`", []],
  [5, "invalid type: integer `5`, expected a map", []],
  [[], "invalid type: sequence, expected a map", []],
  [{}, "missing field `clientInfo`", ["clientInfo"]],
  [{ clientInfo: "ide" }, 'invalid type: string "ide", expected a map', ["clientInfo"]],
  [{ clientInfo: { version: "1" } }, "missing field `name`", ["clientInfo", "name"]],
  [
    { clientInfo: { name: "a", version: 2 } },
    "invalid type: integer `2`, expected a string",
    ["clientInfo", "version"],
  ],
  [
    { clientInfo: { ...client, title: 7 } },
    "invalid type: integer `7`, expected a string",
    ["clientInfo", "title"],
  ],
  [{ clientInfo: client, capabilities: [] }, "invalid type: sequence, expected a map", ["capabilities"]],
  [
    { clientInfo: client, capabilities: { experimentalApi: "yes" } },
    'invalid type: string "yes", expected a boolean',
    ["capabilities", "experimentalApi"],
  ],
  [
    { clientInfo: client, capabilities: { optOutNotificationMethods: ["a", 3] } },
    "invalid type: integer `3`, expected a string",
    ["capabilities", "optOutNotificationMethods", "1"],
  ],
  // Two problems: the first in the schema's order is told.
  [
    { clientInfo: { name: 1 }, capabilities: 5 },
    "invalid type: integer `1`, expected a string",
    ["clientInfo", "name"],
  ],
];

describe("app-server: initialize's params", () => {
  it("refuses params that do not fit with -32600 and the problem's path, then accepts good ones", async () => {
    const { home } = await app.startModel();
    const server = await app.spawn(home, { initialize: false });
    for (const [n, [params, text, path]] of CASES.entries()) {
      const i = `bad-${n}`; // ids of its own, apart from the client's numbered requests
      server.sendRaw(
        params === undefined ? { id: i, method: "initialize" } : { id: i, method: "initialize", params },
      );
      const answer = await server.waitResponse(i, 20_000);
      expect(answer, JSON.stringify(params)).toEqual({
        id: i,
        error: { code: -32600, message: `Invalid request: ${text}`, data: { path } },
      });
    }
    const result = await server.initialize("after_refusals");
    expect(result).toMatchObject({ platformFamily: "unix", codexHome: home.codexHome });
    expect(result.userAgent).toMatch(/\(after_refusals; /);
    // The other methods' params go through their zod schemas, loaded after the handshake.
    const id = server.request("thread/list", { archived: "yes" }, { validate: false });
    expect(await server.waitResponse(id, 20_000)).toEqual({
      id,
      error: {
        code: -32600,
        message: 'Invalid request: invalid type: string "yes", expected a boolean',
        data: { path: ["archived"] },
      },
    });
  });

  it("starts alike with and without arguments: patch recovery first, then the handshake", async () => {
    const { home } = await app.startModel();
    const journals = join(home.codexHome, "patch-journal");
    mkdirSync(journals, { recursive: true });
    writeFileSync(join(journals, "x.json"), "{not json");
    for (const args of [[], ["--listen", "stdio://"]]) {
      const server = await app.spawn(home, { args, initialize: "with_args" });
      await server.close(); // all of stderr read
      expect(server.stderr, args.join(" ")).toMatch(
        /^codex-ts: could not read the patch journal .*x\.json .*left in place$/m,
      );
    }
  });
});
