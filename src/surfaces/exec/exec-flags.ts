// The flags of `codex-ts exec` (and `exec review`), as commander parses them in cli.ts.
import type { SharedFlags } from "../shared/cli-config.js";

export interface ExecFlags extends SharedFlags {
  json?: boolean;
  experimentalJson?: boolean;
  skipGitRepoCheck?: boolean;
  outputLastMessage?: string;
  outputSchema?: string;
  image?: string[];
  color?: string;
  threadSource?: string;
  /** The turn's `access_programs.cyber` (OpenAI provider only; refused by review). */
  cyberAccessProgram?: string;
}
