import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

describe("lazySchema, the schema itself", () => {
  it("builds nothing until the schema is first used, then builds once", () => {
    let builds = 0;
    const Inner = lazySchema(() => {
      builds++;
      return z.object({ id: z.string(), count: z.number().optional() });
    });
    const Outer = lazySchema(() => z.object({ inner: Inner, tags: z.array(z.string()) }));
    expect(builds).toBe(0);
    expect(Outer.parse({ inner: { id: "a" }, tags: [] })).toEqual({ inner: { id: "a" }, tags: [] });
    expect(builds).toBe(1);
    expect(Inner.safeParse({ id: 1 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it("is the schema itself: its class, its shape and its methods", () => {
    const Lazy = lazySchema(() => z.object({ a: z.string() }));
    expect(Lazy instanceof z.ZodObject).toBe(true);
    expect(Object.keys(Lazy.shape)).toEqual(["a"]);
    expect(Lazy.extend({ b: z.number() }).parse({ a: "x", b: 1 })).toEqual({ a: "x", b: 1 });
    expect(Lazy.optional().parse(undefined)).toBeUndefined();
  });

  it("gives the same JSON Schema as the schema built at once", () => {
    const eager = () =>
      z.object({
        status: z.enum(["idle", "active"]).optional(),
        items: z.array(z.union([z.string(), z.number()])).default([]),
        note: z.string().nullable(),
      });
    const Lazy = lazySchema(eager);
    const Wrapper = lazySchema(() => z.object({ value: Lazy.optional(), other: Lazy }));
    for (const io of ["input", "output"] as const) {
      expect(z.toJSONSchema(Lazy, { io })).toEqual(z.toJSONSchema(eager(), { io }));
      const Eager = eager();
      expect(z.toJSONSchema(Wrapper, { io })).toEqual(
        z.toJSONSchema(z.object({ value: Eager.optional(), other: Eager }), { io }),
      );
    }
  });
});
