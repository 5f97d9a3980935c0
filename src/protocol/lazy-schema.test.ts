import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

describe("lazySchema", () => {
  it("builds the schema once, on first use, and then behaves as it", () => {
    let builds = 0;
    const Point = lazySchema(() => {
      builds++;
      return z.object({ x: z.number(), y: z.number() });
    });
    expect(builds).toBe(0);
    expect(Point.parse({ x: 1, y: 2 })).toEqual({ x: 1, y: 2 });
    expect(Point.safeParse({ x: "1" }).success).toBe(false);
    expect(Object.keys(Point.shape)).toEqual(["x", "y"]);
    expect(Point instanceof z.ZodObject).toBe(true);
    expect(builds).toBe(1);
  });

  it("works inside other schemas, unions and JSON Schema output alike", () => {
    const A = lazySchema(() => z.object({ type: z.literal("a"), n: z.number() }));
    const B = z.object({ type: z.literal("b") });
    const Either = lazySchema(() => z.discriminatedUnion("type", [A, B]));
    const Outer = z.object({ item: Either });
    expect(Outer.parse({ item: { type: "a", n: 3 } })).toEqual({ item: { type: "a", n: 3 } });
    expect(Outer.safeParse({ item: { type: "c" } }).success).toBe(false);
    const eager = z.object({
      item: z.discriminatedUnion("type", [z.object({ type: z.literal("a"), n: z.number() }), B]),
    });
    expect(z.toJSONSchema(Outer)).toEqual(z.toJSONSchema(eager));
  });
});
