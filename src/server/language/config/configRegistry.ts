/**
 * The validated config of the product (areas, screens, datasets), reloaded when files change.
 * Implemented by loadConfigRegistry(); an invalid edit keeps the last good config serving.
 */
import type { AreaConfig, CaseRuleConfig, DatasetConfig, ScreenConfig } from '../../../shared/config.gen.js';
import type { StoredConfig } from './stored/storedConfig.js';

export interface ConfigProblem {
  /** Path relative to the screens folder, e.g. 'stock/kpi.screen.json'. */
  file: string;
  /** JSON pointer inside the file, e.g. '/filters/0/source'. */
  pointer: string;
  message: string;
  /** 1-based line and column of the pointer's node (or its nearest written ancestor) in `file`. */
  line?: number;
  column?: number;
  /** A warning is printed but does not refuse the config; absent means an error. */
  severity?: 'warning';
}

/** Where a generic data endpoint comes from: a query of a screen. */
export interface EndpointBinding {
  /** 'area/screen' */
  screenKey: string;
  queryId: string;
  /** True for the `{endpoint}/export` variant, answered as an xlsx file. */
  export?: boolean;
  /** Screens of areas extending this one's area that answer through it too; a call names its screen in screenName. */
  variants?: readonly string[];
}

export interface ConfigSnapshot {
  readonly version: number;
  /** by area id */
  readonly areas: ReadonlyMap<string, AreaConfig>;
  /** by 'area/screen' */
  readonly screens: ReadonlyMap<string, ScreenConfig>;
  /** by dataset id */
  readonly datasets: ReadonlyMap<string, DatasetConfig>;
  /** The action inbox's case kinds, by id (screens/cases/<id>.case.json) */
  readonly caseRules: ReadonlyMap<string, CaseRuleConfig>;
  /** by endpoint path without /api/v1/, e.g. 'stock/products/stats' */
  readonly endpoints: ReadonlyMap<string, EndpointBinding>;
}

export interface ConfigRegistry {
  /** Current snapshot; replaced atomically on a valid reload. */
  current(): ConfigSnapshot;
  /** Problems of the last reload attempt (empty when the current files are valid). */
  lastProblems(): readonly ConfigProblem[];
  close(): Promise<void>;
}

declare module '../../platform/deps.js' {
  interface Deps {
    config: ConfigRegistry;
    /** Edits and group overlays held in the store (docs/config-storage.md); absent in small test harnesses. */
    storedConfig?: StoredConfig;
  }
}
