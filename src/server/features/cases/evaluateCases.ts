import type { CaseCondition, CaseRuleConfig, DatasetConfig } from '../../../shared/config.gen.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { FinderContext, FoundCase } from './foundCase.js';
import { stockOutCases } from './stockOutCases.js';
import { buyBoxCases } from './buyBoxCases.js';
import { priceAdCases } from './priceAdCases.js';
import { page1Cases } from './page1Cases.js';
import { contentCases } from './contentCases.js';
import { reviewCases } from './reviewCases.js';

type Finder<K extends CaseCondition['kind']> = (
  ctx: FinderContext,
  when: Extract<CaseCondition, { kind: K }>,
) => Promise<FoundCase[]>;

/** One finder per condition kind of schemas/caseRule.schema.json. */
const FINDERS: { [K in CaseCondition['kind']]: Finder<K> } = {
  stockOutSalesDown: stockOutCases,
  buyBoxLost: buyBoxCases,
  priceViolationAdSpend: priceAdCases,
  page1Drop: page1Cases,
  contentDrop: contentCases,
  lowStarReviews: reviewCases,
};

function find(ctx: FinderContext, when: CaseCondition): Promise<FoundCase[]> {
  return (FINDERS[when.kind] as Finder<typeof when.kind>)(ctx, when);
}

/**
 * The cases the group's facts hold under every enabled case rule of the config: pure reads of the
 * warehouse, each rule's SQL scoped to the group (the engine's, never the rule's). A rule reads
 * the newest day of its facts, so the cases are the last load's.
 */
export async function evaluateCases(
  wh: Warehouse,
  groupId: number,
  rules: ReadonlyMap<string, CaseRuleConfig>,
  datasets: ReadonlyMap<string, DatasetConfig>,
): Promise<FoundCase[]> {
  const days = new Map<string, Promise<string | null>>();
  const newest = (table: string, column: string) => {
    let d = days.get(table);
    if (!d) {
      d = wh
        .query<{ d: string | null }>(
          `SELECT CAST(MAX(${column}) AS VARCHAR) AS d FROM ${table} WHERE group_id = $1`,
          [groupId],
        )
        .then(([row]) => (row?.d ? String(row.d).slice(0, 10) : null));
      days.set(table, d);
    }
    return d;
  };
  const out: FoundCase[] = [];
  for (const [ruleId, rule] of rules) {
    if (rule.enabled === false) continue;
    out.push(...(await find({ wh, groupId, ruleId, rule, newest, datasets }, rule.when)));
  }
  return out;
}
