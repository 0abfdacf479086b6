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
 * percentile_cont ... WITHIN GROUP, FILTER, ROW_NUMBER, EXTRACT(DOW) and DATE - INTEGER are both's.
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
  // Rows from `lookback` days before the first day asked for: the first day's baseline days.
  const range = (alias: string, column: string) =>
    [
      ...(start ? [`${alias}.${ident(column)} >= ${start} - ${lookback}`] : []),
      ...(end ? [`${alias}.${ident(column)} <= ${end}`] : []),
    ]
      .map((c) => ` AND ${c}`)
      .join('');
  const scoped = (alias: string, table: string) => `${alias}.${ident(requireTenantKey(table))} = ${tenant}`;

  const s = m.stock;
  const share = `s.${ident(s.storeShare)}`;
  const full = `CAST(${p.add(m.availableShare ?? LOST_SALES_DEFAULTS.availableShare)} AS DOUBLE PRECISION)`;
  let demand = 'CAST(NULL AS DOUBLE PRECISION)';
  let demandJoin = '';
  if (m.cityDemand) {
    const key = tenantKeyOf(m.cityDemand.table);
    demand = `CAST(dm.${ident(m.cityDemand.column)} AS DOUBLE PRECISION)`;
    demandJoin = ` LEFT JOIN ${ident(m.cityDemand.table)} dm ON dm.${ident(m.city)} = s.${ident(m.city)}${
      key ? ` AND dm.${ident(key)} = ${tenant}` : ''
    }`;
  }
  const obs = `ls_obs AS MATERIALIZED (
  SELECT ${keys('s')}, s.${ident(m.city)} AS __city, s.${ident(s.dateColumn)} AS __day,
    CASE WHEN s.${ident(s.status)} = 1 THEN COALESCE(1 - ${share}, 0) ELSE 1 END AS __out,
    CASE WHEN s.${ident(s.status)} = 1 AND COALESCE(${share}, 1) >= ${full} THEN 1 ELSE 0 END AS __available,
    s.${ident(s.stores)} AS __stores, ${demand} AS __demand
  FROM ${ident(s.table)} s${demandJoin}
  WHERE ${scoped('s', s.table)}${range('s', s.dateColumn)}
)`;
  // A listing-day's weights: city demand when every city has one, else store counts when every
  // city has stores (quick commerce), else equal.
  const day = `ls_day AS MATERIALIZED (
  SELECT ${listing}, __day,
    CASE WHEN COUNT(__demand) = COUNT(*) AND MIN(__demand) > 0 THEN 'city demand'
      WHEN MIN(__stores) > 0 THEN 'store counts' ELSE 'equal' END AS __weights,
    MIN(__available) AS __full, MAX(__out) AS __any_out
  FROM ls_obs GROUP BY ${listing}, __day
)`;
  const sales = `ls_sales AS MATERIALIZED (
  SELECT ${keys('x')}, x.${ident(m.sales.dateColumn)} AS __day, CAST(SUM(x.${ident(m.sales.units)}) AS DOUBLE PRECISION) AS __units
  FROM ${ident(m.sales.table)} x WHERE ${scoped('x', m.sales.table)}${range('x', m.sales.dateColumn)}
  GROUP BY ${keys('x')}, x.${ident(m.sales.dateColumn)}
)`;
  const price = `ls_price AS MATERIALIZED (
  SELECT ${keys('x')}, x.${ident(m.price.dateColumn)} AS __day,
    percentile_cont(0.5) WITHIN GROUP (ORDER BY x.${ident(m.price.column)}) AS __price
  FROM ${ident(m.price.table)} x WHERE ${scoped('x', m.price.table)}${range('x', m.price.dateColumn)}
  GROUP BY ${keys('x')}, x.${ident(m.price.dateColumn)}
)`;
  // Fully available days with their sales: the only days a baseline is taken from, so a day out of
  // stock (whose sales fall by construction) never lowers it.
  const hist = `ls_hist AS MATERIALIZED (
  SELECT ${keys('d')}, d.__day, sa.__units, pr.__price
  FROM ls_day d JOIN ls_sales sa ON ${on('sa', 'd')} AND sa.__day = d.__day
  LEFT JOIN ls_price pr ON ${on('pr', 'd')} AND pr.__day = d.__day
  WHERE d.__full = 1
)`;
  const need = `ls_need AS MATERIALIZED (
  SELECT ${listing}, __day FROM ls_day WHERE __any_out > 0${start ? ` AND __day >= ${start}` : ''}
)`;
  const cand = `ls_cand AS MATERIALIZED (
  SELECT ${keys('n')}, n.__day, h.__units, h.__price,
    CASE WHEN EXTRACT(DOW FROM h.__day) = EXTRACT(DOW FROM n.__day) THEN 1 ELSE 0 END AS __same,
    ROW_NUMBER() OVER (PARTITION BY ${keys('n')}, n.__day ORDER BY h.__day DESC) AS __k
  FROM ls_need n JOIN ls_hist h ON ${on('h', 'n')} AND h.__day < n.__day AND h.__day >= n.__day - ${lookback}
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
  FROM ls_cand WHERE __k <= ${p.add(m.historyDays ?? LOST_SALES_DEFAULTS.historyDays)}
  GROUP BY ${listing}, __day
)`;
  const weight = `CASE d.__weights WHEN 'city demand' THEN o.__demand WHEN 'store counts' THEN CAST(o.__stores AS DOUBLE PRECISION) ELSE 1.0 END`;
  const inWindow = start ? `\n  WHERE o.__day >= ${start}` : '';
  const rows = grain.perCity
    ? `SELECT ${keys('o')}, o.__city, o.__day, d.__weights, b.__baseline, b.__price,
    ${weight} * o.__out / SUM(${weight}) OVER (PARTITION BY ${keys('o')}, o.__day) AS __exposure
  FROM ls_obs o JOIN ls_day d ON ${on('d', 'o')} AND d.__day = o.__day
  LEFT JOIN ls_base b ON ${on('b', 'o')} AND b.__day = o.__day${inWindow}`
    : `SELECT ${keys('o')}, o.__day, MIN(d.__weights) AS __weights, MIN(b.__baseline) AS __baseline,
    MIN(b.__price) AS __price, SUM(${weight} * o.__out) / SUM(${weight}) AS __exposure
  FROM ls_obs o JOIN ls_day d ON ${on('d', 'o')} AND d.__day = o.__day
  LEFT JOIN ls_base b ON ${on('b', 'o')} AND b.__day = o.__day${inWindow}
  GROUP BY ${keys('o')}, o.__day`;
  const a = ident(alias);
  const match = [
    on(a, 'f'),
    ...(grain.perCity ? [`${a}.__city = f.${ident(m.city)}`] : []),
    `${a}.__day = f.${ident(grain.dateColumn)}`,
  ].join(' AND ');
  // Every step MATERIALIZED: PostgreSQL would otherwise inline a step used once and run it again
  // for each row of a nested loop (seconds on a few hundred rows of a fresh, unanalysed table).
  const ctes = [obs, day, sales, price, hist, need, cand, base, `ls_rows AS MATERIALIZED (\n  ${rows}\n)`];
  return `LEFT JOIN (\nWITH ${ctes.join(',\n')}\nSELECT * FROM ls_rows\n) ${a} ON ${match}`;
}
