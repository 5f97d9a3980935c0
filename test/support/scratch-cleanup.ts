// A vitest setup file: every test file's scratch folders (test/support/scratch.ts) go when the file ends.
// Registered before the file's own hooks, this afterAll runs after them (vitest runs after-hooks as a
// stack), so the file has stopped its processes by then.
import { afterAll } from "vitest";
import { cleanUpScratch } from "./scratch.js";

afterAll(cleanUpScratch);
