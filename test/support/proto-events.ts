// Reading engine events out of a proto transcript, and tearing down a test's processes.
import { expect } from "vitest";
import type { JsonLinesProcess } from "./cli.js";
import type { startFakeModel } from "./fake-model.js";

export type EventMsgView = { type: string; [k: string]: unknown };
export type FakeModel = Awaited<ReturnType<typeof startFakeModel>>;

export const msgOf = (event: Record<string, unknown>): EventMsgView => event.msg as EventMsgView;

/** Matches an event of `type` (and of submission `id`, when given). */
export const isEvent =
  (type: string, id?: string) =>
  (event: Record<string, unknown>): boolean =>
    msgOf(event).type === type && (id === undefined || event.id === id);

/** Closes the proto process, checks the fake model saw only well-formed requests, closes it. */
export async function teardown(
  proto: JsonLinesProcess | undefined,
  model: FakeModel | undefined,
): Promise<void> {
  await proto?.close();
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
}
