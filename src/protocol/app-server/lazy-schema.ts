// A schema built on first use. The protocol's tables name several hundred zod schemas; building them all
// when the app-server loads its handlers made start-up allocate enough to start V8's concurrent marking
// around the first requests. Each schema of v2/ is declared through `lazySchema`, so a request builds only
// the schemas its own params and answer reach. The value stands for the schema it builds (same type,
// same identity for every user: a proxy forwarding every operation to the one built instance).

export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => {
      const value = Reflect.get(real(), key) as unknown;
      return value;
    },
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // Reported configurable: the proxy's own empty target cannot vouch for a non-configurable property.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
