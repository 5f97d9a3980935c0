import { afterEach, describe, expect, it, vi } from "vitest";

describe("spawnPtyChild without node-pty", () => {
  afterEach(() => {
    vi.doUnmock("node-pty");
    vi.resetModules();
  });

  it("says that the optional package is missing", async () => {
    // node-pty is an optional dependency: an install where it failed to build must get a plain answer.
    vi.doMock("node-pty", () => {
      throw new Error("Cannot find package 'node-pty'");
    });
    const { spawnPtyChild } = await import("./spawn-pty-child.js");
    const listener = { onOutput: () => undefined, onFinished: () => undefined };
    const spec = { argv: ["true"], cwd: process.cwd(), env: { ...process.env } } as Parameters<
      typeof spawnPtyChild
    >[0];
    await expect(spawnPtyChild(spec, listener)).rejects.toThrow(/optional package node-pty/);
  });
});
