// A schema built on first use. Building a zod schema runs its constructor and checks, and the protocol
// declares several hundred: building them all at load made the app-server's start-up allocate enough to
// start V8's concurrent marking around its first requests, and `exec`'s first answer needs none of the
// Op/Event unions. The returned value has the schema's own type, so importers use it like the schema.
//
// It is a proxy that becomes the schema itself: on first use the builder's result serves as a model and
// its constructor runs again on the proxy with the same definition (what zod's own clone does), so the
// schema's internals refer to the one object every user holds (zod keys its JSON Schema walk by it).
import type { z } from "zod";

interface Model {
  _zod: { def: unknown; constr: (this: object, def: unknown) => object };
}

/** Targets not built yet -> their builder and proxy. One handler serves every lazy schema. */
const pending = new WeakMap<object, { build: () => object; proxy: object }>();

function ready(target: object): object {
  const entry = pending.get(target);
  if (!entry) return target;
  pending.delete(target); // first, so the constructor's own reads through the proxy reach the target
  const model = entry.build() as Model;
  Object.setPrototypeOf(target, Object.getPrototypeOf(model) as object | null);
  model._zod.constr.call(entry.proxy, model._zod.def);
  return target;
}

const handler: ProxyHandler<object> = {
  get: (t, key, receiver) => Reflect.get(ready(t), key, receiver) as unknown,
  set: (t, key, value, receiver) => Reflect.set(ready(t), key, value, receiver),
  has: (t, key) => Reflect.has(ready(t), key),
  ownKeys: (t) => Reflect.ownKeys(ready(t)),
  getOwnPropertyDescriptor: (t, key) => Reflect.getOwnPropertyDescriptor(ready(t), key),
  defineProperty: (t, key, descriptor) => Reflect.defineProperty(ready(t), key, descriptor),
  deleteProperty: (t, key) => Reflect.deleteProperty(ready(t), key),
  getPrototypeOf: (t) => Reflect.getPrototypeOf(ready(t)),
  setPrototypeOf: (t, proto) => Reflect.setPrototypeOf(ready(t), proto),
  isExtensible: (t) => Reflect.isExtensible(ready(t)),
  preventExtensions: (t) => Reflect.preventExtensions(ready(t)),
};

export function lazySchema<T extends z.core.$ZodType>(build: () => T): T {
  const target = {};
  const proxy = new Proxy(target, handler);
  pending.set(target, { build, proxy });
  return proxy as T;
}
