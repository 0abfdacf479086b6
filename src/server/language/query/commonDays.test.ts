import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigSnapshot } from '../config/loadConfigRegistry.js';
import { indexDataset, type DatasetIndex } from '../model/datasetIndex.js';
import { TEST_WAREHOUSES, type TestWarehouse } from '../../platform/warehouse/testing/testWarehouses.js';
import { bulkInsert } from '../../platform/warehouse/bulkInsert.js';
import { SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { ScreenQuery } from '../../../shared/config.gen.js';
import { commonDaysMeasures, commonDaysSelect, commonDaysSpan, withinSpan } from './commonDays.js';
import { compileDatasetQuery } from './compileDatasetQuery.js';
import { dataRequest } from './testing/dataRequests.js';

/**
 * The days a ratio divides over when its two sides come from sources loaded to different days
 * (TACoS: ad spend over total sales). The shipped adsales dataset, read from a small table of the
 * same columns, so each side's days are planted: ads on 1-7 November, sales on 2-6.
 */
const adsales = indexDataset(loadConfigSnapshot('screens').datasets.get('adsales')!);
const TABLE = 'common_days_rows';
const ds: DatasetIndex = { ...adsales, config: { ...adsales.config, table: TABLE } };
const tacos = commonDaysMeasures(ds, ['tacos'])[0]!;

const day = (d: number) => `2026-11-0${d}`;
/** [group, day, source] */
const ROWS: [number, number, 'ads' | 'sales'][] = [
  ...[1, 2, 3, 4, 5, 6, 7].map((d) => [1, d, 'ads'] as [number, number, 'ads']),
  ...[2, 3, 4, 5, 6].map((d) => [1, d, 'sales'] as [number, number, 'sales']),
  // Another group's sources end later: they must not move group 1's days.
  [2, 8, 'ads'],
  [2, 9, 'sales'],
];

describe('commonDaysMeasures', () => {
  it("keeps the query's ratios that declare common days, in the query's order", () => {
    expect(commonDaysMeasures(ds, ['spend', 'ad_sales_share', 'ctr', 'tacos']).map((m) => m.id)).toEqual([
      'ad_sales_share',
      'tacos',
    ]);
    expect(commonDaysMeasures(ds, ['spend', 'ctr'])).toEqual([]);
  });
});

describe.each(TEST_WAREHOUSES)('the common days of a ratio on %s', (_name, open) => {
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
    await t.wh.exec(
      `CREATE TABLE ${TABLE} (group_id INTEGER NOT NULL, ad_date DATE NOT NULL, row_source VARCHAR NOT NULL)`,
    );
    await bulkInsert(
      t.wh,
      TABLE,
      ['group_id', 'ad_date', 'row_source'],
      ROWS.map(([g, d, s]) => [g, day(d), s]),
    );
  });
  afterAll(async () => t.drop());

  /** The span's fields as a row carries them (commonDaysSelect over commonDaysSpan). */
  const span = async (groupId: number, startDate: string | null, endDate: string | null) => {
    const p = new SqlParams(t.wh.dialect);
    const sql = `SELECT ${commonDaysSelect('tacos', 'w').join(', ')} FROM (${commonDaysSpan({ ds, measure: tacos, groupId, startDate, endDate, p })}) w`;
    const [row] = await t.wh.query<Record<string, string | null>>(sql, p.values);
    return row;
  };

  it("gives the days both sources have, each source's last day, as dates in text", async () => {
    const both = {
      tacos__days_from: day(2),
      tacos__days_to: day(6),
      tacos__numerator_last: day(7),
      tacos__denominator_last: day(6),
    };
    expect(await span(1, day(1), day(7))).toEqual(both);
    // No dates: every day of the group.
    expect(await span(1, null, null)).toEqual(both);
    // Within the period only.
    expect(await span(1, day(3), day(4))).toEqual({
      tacos__days_from: day(3),
      tacos__days_to: day(4),
      tacos__numerator_last: day(4),
      tacos__denominator_last: day(4),
    });
  });

  it('is empty when one side has no row in the period, and names the other side its last day', async () => {
    expect(await span(1, day(7), day(7))).toEqual({
      tacos__days_from: null,
      tacos__days_to: null,
      tacos__numerator_last: day(7),
      tacos__denominator_last: null,
    });
    expect(await span(3, day(1), day(9))).toEqual({
      tacos__days_from: null,
      tacos__days_to: null,
      tacos__numerator_last: null,
      tacos__denominator_last: null,
    });
  });

  it("keeps a fact row within the span's first and last day, both included", async () => {
    const p = new SqlParams(t.wh.dialect);
    const w = commonDaysSpan({ ds, measure: tacos, groupId: 1, startDate: day(1), endDate: day(7), p });
    const rows = await t.wh.query<{ d: string; n: number }>(
      `SELECT CAST(f.ad_date AS VARCHAR) AS d, COUNT(*) AS n FROM ${TABLE} f CROSS JOIN (${w}) w
        WHERE f.group_id = 1 AND ${withinSpan(ds, 'w')} GROUP BY f.ad_date ORDER BY f.ad_date`,
      p.values,
    );
    expect(rows.map((r) => `${r.d}:${Number(r.n)}`)).toEqual([2, 3, 4, 5, 6].map((d) => `${day(d)}:2`));
  });
});

