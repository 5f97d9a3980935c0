import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { bareAppServerFlags } from "./bare-app-server.js";
import { registerServerCommands } from "./server-commands.js";

describe("bare app-server", () => {
  it("runs with the flags the command line gives `app-server` without arguments", async () => {
    const program = new Command().exitOverride();
    registerServerCommands(program);
    const appServer = program.commands.find((c) => c.name() === "app-server");
    let flags: unknown;
    appServer?.action((given: unknown) => void (flags = given));
    await program.parseAsync(["app-server"], { from: "user" });
    expect(flags).toEqual(bareAppServerFlags());
  });
});
