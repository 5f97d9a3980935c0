// A running app-server's thread/list sees rollouts another process wrote into the same CODEX_HOME after
// the server built its thread index (the real Codex sharing the home, or a copied-in session), and sees
// that process archive one.
import { execFileSync } from "node:child_process";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { archivedDir, rolloutPath } from "../../src/rollout/paths.js";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import { REAL_CODEX_FIXTURE } from "../support/rollout-files.js";

const app = useAppServer();

/** Runs a small script in a separate node process (another writer of the same home). */
function otherProcess(script: string, ...args: string[]): void {
  execFileSync(process.execPath, ["--input-type=module", "-e", script, ...args], { timeout: 10_000 });
}

const COPY = `import { copyFileSync, mkdirSync } from "node:fs";
const [from, to, dir] = process.argv.slice(1);
mkdirSync(dir, { recursive: true });
copyFileSync(from, to);`;
const MOVE = `import { mkdirSync, renameSync } from "node:fs";
const [from, to, dir] = process.argv.slice(1);
mkdirSync(dir, { recursive: true });
renameSync(from, to);`;

const ids = (page: Json) => (page.data as Json[]).map((t) => t.id);

describe("app-server thread index", () => {
  it("lists a rollout another process wrote after the index was built, and notices it being archived", async () => {
    const { home, client } = await app.start();
    expect(ids(await client.call("thread/list", {}))).toEqual([]); // builds the index

    const id = "01a2022c-4e14-7020-81d0-da7c0d084d6f";
    const path = rolloutPath(home.codexHome, id, new Date(2026, 10, 22, 7, 33, 7));
    otherProcess(COPY, REAL_CODEX_FIXTURE, path, dirname(path));
    const listed = await client.call("thread/list", {});
    expect(ids(listed)).toEqual([id]);
    expect((listed.data as Json[])[0]).toMatchObject({ preview: "say hi", cwd: "/tmp/obs" });

    const archived = join(archivedDir(home.codexHome), basename(path));
    otherProcess(MOVE, path, archived, dirname(archived));
    expect(ids(await client.call("thread/list", {}))).toEqual([]);
    expect(ids(await client.call("thread/list", { archived: true }))).toEqual([id]);
  });
});