/**
 * A grid of a common-days ratio: each group's ratio from the aggregate over the common days,
 * joined back on the group keys, a NULL key to the NULL key's row (not to none, not to 0's).
 */
describe.each(TEST_WAREHOUSES)('a common-days ratio per group on %s', (_name, open) => {
  const GRID = 'common_days_grid_rows';
  const grid: DatasetIndex = { ...adsales, config: { ...adsales.config, table: GRID } };
  let t: TestWarehouse;
  beforeAll(async () => {
    t = await open();
    await t.wh.exec(
      `CREATE TABLE ${GRID} (group_id INTEGER NOT NULL, ad_date DATE NOT NULL, row_source VARCHAR NOT NULL,
        is_competitor INTEGER, spend DOUBLE PRECISION, total_sales DOUBLE PRECISION)`,
    );
    // Ads on 1-7 November, sales on 2-6, for the key 0 (spend 10 a day) and no key (spend 30).
    const rows = [0, null].flatMap((key) => [
      ...[1, 2, 3, 4, 5, 6, 7].map((d) => [1, day(d), 'ads', key, key === null ? 30 : 10, null]),
      ...[2, 3, 4, 5, 6].map((d) => [1, day(d), 'sales', key, null, 100]),
    ]);
    await bulkInsert(
      t.wh,
      GRID,
      ['group_id', 'ad_date', 'row_source', 'is_competitor', 'spend', 'total_sales'],
      rows,
    );
  });
  afterAll(async () => t.drop());

  it("gives each key, the NULL key too, its spend over the common days' sales", async () => {
    const query = { id: 'q', groupBy: ['is_competitor'], measures: ['spend', 'tacos'] } as ScreenQuery;
    const request = dataRequest({ startDate: day(1), endDate: day(7) });
    const { sql, params } = compileDatasetQuery({
      dataset: grid,
      query,
      request,
      groupId: 1,
      dialect: t.wh.dialect,
      mode: 'page',
    });
    const rows = await t.wh.query<{ is_competitor: number | null; spend: number; tacos: number }>(
      sql,
      params,
    );
    const byKey = rows.map((r) => [
      r.is_competitor === null ? null : Number(r.is_competitor),
      r.spend,
      r.tacos,
    ]);
    // Spend over all seven days; TACoS over days 2-6: 50 / 500 and 150 / 500.
    expect(byKey.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      [0, 70, 10],
      [null, 210, 30],
    ]);
  });
});
