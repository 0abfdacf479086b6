import type { LostSalesModel, StockOutSalesDownCondition } from '../../../shared/config.gen.js';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import { demandJoinSql, outSql, weightSql } from '../../language/measures/lostSalesRows.js';
import { ensureLostSalesTable, lostSalesTable } from '../../language/measures/lostSalesTable.js';
import { daysBefore, num, type FinderContext, type FoundCase, type Row } from './foundCase.js';

/** The lost-sales model of the measure the rule names (checkCaseRule.ts makes sure it is one). */
function modelOf(ctx: FinderContext, when: StockOutSalesDownCondition): LostSalesModel {
  const m = ctx.datasets.get(when.lostSales.dataset)?.measures?.find((x) => x.id === when.lostSales.measure);
  if (!m || m.kind !== 'lostSales') throw new Error(`case rule ${ctx.ruleId}: no lostSales measure`);
  return m.model;
}

/**
 * Out of stock `outDays`+ days of the window in a city while the listing's units fell
 * `salesDropPct`%+ against the window before (sales windows end on the newest sales day: sales
 * arrive the morning after a crawl). Opportunity: the listing's lost sales in that city over the
 * window, the stock tiles' figure per city row (language/measures/lostSales.ts): baseline x the
 * city's weight x out / the listing-day's weight x price, summed over the window's days.
 */
export async function stockOutCases(
  ctx: FinderContext,
  when: StockOutSalesDownCondition,
): Promise<FoundCase[]> {
  const stockDay = await ctx.newest('fact_stock', 'crawl_date');
  const salesDay = await ctx.newest('v_sales', 'sale_date');
  if (!stockDay || !salesDay) return [];
  const m = modelOf(ctx, when);
  await ensureLostSalesTable(ctx.wh, m);
  const w = when.windowDays ?? 7;
  const drop = (when.salesDropPct ?? 10) / 100;
  const found = await ctx.wh.query<Row>(
    `WITH outs AS (
       SELECT s.product_id, s.channel_id, s.city_id, COUNT(DISTINCT s.crawl_date) AS out_days
         FROM fact_stock s
        WHERE s.group_id = $1 AND s.is_competitor = 0 AND s.stock_status <> 1
          AND s.crawl_date > ${daysBefore('$2', '$3')} AND s.crawl_date <= CAST($2 AS DATE)
        GROUP BY s.product_id, s.channel_id, s.city_id
       HAVING COUNT(DISTINCT s.crawl_date) >= $4
     ), sales AS (
       SELECT x.product_id, x.channel_id,
              SUM(CASE WHEN x.sale_date > ${daysBefore('$5', '$3')} THEN x.units ELSE 0 END) AS units_now,
              SUM(CASE WHEN x.sale_date <= ${daysBefore('$5', '$3')} THEN x.units ELSE 0 END) AS units_before
         FROM v_sales x
        WHERE x.group_id = $1 AND x.is_competitor = 0
          AND x.sale_date > ${daysBefore('$5', '$7')} AND x.sale_date <= CAST($5 AS DATE)
        GROUP BY x.product_id, x.channel_id
     )
     SELECT o.product_id, o.channel_id, o.city_id, o.out_days, sa.units_now, sa.units_before,
            p.sku_name, c.channel_name, ci.city_name
       FROM outs o
       JOIN sales sa ON sa.product_id = o.product_id AND sa.channel_id = o.channel_id
       JOIN dim_product p ON p.product_id = o.product_id
       JOIN dim_channel c ON c.channel_id = o.channel_id
       JOIN dim_city ci ON ci.city_id = o.city_id
      WHERE sa.units_before > 0 AND sa.units_now <= sa.units_before * (1 - CAST($6 AS DOUBLE PRECISION))`,
    [ctx.groupId, stockDay, w, when.outDays ?? 2, salesDay, drop, 2 * w],
  );
  if (found.length === 0) return [];
  const lost = await lostByCity(ctx, m, stockDay, w);
  return found.map((r) => {
    const subject = `${num(r.product_id)}:${num(r.channel_id)}:${num(r.city_id)}`;
    const l = lost.get(subject) ?? { rupees: null, units: null, days: null };
    const factors = [
      { label: 'Out-Of-Stock Days', value: l.days, format: 'plain' as const },
      {
        label: 'Baseline Units/Day',
        value: l.days && l.units !== null ? l.units / l.days : null,
        format: 'plain' as const,
      },
      {
        label: 'Price/Unit',
        value: l.units && l.rupees !== null ? l.rupees / l.units : null,
        format: 'currency' as const,
      },
    ];
    const before = num(r.units_before);
    const now = num(r.units_now);
    return {
      ruleId: ctx.ruleId,
      subject,
      title: `${String(r.sku_name)} out of stock in ${String(r.city_name)} on ${String(r.channel_name)}`,
      productId: num(r.product_id),
      channelId: num(r.channel_id),
      // The table's own sum (the factors are its ratios, so they multiply back to it).
      opportunity: l.rupees,
      inputs: {
        factors,
        note: `out ${num(r.out_days)} of the ${w} days to ${stockDay}; units ${now} vs ${before} the ${w} days before (${(((now - before) / before) * 100).toFixed(1)}%)`,
      },
      observedOn: stockDay,
    };
  });
}

/**
 * Lost sales per own listing and city over the window, read from the lost-sales table as the
 * stock dataset reads it: units = baseline x exposure of the city row, rupees = units x price,
 * out-of-stock days = exposure of the rows with a baseline.
 */
async function lostByCity(
  ctx: FinderContext,
  m: LostSalesModel,
  stockDay: string,
  w: number,
): Promise<Map<string, { rupees: number | null; units: number | null; days: number | null }>> {
  const ls = ident(lostSalesTable(m));
  const exposure = `(${weightSql(m, 'f', 'dm', 'ls.__weights')} * ${outSql(m, 'f')} / ls.__w)`;
  const units = `CASE WHEN ${exposure} = 0 THEN 0 ELSE ls.__baseline * ${exposure} END`;
  const rows = await ctx.wh.query<Row>(
    `SELECT f.product_id, f.channel_id, f.city_id,
            SUM(${units} * ls.__price) AS rupees, SUM(${units}) AS units,
            SUM(CASE WHEN ls.__baseline IS NOT NULL THEN ${exposure} ELSE 0 END) AS days
       FROM fact_stock f
       JOIN ${ls} ls ON ls.group_id = f.group_id AND ls.product_id = f.product_id
        AND ls.channel_id = f.channel_id AND ls.__day = f.crawl_date
        AND ls.__day > ${daysBefore('$2', '$3')} AND ls.__day <= CAST($2 AS DATE)${demandJoinSql(m, 'f', 'dm', 'f.group_id')}
      WHERE f.group_id = $1 AND f.is_competitor = 0
        AND f.crawl_date > ${daysBefore('$2', '$3')} AND f.crawl_date <= CAST($2 AS DATE)
      GROUP BY f.product_id, f.channel_id, f.city_id`,
    [ctx.groupId, stockDay, w],
  );
  const nullable = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return new Map(
    rows.map((r) => [
      `${num(r.product_id)}:${num(r.channel_id)}:${num(r.city_id)}`,
      { rupees: nullable(r.rupees), units: nullable(r.units), days: nullable(r.days) },
    ]),
  );
}
