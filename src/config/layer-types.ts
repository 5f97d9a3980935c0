// The shapes of config layers, shared by the loader and the modules that read layers for it.

export interface ConfigLayer {
  /** "defaults", "system", "user", "project", "profile:NAME", "cli", "overrides" */
  source: string;
  path?: string;
  value: Record<string, unknown>;
}

/** A layer found but not applied: a project config in a folder that is not trusted. */
export interface DisabledConfigLayer extends ConfigLayer {
  disabledReason: string;
}

export interface ConfigWarning {
  summary: string;
  path?: string;
}
