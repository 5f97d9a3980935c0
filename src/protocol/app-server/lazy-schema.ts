// A schema built on first use. The protocol's tables name several hundred zod schemas; building them all
// when the app-server loads its handlers made start-up allocate enough to start V8's concurrent marking
// around the first requests. Each schema of v2/ is declared through `lazySchema`, so a request builds only
// the schemas its own params and answer reach.
//
// The value is a proxy that becomes the schema itself: on first use the builder's result is taken as a
// model and its constructor is run again on the proxy with the same definition (what zod's own clone
// does), so the schema's internals refer to the one object every user holds (zod keys its JSON Schema
// walk and its parse caches by that identity).

interface ZodInternals {
  _zod: { def: unknown; constr: (this: object, def: unknown) => object };
}

export function lazySchema<T extends object>(build: () => T): T {
  const target = {} as T;
  let started = false;
  const ready = (): T => {
    if (started) return target;
    started = true;
    const model = build() as unknown as ZodInternals;
    const { constr, def } = model._zod;
    Object.setPrototypeOf(target, Object.getPrototypeOf(model) as object | null);
    constr.call(proxy, def);
    return target;
  };
  const proxy = new Proxy(target, {
    get: (_t, key, receiver) => Reflect.get(ready(), key, receiver) as unknown,
    set: (_t, key, value, receiver) => Reflect.set(ready(), key, value, receiver),
    has: (_t, key) => Reflect.has(ready(), key),
    ownKeys: () => Reflect.ownKeys(ready()),
    getOwnPropertyDescriptor: (_t, key) => Reflect.getOwnPropertyDescriptor(ready(), key),
    defineProperty: (_t, key, descriptor) => Reflect.defineProperty(ready(), key, descriptor),
    deleteProperty: (_t, key) => Reflect.deleteProperty(ready(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(ready()),
    setPrototypeOf: (_t, proto) => Reflect.setPrototypeOf(ready(), proto),
    isExtensible: () => Reflect.isExtensible(ready()),
    preventExtensions: () => Reflect.preventExtensions(ready()),
  });
  return proxy;
}
