// Shared by the event mapper tests.
/**
 * An item without what Codex fills in on every item (its times; a user message's `clientId: null` and
 * empty `text_elements`; the null keys of NULL_KEYS), so the cases compare what the events made; app-server-item-fields.test.ts
 * covers those fields.
 */
/** Keys Codex sends as null on items of a kind when it has nothing (app-server-null-fields.test.ts). */
const NULL_KEYS: Record<string, string[]> = {
  agentMessage: ["moderation", "phase", "memoryCitation", "delivery", "questions"],
  commandExecution: ["pluginId", "scriptPath", "processId"],
};

export function bare(item: Record<string, unknown>): unknown {
  const { startedAtMs: _s, completedAtMs: _c, ...all } = item;
  const nullKeys = NULL_KEYS[String(all.type)] ?? [];
  const rest = Object.fromEntries(
    Object.entries(all).filter(([key, value]) => !(value === null && nullKeys.includes(key))),
  );
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
