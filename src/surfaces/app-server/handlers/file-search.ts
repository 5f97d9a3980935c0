// The file search's handlers, a group of their own: an IDE's `@` search often comes right after its
// first thread list, and should not wait for the engine, tools and MCP code of on-demand.ts (~30 ms to
// load on a fresh server); these need only the files/ modules.
export { fuzzyFileSearch } from "./files.js";
export { fuzzySessionStart, fuzzySessionStop, fuzzySessionUpdate } from "./fuzzy-sessions.js";
