// Whether a parsed TOML value sets a key path: shared by the config judgement and the `features` editor.

/** True when every key of `keyPath` is present, one table inside the other (the last may hold any value). */
export function setsKey(value: unknown, keyPath: readonly string[]): boolean {
  let node = value;
  for (const key of keyPath) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}
