import type { LostSalesModel } from '../../../shared/config.gen.js';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import { requireTenantKey, tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';

/** Defaults of the model's optional settings (docs/metrics.md, Lost sales). */
export const LOST_SALES_DEFAULTS = { availableShare: 0.8, historyDays: 28, lookbackDays: 91 } as const;
/** Fewest fully available days a baseline needs; also the same-weekday days that make it weekday-only. */
const MIN_DAYS = 3;

/** Which rows to compute: one tenant's (or every tenant's), from a day on (or all days). */
export interface LostSalesScope {
  groupId: number | null;
  from: string | null;
}

/** SQL of a stock row's part out (`s` the stock table's alias): 1 out or delisted, 1 - store share in stock. */
export function outSql(m: LostSalesModel, s: string): string {
  return `CASE WHEN ${s}.${ident(m.stock.status)} = 1 THEN COALESCE(1 - ${s}.${ident(m.stock.storeShare)}, 0) ELSE 1 END`;
}

/** SQL of a stock row's weight under a listing-day's scheme `weights` (`dm` the demand table's alias). */
export function weightSql(m: LostSalesModel, s: string, dm: string, weights: string): string {
  const demand = m.cityDemand ? `CAST(${dm}.${ident(m.cityDemand.column)} AS DOUBLE PRECISION)` : 'NULL';
  return `CASE ${weights} WHEN 'city demand' THEN ${demand} WHEN 'store counts' THEN CAST(${s}.${ident(m.stock.stores)} AS DOUBLE PRECISION) ELSE 1.0 END`;
}

/** `LEFT JOIN <city demand> dm ON ...` beside stock rows `s`, or '' when the model has none. */
export function demandJoinSql(m: LostSalesModel, s: string, dm: string, tenant: string): string {
  if (!m.cityDemand) return '';
  const key = tenantKeyOf(m.cityDemand.table);
  return ` LEFT JOIN ${ident(m.cityDemand.table)} ${dm} ON ${dm}.${ident(m.city)} = ${s}.${ident(m.city)}${
    key ? ` AND ${dm}.${ident(key)} = ${tenant}` : ''
  }`;
}

/**
 * The definition of lost sales' inputs, per tenant, listing and day (docs/metrics.md, Lost sales):
 * a SELECT of `group key, listing columns, __day, __weights, __w, __exposure, __baseline, __price`
 * for every listing-day with stock rows in the scope. `__w` is the listing-day's total weight under
 * its scheme `__weights`, `__exposure` its weighted share out; `__baseline` (units a day) and
 * `__price` (median in-stock price) are set on days with a city out, from other days only, so a
 * day's row never changes with the days asked about. One text for DuckDB and PostgreSQL:
 * percentile_cont ... WITHIN GROUP, FILTER, window sums, EXTRACT(DOW) and DATE - INTEGER are both's.
 * `add` binds a value and answers its placeholder.
 */
export function lostSalesRowsSql(
  m: LostSalesModel,
  scope: LostSalesScope,
  add: (v: unknown) => string,
): string {
  // The tenant key is one column name for every table (tenantKey.ts): the rows carry it as a key.
  const g = ident(requireTenantKey(m.stock.table));
  const L = [g, ...m.listing.map((c) => ident(c))];
  const on = (a: string, b: string) => L.map((c) => `${a}.${c} = ${b}.${c}`).join(' AND ');
  const keys = (a: string) => L.map((c) => `${a}.${c}`).join(', ');
  const listing = L.join(', ');
  const lookback = `CAST(${add(m.lookbackDays ?? LOST_SALES_DEFAULTS.lookbackDays)} AS INTEGER)`;
  const from = scope.from ? `CAST(${add(scope.from)} AS DATE)` : null;
  const tenant = scope.groupId === null ? null : add(scope.groupId);
  // History from `lookback` days before the first day computed (that day's baseline days).
  const where = (alias: string, table: string, column: string) => {
    const key = requireTenantKey(table);
    const parts = [
      ...(tenant ? [`${alias}.${ident(key)} = ${tenant}`] : []),
      ...(from ? [`${alias}.${ident(column)} >= ${from} - ${lookback}`] : []),
    ];
    return parts.length ? ` WHERE ${parts.join(' AND ')}` : '';
  };

  const s = m.stock;
  const share = `s.${ident(s.storeShare)}`;
  const full = `CAST(${add(m.availableShare ?? LOST_SALES_DEFAULTS.availableShare)} AS DOUBLE PRECISION)`;
  const out = outSql(m, 's');
  const stores = `CAST(s.${ident(s.stores)} AS DOUBLE PRECISION)`;
  const demand = m.cityDemand
    ? `CAST(dm.${ident(m.cityDemand.column)} AS DOUBLE PRECISION)`
    : 'CAST(NULL AS DOUBLE PRECISION)';
  const demandJoin = demandJoinSql(m, 's', 'dm', `s.${g}`);
  // Per listing-day: whether it was fully available, and its weights' totals by scheme. The
  // weights: city demand when every city has one, else store counts when every city has stores
  // (quick commerce), else equal. Exposure = sum(weight x out) / sum(weight) of that scheme.
  const day = `ls_day AS MATERIALIZED (
  SELECT ${keys('s')}, s.${ident(s.dateColumn)} AS __day,
    CASE WHEN COUNT(${demand}) = COUNT(*) AND MIN(${demand}) > 0 THEN 'city demand'
      WHEN MIN(${stores}) > 0 THEN 'store counts' ELSE 'equal' END AS __weights,
    MIN(CASE WHEN s.${ident(s.status)} = 1 AND COALESCE(${share}, 1) >= ${full} THEN 1 ELSE 0 END) AS __full,
    MAX(${out}) AS __any_out,
    SUM(${demand}) AS __w_demand, SUM(${demand} * ${out}) AS __x_demand,
    SUM(${stores}) AS __w_stores, SUM(${stores} * ${out}) AS __x_stores,
    CAST(COUNT(*) AS DOUBLE PRECISION) AS __w_equal, SUM(${out}) AS __x_equal
  FROM ${ident(s.table)} s${demandJoin}${where('s', s.table, s.dateColumn)}
  GROUP BY ${keys('s')}, s.${ident(s.dateColumn)}
)`;
  const sales = `ls_sales AS MATERIALIZED (
  SELECT ${keys('x')}, x.${ident(m.sales.dateColumn)} AS __day, CAST(SUM(x.${ident(m.sales.units)}) AS DOUBLE PRECISION) AS __units
  FROM ${ident(m.sales.table)} x${where('x', m.sales.table, m.sales.dateColumn)}
  GROUP BY ${keys('x')}, x.${ident(m.sales.dateColumn)}
)`;
  const price = `ls_price AS MATERIALIZED (
  SELECT ${keys('x')}, x.${ident(m.price.dateColumn)} AS __day,
    AVG(x.${ident(m.price.column)}) AS __price
  FROM ${ident(m.price.table)} x${where('x', m.price.table, m.price.dateColumn)}
  GROUP BY ${keys('x')}, x.${ident(m.price.dateColumn)}
)`;
  // Each day's count of fully available days up to it (a running sum): the baseline days of a day
  // are the full days numbered (before - N, before], found by a join on the listing, not a top-N.
  const seq = `ls_seq AS MATERIALIZED (
  SELECT ${listing}, __day, __full, __any_out,
    SUM(__full) OVER (PARTITION BY ${listing} ORDER BY __day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS __ord
  FROM ls_day
)`;
  // Fully available days with their sales: the only days a baseline is taken from, so a day out of
  // stock (whose sales fall by construction) never lowers it.
  const hist = `ls_hist AS MATERIALIZED (
  SELECT ${keys('d')}, d.__day, d.__ord, sa.__units, pr.__price
  FROM ls_seq d JOIN ls_sales sa ON ${on('sa', 'd')} AND sa.__day = d.__day
  LEFT JOIN ls_price pr ON ${on('pr', 'd')} AND pr.__day = d.__day
  WHERE d.__full = 1
)`;
  const need = `ls_need AS MATERIALIZED (
  SELECT ${listing}, __day, __ord - __full AS __before FROM ls_seq
  WHERE __any_out > 0${from ? ` AND __day >= ${from}` : ''}
)`;
  const history = add(m.historyDays ?? LOST_SALES_DEFAULTS.historyDays);
  const cand = `ls_cand AS MATERIALIZED (
  SELECT ${keys('n')}, n.__day, h.__units, h.__price,
    CASE WHEN EXTRACT(DOW FROM h.__day) = EXTRACT(DOW FROM n.__day) THEN 1 ELSE 0 END AS __same
  FROM ls_need n JOIN ls_hist h ON ${on('h', 'n')} AND h.__ord <= n.__before AND h.__ord > n.__before - ${history}
    AND h.__day >= n.__day - ${lookback}
)`;
  const median = (filter: string) =>
    `percentile_cont(0.5) WITHIN GROUP (ORDER BY __units)${filter ? ` FILTER (WHERE ${filter})` : ''}`;
  const min = add(MIN_DAYS);
  const base = `ls_base AS MATERIALIZED (
  SELECT ${listing}, __day,
    CASE WHEN COUNT(*) < ${min} THEN NULL
      WHEN SUM(__same) >= ${min} THEN ${median('__same = 1')}
      ELSE ${median('')} END AS __baseline,
    percentile_cont(0.5) WITHIN GROUP (ORDER BY __price) AS __price
  FROM ls_cand
  GROUP BY ${listing}, __day
)`;
  const chosen = (w: 'w' | 'x') =>
    `CASE d.__weights WHEN 'city demand' THEN d.__${w}_demand WHEN 'store counts' THEN d.__${w}_stores ELSE d.__${w}_equal END`;
  // Every step MATERIALIZED: PostgreSQL would otherwise inline a step used once and run it again
  // for each row of a nested loop.
  return `WITH ${[day, sales, price, seq, hist, need, cand, base].join(',\n')}
SELECT ${keys('d')}, d.__day, d.__weights, ${chosen('w')} AS __w, ${chosen('x')} / ${chosen('w')} AS __exposure,
  b.__baseline, b.__price
FROM ls_day d LEFT JOIN ls_base b ON ${on('b', 'd')} AND b.__day = d.__day${from ? `\nWHERE d.__day >= ${from}` : ''}`;
}
