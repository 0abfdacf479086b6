import type { CaseRuleConfig, DatasetConfig } from '../../../shared/config.gen.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';

/** One factor of an opportunity: the factors of a case multiply to its rupees. */
export interface CaseFactor {
  label: string;
  value: number | null;
  format: 'plain' | 'currency';
}

/** A case a rule found in the warehouse, before the store reconciles it with the kept ones. */
export interface FoundCase {
  ruleId: string;
  /** Unique per group and rule: what the case is about. */
  subject: string;
  title: string;
  productId: number | null;
  channelId: number | null;
  /** Rupees at stake; null when a factor is unknown. */
  opportunity: number | null;
  /** What makes the opportunity: factors that multiply to it, and a line of context. */
  inputs: { factors: CaseFactor[]; note: string };
  /** Newest day of the facts the rule read. */
  observedOn: string;
}

/** The newest day of each fact table a rule reads, for one group (null: no rows). */
export type NewestDays = (table: string, column: string) => Promise<string | null>;

export interface FinderContext {
  wh: Warehouse;
  groupId: number;
  ruleId: string;
  rule: CaseRuleConfig;
  newest: NewestDays;
  datasets: ReadonlyMap<string, DatasetConfig>;
}

export type Row = Record<string, unknown>;
export const num = (v: unknown): number => Number(v ?? 0);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The product of factors, null when one is unknown. */
export function product(factors: readonly CaseFactor[]): number | null {
  let out = 1;
  for (const f of factors) {
    if (f.value === null || !Number.isFinite(f.value)) return null;
    out *= f.value;
  }
  return out;
}

/** `CAST($n AS DATE) - CAST($m AS INTEGER)`: a day `days` before a bound day, one text for both warehouses. */
export const daysBefore = (day: string, days: string) => `CAST(${day} AS DATE) - CAST(${days} AS INTEGER)`;
