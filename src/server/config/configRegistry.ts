/**
 * The validated config of the product (areas, screens, datasets), reloaded when files change.
 * Implemented by loadConfigRegistry(); an invalid edit keeps the last good config serving.
 */
export interface ConfigProblem {
  file: string;
  pointer: string;
  message: string;
}

export interface ConfigRegistry {
  /** Current snapshot; replaced atomically on a valid reload. */
  current(): ConfigSnapshot;
  /** Problems of the last reload attempt (empty when the current files are valid). */
  lastProblems(): readonly ConfigProblem[];
  close(): Promise<void>;
}

export interface ConfigSnapshot {
  readonly version: number;
  // Typed maps are added by the config-language owner (areas, screens, datasets, endpoints).
}
