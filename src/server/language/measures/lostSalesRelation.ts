import type { LostSalesModel } from '../../../shared/config.gen.js';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import { requireTenantKey, tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';
import type { MeasureJoinContext } from './measureKind.js';

/** Defaults of the model's optional settings (docs/metrics.md, Lost sales). */
export const LOST_SALES_DEFAULTS = { availableShare: 0.8, historyDays: 28, lookbackDays: 91 } as const;
/** Fewest fully available days a baseline needs; also the same-weekday days that make it weekday-only. */
const MIN_DAYS = 3;

/** How the relation's rows meet the fact rows: per listing, city and day, or per listing and day. */
export interface LostSalesGrain {
  /** The fact rows are the stock observations themselves: each city row gets its city's part. */
  perCity: boolean;
  /** The fact rows' day column. */
  dateColumn: string;
}

/**
 * `LEFT JOIN (...) alias ON ...`: per listing-day (and city on the stock rows) its exposure, baseline
 * units a day, median in-stock price and the weights used. One text for DuckDB and PostgreSQL:
 * percentile_cont ... WITHIN GROUP, FILTER, window sums, EXTRACT(DOW) and DATE - INTEGER are both's.
 */
export function lostSalesJoin(
  m: LostSalesModel,
  grain: LostSalesGrain,
  alias: string,
  ctx: MeasureJoinContext,
): string {
  const { p, tenant } = ctx;
  const L = m.listing.map((c) => ident(c));
  const on = (a: string, b: string) => L.map((c) => `${a}.${c} = ${b}.${c}`).join(' AND ');
  const keys = (a: string) => L.map((c) => `${a}.${c}`).join(', ');
  const listing = L.join(', ');
  const lookback = `CAST(${p.add(m.lookbackDays ?? LOST_SALES_DEFAULTS.lookbackDays)} AS INTEGER)`;
  const start = ctx.startDate ? p.date(ctx.startDate) : null;
  const end = ctx.endDate ? p.date(ctx.endDate) : null;
  // History from `lookback` days before the first day asked for (that day's baseline days); the
  // figures' own rows from that first day.
  const range = (alias: string, column: string, from: 'history' | 'asked' = 'history') =>
    [
      ...(start
        ? [`${alias}.${ident(column)} >= ${from === 'history' ? `${start} - ${lookback}` : start}`]
        : []),
      ...(end ? [`${alias}.${ident(column)} <= ${end}`] : []),
    ]
      .map((c) => ` AND ${c}`)
      .join('');
  const scoped = (alias: string, table: string) => `${alias}.${ident(requireTenantKey(table))} = ${tenant}`;

  const s = m.stock;
  const share = `s.${ident(s.storeShare)}`;
  const full = `CAST(${p.add(m.availableShare ?? LOST_SALES_DEFAULTS.availableShare)} AS DOUBLE PRECISION)`;
  const out = `CASE WHEN s.${ident(s.status)} = 1 THEN COALESCE(1 - ${share}, 0) ELSE 1 END`;
  const stores = `CAST(s.${ident(s.stores)} AS DOUBLE PRECISION)`;
  let demand = 'CAST(NULL AS DOUBLE PRECISION)';
  let demandJoin = '';
  if (m.cityDemand) {
    const key = tenantKeyOf(m.cityDemand.table);
    demand = `CAST(dm.${ident(m.cityDemand.column)} AS DOUBLE PRECISION)`;
    demandJoin = ` LEFT JOIN ${ident(m.cityDemand.table)} dm ON dm.${ident(m.city)} = s.${ident(m.city)}${
      key ? ` AND dm.${ident(key)} = ${tenant}` : ''
    }`;
  }
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
  FROM ${ident(s.table)} s${demandJoin}
  WHERE ${scoped('s', s.table)}${range('s', s.dateColumn)}
  GROUP BY ${keys('s')}, s.${ident(s.dateColumn)}
)`;
  const sales = `ls_sales AS MATERIALIZED (
  SELECT ${keys('x')}, x.${ident(m.sales.dateColumn)} AS __day, CAST(SUM(x.${ident(m.sales.units)}) AS DOUBLE PRECISION) AS __units
  FROM ${ident(m.sales.table)} x WHERE ${scoped('x', m.sales.table)}${range('x', m.sales.dateColumn)}
  GROUP BY ${keys('x')}, x.${ident(m.sales.dateColumn)}
)`;
  const price = `ls_price AS MATERIALIZED (
  SELECT ${keys('x')}, x.${ident(m.price.dateColumn)} AS __day,
    AVG(x.${ident(m.price.column)}) AS __price
  FROM ${ident(m.price.table)} x WHERE ${scoped('x', m.price.table)}${range('x', m.price.dateColumn)}
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
  WHERE __any_out > 0${start ? ` AND __day >= ${start}` : ''}
)`;
  const history = p.add(m.historyDays ?? LOST_SALES_DEFAULTS.historyDays);
  const cand = `ls_cand AS MATERIALIZED (
  SELECT ${keys('n')}, n.__day, h.__units, h.__price,
    CASE WHEN EXTRACT(DOW FROM h.__day) = EXTRACT(DOW FROM n.__day) THEN 1 ELSE 0 END AS __same
  FROM ls_need n JOIN ls_hist h ON ${on('h', 'n')} AND h.__ord <= n.__before AND h.__ord > n.__before - ${history}
    AND h.__day >= n.__day - ${lookback}
)`;
  const median = (filter: string) =>
    `percentile_cont(0.5) WITHIN GROUP (ORDER BY __units)${filter ? ` FILTER (WHERE ${filter})` : ''}`;
  const min = p.add(MIN_DAYS);
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
  const weight = `CASE d.__weights WHEN 'city demand' THEN ${demand} WHEN 'store counts' THEN ${stores} ELSE 1.0 END`;
  const rows = grain.perCity
    ? `SELECT ${keys('s')}, s.${ident(m.city)} AS __city, s.${ident(s.dateColumn)} AS __day, d.__weights,
    b.__baseline, b.__price, ${weight} * ${out} / ${chosen('w')} AS __exposure
  FROM ${ident(s.table)} s${demandJoin}
  JOIN ls_day d ON ${on('d', 's')} AND d.__day = s.${ident(s.dateColumn)}
  LEFT JOIN ls_base b ON ${on('b', 's')} AND b.__day = d.__day
  WHERE ${scoped('s', s.table)}${range('s', s.dateColumn, 'asked')}`
    : `SELECT ${keys('d')}, d.__day, d.__weights, b.__baseline, b.__price, ${chosen('x')} / ${chosen('w')} AS __exposure
  FROM ls_day d LEFT JOIN ls_base b ON ${on('b', 'd')} AND b.__day = d.__day${start ? `\n  WHERE d.__day >= ${start}` : ''}`;
  const a = ident(alias);
  const match = [
    on(a, 'f'),
    ...(grain.perCity ? [`${a}.__city = f.${ident(m.city)}`] : []),
    `${a}.__day = f.${ident(grain.dateColumn)}`,
  ].join(' AND ');
  // Every step MATERIALIZED: PostgreSQL would otherwise inline a step used once and run it again
  // for each row of a nested loop (seconds on a few hundred rows of a fresh, unanalysed table).
  const ctes = [day, sales, price, seq, hist, need, cand, base, `ls_rows AS MATERIALIZED (\n  ${rows}\n)`];
  return `LEFT JOIN (\nWITH ${ctes.join(',\n')}\nSELECT * FROM ls_rows\n) ${a} ON ${match}`;
}
