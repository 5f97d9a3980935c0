// Items a user (or client) sends to start a turn.
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

export const UserInputItem = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("text"),
      text: z.string(),
      text_elements: z.array(z.unknown()).optional(),
    }),
    z.object({ type: z.literal("image"), image_url: z.string() }),
    z.object({ type: z.literal("local_image"), path: z.string() }),
    z.object({ type: z.literal("skill"), name: z.string(), path: z.string() }),
    z.object({ type: z.literal("mention"), name: z.string(), path: z.string() }),
  ]),
);
export type UserInputItem = z.infer<typeof UserInputItem>;
