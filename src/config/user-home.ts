// $CODEX_HOME/config.toml as read by the parts that keep tables of their own there (installed plugins, skill
// toggles, hook trust). `--ignore-user-config` leaves the file out for them too, not only for the layers: a
// Config fits UserHome, so passing it instead of its codexHome carries the flag.
import { readTomlFile } from "./load.js";
import { userConfigPath } from "./config-write.js";

export interface UserConfigHome {
  codexHome: string;
  /** `--ignore-user-config`: the user's file reads as empty. */
  ignoreUserConfig?: boolean;
}

export type UserHome = string | UserConfigHome;

export function codexHomeOf(home: UserHome): string {
  return typeof home === "string" ? home : home.codexHome;
}

/** The user's config file as a table ({} when there is none, or when the run ignores it). */
export function readUserConfig(home: UserHome): Record<string, unknown> {
  if (typeof home !== "string" && home.ignoreUserConfig) return {};
  return readTomlFile(userConfigPath(codexHomeOf(home))) ?? {};
}
