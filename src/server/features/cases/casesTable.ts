import type { ColumnType, Generated } from 'kysely';

export type CaseStatus = 'open' | 'snoozed' | 'done';

/**
 * A case of the action inbox (migration 520_cases): one per group, case kind (the rule's id) and
 * subject (listing, city or keyword), kept across loads so its owner, status and trend survive.
 */
export interface CasesTable {
  id: Generated<number>;
  group_id: number;
  /** The case kind: the id of its rule (screens/cases/<id>.case.json). */
  rule_id: string;
  /** What the case is about, e.g. `12:3:7` (product, channel, city); unique per group and kind. */
  subject: string;
  title: string;
  /** The opportunity's inputs as JSON (they multiply to it; docs/metrics.md, Action inbox). */
  inputs: string;
  product_id: number | null;
  channel_id: number | null;
  /** Rupees at stake; null when an input is unknown (not enough history). */
  opportunity: number | null;
  /** The opportunity of the evaluation before the last one that saw a newer day: the trend. */
  previous_opportunity: number | null;
  /** Newest day of the facts the last evaluation that found it read. */
  observed_on: string;
  /** Whether the last evaluation found its cause. */
  cause_present: ColumnType<boolean, boolean | undefined, boolean>;
  status: ColumnType<CaseStatus, CaseStatus | undefined, CaseStatus>;
  snoozed_until: string | null;
  owner_user_id: number | null;
  opened_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module '../../platform/store/storeDatabase.js' {
  interface StoreDatabase {
    cases: CasesTable;
  }
}
