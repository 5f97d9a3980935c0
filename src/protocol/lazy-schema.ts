// A schema built on first use. Building a large zod union costs milliseconds at start-up (zod v4 runs
// every member's constructor and checks), and most commands never parse with most of them (`exec`'s
// first answer needs none of the Op/Event unions). The returned proxy has the schema's own type, so
// importers use it like the schema itself; the first property read builds it, once.
import type { z } from "zod";

export function lazySchema<T extends z.ZodType>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  // The target is never read: every trap answers from the built schema.
  return new Proxy({} as T, {
    get: (_target, prop) => {
      const real = schema();
      const value: unknown = Reflect.get(real, prop, real);
      return value;
    },
    set: (_target, prop, value) => Reflect.set(schema(), prop, value),
    has: (_target, prop) => Reflect.has(schema(), prop),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, prop) => {
      const desc = Reflect.getOwnPropertyDescriptor(schema(), prop);
      // A proxy may not report a property as non-configurable when its target lacks it.
      return desc ? { ...desc, configurable: true } : undefined;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
