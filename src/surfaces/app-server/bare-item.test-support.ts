// Shared by the event mapper tests.
/**
 * An item without what Codex fills in on every item (its times; a user message's `clientId: null` and
 * empty `text_elements`), so the cases compare what the events made; app-server-item-fields.test.ts
 * covers those fields.
 */
export function bare(item: Record<string, unknown>): unknown {
  const { startedAtMs: _s, completedAtMs: _c, ...rest } = item;
  if (rest.type !== "userMessage") return rest;
  const { clientId, content, ...others } = rest as {
    clientId?: unknown;
    content: Array<Record<string, unknown>>;
  };
  return {
    ...others,
    ...(clientId !== null && clientId !== undefined ? { clientId } : {}),
    content: content.map(({ text_elements, ...part }) =>
      Array.isArray(text_elements) && text_elements.length === 0 ? part : { ...part, text_elements },
    ),
  };
}
