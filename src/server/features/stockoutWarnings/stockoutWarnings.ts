import type { LostSalesModel } from '../../../shared/config.gen.js';
import type { DatasetIndex } from '../../language/model/datasetIndex.js';
import type { FilterCondition } from '../../language/query/dataRequest.js';
import { whereClauses } from '../../language/query/filterSql.js';
import { ensureLostSalesTable, lostSalesTable } from '../../language/measures/lostSalesTable.js';
import { ident, SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import { TENANT_KEY, tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { daysUntilGone } from './theilSen.js';

/** Defaults of a dataset's stockoutWarning (schemas/dataset.schema.json). */
const DEFAULTS = { days: 5, warnWithinDays: 2 } as const;
/** Fewest observed days a slope is fitted from. */
const MIN_POINTS = 3;
const DAY_MS = 86_400_000;

export interface StockoutWarning {
  id: string;
  /** The listing's columns and the city's, with their lookups' labels (e.g. sku_name). */
  [column: string]: unknown;
  /** The dark-store shares fitted, oldest first, as "100% → 20%". */
  trend: string;
  share_now: number;
  /** Percentage points of stores lost a day (the Theil-Sen slope x 100, negative). */
  slope_pts: number;
  days_left: number;
  baseline_units: number | null;
  price: number | null;
  /** Baseline units a day x median in-stock price: the rupees a day the stock-out would cost. */
  rupees_per_day: number | null;
}

export interface WarningAnswer {
  /** The crawl days fitted, oldest first (the latest up to the period's end). */
  days: string[];
  rows: StockoutWarning[];
}

function lostSalesModel(ds: DatasetIndex): { model: LostSalesModel; days: number; within: number } {
  const decl = ds.config.stockoutWarning;
  const m = decl ? ds.measures.get(decl.lostSales) : undefined;
  // The config check guarantees both (checkStockSignals.ts); a dataset without them has no route.
  if (!decl || m?.kind !== 'lostSales')
    throw new Error(`dataset "${ds.config.id}" declares no stock-out warning`);
  return {
    model: m.model,
    days: decl.days ?? DEFAULTS.days,
    within: decl.warnWithinDays ?? DEFAULTS.warnWithinDays,
  };
}

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const pct = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Quick-commerce stock-out early warning (docs/metrics.md, Stock-out early warning): the listing-
 * cities with dark-store data under the filters, each one's share over the last `days` crawl days
 * up to `endDate` (in stock: its store share; out of stock or delisted: 0), a Theil-Sen line
 * through them, and the days until that line reaches 0 from the last day; those due within
 * `warnWithinDays` are warned, ranked by baseline rupees a day. A listing-city already out on the
 * last day (or not seen on it) is no warning: lost sales count it.
 */
export async function stockoutWarnings(
  wh: Warehouse,
  ds: DatasetIndex,
  scope: { groupId: number; conditions: readonly FilterCondition[]; endDate: string | null },
): Promise<WarningAnswer> {
  const { model, days: span, within } = lostSalesModel(ds);
  const s = model.stock;
  const cols = [...model.listing, model.city];
  const day = ident(s.dateColumn);
  const input = {
    groupId: scope.groupId,
    startDate: null,
    endDate: scope.endDate,
    conditions: scope.conditions,
  };

  const p = new SqlParams(wh.dialect);
  const found = await wh.query<{ d: string }>(
    `SELECT DISTINCT f.${day} AS d FROM ${ident(ds.config.table)} f
     WHERE ${whereClauses(ds, input, p).join(' AND ')} AND f.${ident(s.storeShare)} IS NOT NULL
     ORDER BY d DESC LIMIT ${span}`,
    p.values,
  );
  const days = found.map((r) => String(r.d)).reverse();
  if (days.length < MIN_POINTS) return { days, rows: [] };

  // Rows with stores, or not in stock (out and delisted rows carry no share: they count as 0).
  const q = new SqlParams(wh.dialect);
  const rows = await wh.query<Record<string, unknown>>(
    `SELECT ${cols.map((c) => `f.${ident(c)}`).join(', ')}, CAST(f.${day} AS VARCHAR) AS __day,
       CASE WHEN f.${ident(s.status)} = 1 THEN f.${ident(s.storeShare)} ELSE 0 END AS __share
     FROM ${ident(ds.config.table)} f
     WHERE ${whereClauses(ds, { ...input, startDate: days[0]! }, q).join(' AND ')}
       AND f.${day} IN (${q.list(days, 'DATE')})
       AND (f.${ident(s.stores)} > 0 OR f.${ident(s.status)} <> 1)`,
    q.values,
  );
  const first = dayNumber(days[0]!);
  const last = days[days.length - 1]!;
  const series = new Map<
    string,
    { keys: Record<string, unknown>; points: { x: number; y: number }[]; now: number | null; qc: boolean }
  >();
  for (const r of rows) {
    const key = cols.map((c) => String(r[c])).join('/');
    let e = series.get(key);
    if (!e)
      series.set(
        key,
        (e = { keys: Object.fromEntries(cols.map((c) => [c, r[c]])), points: [], now: null, qc: false }),
      );
    if (r.__share === null) continue;
    const y = Number(r.__share);
    e.points.push({ x: dayNumber(String(r.__day)) - first, y });
    if (String(r.__day) === last) e.now = y;
    // A listing-city is quick commerce when some row of it has stores (a share other than an out row's 0).
    e.qc ||= y > 0;
  }
  const warned: StockoutWarning[] = [];
  for (const [id, e] of series) {
    if (!e.qc || e.now === null || e.now <= 0 || e.points.length < MIN_POINTS) continue;
    e.points.sort((a, b) => a.x - b.x);
    const gone = daysUntilGone(e.points);
    if (gone === null || gone.days > within) continue;
    warned.push({
      id,
      ...e.keys,
      trend: e.points.map((pt) => pct(pt.y)).join(' → '),
      share_now: Math.round(e.now * 1000) / 10,
      slope_pts: Math.round(gone.slope * 1000) / 10,
      days_left: Math.round(gone.days * 10) / 10,
      baseline_units: null,
      price: null,
      rupees_per_day: null,
    });
  }
  await addBaselines(wh, model, scope.groupId, last, warned);
  await addLabels(wh, ds, scope.groupId, cols, warned);
  warned.sort(
    (a, b) =>
      (b.rupees_per_day ?? -1) - (a.rupees_per_day ?? -1) ||
      a.days_left - b.days_left ||
      a.id.localeCompare(b.id),
  );
  return { days, rows: warned };
}

/**
 * Each warned listing's baseline units a day and median in-stock price: the lost-sales table's
 * latest listing-day with a baseline on or before the last day (lostSalesTable.ts), 28 days back
 * at most. No baseline there: "not enough history", ranked last.
 */
async function addBaselines(
  wh: Warehouse,
  model: LostSalesModel,
  groupId: number,
  last: string,
  warned: StockoutWarning[],
): Promise<void> {
  if (warned.length === 0) return;
  await ensureLostSalesTable(wh, model);
  const p = new SqlParams(wh.dialect);
  const L = model.listing.map((c) => ident(c));
  const rows = await wh.query<Record<string, unknown>>(
    `SELECT ${L.join(', ')}, __baseline, __price FROM (
       SELECT ${L.join(', ')}, __baseline, __price,
         ROW_NUMBER() OVER (PARTITION BY ${L.join(', ')} ORDER BY __day DESC) AS __n
       FROM ${ident(lostSalesTable(model))}
       WHERE ${ident(TENANT_KEY)} = ${p.add(groupId)} AND __baseline IS NOT NULL AND __price IS NOT NULL
         AND __day <= ${p.date(last)} AND __day > ${p.date(last)} - 28
     ) b WHERE __n = 1`,
    p.values,
  );
  const byListing = new Map(rows.map((r) => [model.listing.map((c) => String(r[c])).join('/'), r]));
  for (const w of warned) {
    const b = byListing.get(model.listing.map((c) => String(w[c])).join('/'));
    if (!b) continue;
    w.baseline_units = Math.round(Number(b.__baseline) * 100) / 100;
    w.price = Math.round(Number(b.__price) * 100) / 100;
    w.rupees_per_day = Math.round(Number(b.__baseline) * Number(b.__price) * 100) / 100;
  }
}

/** The lookups' labels of the listing and city columns (sku_name, channel_name, city_name). */
async function addLabels(
  wh: Warehouse,
  ds: DatasetIndex,
  groupId: number,
  cols: readonly string[],
  warned: StockoutWarning[],
): Promise<void> {
  for (const c of cols) {
    const dim = [...ds.dimensions.values()].find((d) => d.kind === 'column' && d.column === c);
    const lookup = dim?.kind === 'column' ? dim.lookup : undefined;
    const ids = [...new Set(warned.map((w) => w[c]))];
    if (!lookup || ids.length === 0) continue;
    const p = new SqlParams(wh.dialect);
    const key = tenantKeyOf(lookup.table);
    const tenant = key ? ` AND ${ident(key)} = ${p.add(groupId)}` : '';
    const rows = await wh.query<Record<string, unknown>>(
      `SELECT ${ident(lookup.key)} AS k, ${ident(lookup.labelColumn)} AS v FROM ${ident(lookup.table)}
       WHERE ${ident(lookup.key)} IN (${p.list(ids)})${tenant}`,
      p.values,
    );
    const names = new Map(rows.map((r) => [String(r.k), r.v]));
    for (const w of warned) w[lookup.labelColumn] = names.get(String(w[c])) ?? String(w[c]);
  }
}
