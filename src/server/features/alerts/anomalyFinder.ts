import type { DatasetConfig } from '../../../shared/config.gen.js';
import { formatValue } from '../../../shared/format/index.js';
import { columnDimension, indexDataset, type DatasetIndex } from '../../language/model/datasetIndex.js';
import { compileDatasetQuery } from '../../language/query/compileDatasetQuery.js';
import { prepareMeasureJoins } from '../../language/query/measureJoins.js';
import type { FilterCondition } from '../../language/query/dataRequest.js';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import { requireTenantKey } from '../../platform/warehouse/schema/tenantKey.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { MAX_ALERTS_PER_RULE, type AnomalyWatch } from './alertKinds.js';
import type { AlertRuleRow, NewAlert } from './alertRepo.js';
import { detectAnomalies, DEFAULT_ROBUST_Z } from './anomaly/detectAnomalies.js';
import type { DayVerdict } from './anomaly/robust.js';

/** Days read per member: 9 weeks, so 8 full weeks back from the newest day for the seasonal method. */
const HISTORY_DAYS = 63;

/** The rule's watch, when it names a measure and a column dimension of a dataset the config has. */
export function watchProblem(
  watch: AnomalyWatch,
  datasets: ReadonlyMap<string, DatasetConfig>,
): string | null {
  const config = datasets.get(watch.dataset);
  if (!config) return `Unknown dataset "${watch.dataset}"`;
  const ds = indexDataset(config);
  if (!ds.measures.has(watch.measure))
    return `Unknown measure "${watch.measure}" of dataset "${watch.dataset}"`;
  if (!columnDimension(ds, watch.by))
    return `Unknown column dimension "${watch.by}" of dataset "${watch.dataset}"`;
  if (!dateDimension(ds)) return `Dataset "${watch.dataset}" has no date dimension`;
  return null;
}

function dateDimension(ds: DatasetIndex): string | undefined {
  return ds.config.dimensions.find(
    (d) => d.kind === 'column' && d.column === ds.config.dateColumn && d.type === 'date',
  )?.id;
}

const dayOffset = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * An anomaly rule's alerts on the dataset's newest day: the measure per member of `by` per day
 * over the last 9 weeks (the screens' own compiler, the rule's channel as a filter), each member's
 * newest day judged by detectAnomalies; the most extreme first, at most the per-rule cap.
 */
export async function findAnomalies(
  wh: Warehouse,
  rule: AlertRuleRow,
  datasets: ReadonlyMap<string, DatasetConfig>,
): Promise<NewAlert[]> {
  const watch = rule.watch ? (JSON.parse(rule.watch) as AnomalyWatch) : null;
  if (!watch || watchProblem(watch, datasets)) return []; // the config moved on since the rule was saved
  const ds = indexDataset(datasets.get(watch.dataset)!);
  const date = dateDimension(ds)!;
  const table = ident(ds.config.table);
  const [top] = await wh.query<{ d: string | null }>(
    `SELECT CAST(MAX(${ident(ds.config.dateColumn)}) AS VARCHAR) AS d FROM ${table} WHERE ${ident(requireTenantKey(ds.config.table))} = $1`,
    [rule.group_id],
  );
  const latest = top?.d?.slice(0, 10);
  if (!latest) return [];
  const start = addDays(latest, 1 - HISTORY_DAYS);
  const conditions: FilterCondition[] =
    rule.channel_id !== null && columnDimension(ds, 'channel_id')
      ? [{ dimension: 'channel_id', op: 'in', values: [rule.channel_id] }]
      : [];
  const { sql, params } = compileDatasetQuery({
    dataset: ds,
    query: {
      kind: 'query',
      id: 'anomaly',
      endpoint: 'alerts/anomaly',
      groupBy: [watch.by, date],
      measures: [watch.measure],
    },
    request: { conditions, startDate: start, endDate: latest, limit: 1, offset: 0, sort: null },
    groupId: rule.group_id,
    dialect: wh.dialect,
    mode: 'all',
  });
  await prepareMeasureJoins(wh, ds, [watch.measure]);
  const byDim = columnDimension(ds, watch.by)!;
  const members = new Map<string, { name: string; series: number[] }>();
  for (const row of await wh.query<Record<string, unknown>>(sql, params)) {
    const key = String(row[watch.by]);
    const label = byDim.lookup ? row[byDim.lookup.labelColumn] : undefined;
    const member = members.get(key) ?? {
      name: typeof label === 'string' && label ? label : key,
      series: Array<number>(HISTORY_DAYS).fill(Number.NaN),
    };
    members.set(key, member);
    const value = row[watch.measure];
    const at = dayOffset(start, String(row[date]).slice(0, 10));
    if (at >= 0 && at < HISTORY_DAYS && value !== null && value !== undefined)
      member.series[at] = Number(value);
  }
  const measure = ds.measures.get(watch.measure)!;
  const found: { key: string; name: string; v: DayVerdict }[] = [];
  for (const [key, { name, series }] of members) {
    const v = detectAnomalies(series, rule.threshold ?? DEFAULT_ROBUST_Z).find(
      (d) => d.day === HISTORY_DAYS - 1,
    );
    if (v?.flagged) found.push({ key, name, v });
  }
  found.sort((a, b) => Math.abs(b.v.z) - Math.abs(a.v.z) || a.key.localeCompare(b.key));
  const show = (x: number) => formatValue(x, measure.format === 'text' ? 'plain' : measure.format);
  return found.slice(0, MAX_ALERTS_PER_RULE).map(({ key, name, v }) => ({
    groupId: rule.group_id,
    ruleId: rule.id,
    kind: rule.kind,
    dedupKey: `${rule.id}:${key}:${latest}`,
    title: `Anomaly: ${measure.label} of ${name}`,
    message:
      `${measure.label} of ${name} on ${latest}: ${show(v.actual)}, expected ${show(v.low)} to ${show(v.high)} ` +
      `(${v.method}; z ${v.z.toFixed(1)}).`,
    observedOn: latest,
  }));
}
