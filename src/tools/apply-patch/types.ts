// The parsed shape of a Codex patch, shared by the parser, the planner and the tool.

/** One `@@` section of an Update File hunk: the lines to find and what replaces them. */
export interface UpdateChunk {
  /** `@@ header` lines seen before the chunk, outermost first; each is sought before the chunk. */
  contextHeaders: string[];
  /** Context and removed lines, in file order. */
  oldLines: string[];
  /** Context and added lines, in file order. */
  newLines: string[];
  /** `*** End of File` followed the chunk: it must sit at the end of the file. */
  isEndOfFile: boolean;
}

export interface AddFileHunk {
  kind: "add";
  path: string;
  /** The file's full text; every line ends with a newline. */
  contents: string;
}

export interface DeleteFileHunk {
  kind: "delete";
  path: string;
}

export interface UpdateFileHunk {
  kind: "update";
  path: string;
  movePath?: string;
  chunks: UpdateChunk[];
}

export type PatchHunk = AddFileHunk | DeleteFileHunk | UpdateFileHunk;

export interface ParsedPatch {
  hunks: PatchHunk[];
}

/** The patch text does not follow the format; the message names the line and what was expected. */
export class PatchParseError extends Error {
  override readonly name = "PatchParseError";
  constructor(
    message: string,
    /** 1-based line number in the text as the model sent it (0 when not tied to a line). */
    readonly lineNumber: number,
  ) {
    super(message);
  }
}

/** The patch is well formed but cannot be applied (missing lines, refused path, missing file). */
export class PatchApplyError extends Error {
  override readonly name = "PatchApplyError";
  constructor(
    message: string,
    /** The path as written in the patch, when the failure concerns one file. */
    readonly path?: string,
  ) {
    super(message);
  }
}
