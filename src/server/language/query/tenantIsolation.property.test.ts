import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetConfig, ScreenQuery } from '../../../shared/config.gen.js';
import { indexDataset } from '../model/datasetIndex.js';
import { loadConfigSnapshot } from '../config/loadConfigRegistry.js';
import { REPO_SCREENS_DIR } from '../config/testing/screensFixture.js';
import { createDuckDbWarehouse } from '../../platform/warehouse/duckdb/duckDbWarehouse.js';
import { generateWarehouse, type DemoGroup } from '../../demo/warehouse/generateWarehouse.js';
import { ensureLostSalesTables, lostSalesTable, lostSalesTotalsTableOf } from '../measures/lostSalesTable.js';
import { tableColumns, tableNames } from '../../platform/warehouse/schema/tableColumns.js';
import { TENANT_KEY, tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { compileDatasetQuery } from './compileDatasetQuery.js';
import { compileSuggestionQuery } from './compileSuggestionQuery.js';
import type { FilterCondition } from './dataRequest.js';
import type { CompiledSql } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { SuggestionRequest } from './suggestionRequest.js';
import { dataRequest } from './testing/dataRequests.js';

/**
 * No answer holds a row of another group (docs/principals.md "The tenant key"). Configs are drawn
 * from the real datasets and queries with other measures, groupings and filters, and with a
 * `tenantColumn` slipped into the dataset and its lookups as an attacker's draft would (the checker
 * refuses that; the compiler must not read it either). Each query runs for one group on the
 * embedded DuckDB warehouse holding both groups, and on one holding that group alone: a row of the
 * other group anywhere in the plan would change the answer.
 */
const GROUPS: DemoGroup[] = [
  { groupId: 1, name: 'Demo Brands', skus: 6, theme: 0 },
  { groupId: 2, name: 'Rival Foods', skus: 6, theme: 1 },
];
const options = { seed: 7, skusPerGroup: 6, channels: 2, cities: 3, days: 4, endDate: '2026-03-31' };
const RUNS = 100;
const DATES = ['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31'];

let both: Warehouse;
const alone = new Map<number, Warehouse>();
let datasets: DatasetConfig[] = [];
let queries: ScreenQuery[] = [];

const dir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-isolation-'));

beforeAll(async () => {
  // Generated once, then copied: each copy keeps one group's rows (every table with the tenant key).
  const file = path.join(dir, 'both.duckdb');
  const generated = await createDuckDbWarehouse(file);
  const snapshot = loadConfigSnapshot(REPO_SCREENS_DIR);
  await generateWarehouse(generated, { ...options, groups: GROUPS });
  // Lost sales' tables too (a server makes them at start): each copy keeps its group's rows of them.
  await ensureLostSalesTables(generated, snapshot.datasets.values());
  await generated.close();
  const lostSales = [...snapshot.datasets.values()].flatMap((ds) =>
    ds.measures.flatMap((m) =>
      m.kind === 'lostSales' ? [lostSalesTable(m.model), lostSalesTotalsTableOf(m.model)] : [],
    ),
  );
  for (const { groupId } of GROUPS) {
    const copy = path.join(dir, `group${groupId}.duckdb`);
    copyFileSync(file, copy);
    const wh = await createDuckDbWarehouse(copy);
    for (const table of new Set([...tableNames(), ...lostSales]))
      if (tenantKeyOf(table)) await wh.exec(`DELETE FROM ${table} WHERE ${TENANT_KEY} <> ${groupId}`);
    alone.set(groupId, wh);
  }
  both = await createDuckDbWarehouse(file);
  const filled: DatasetConfig[] = [];
  for (const ds of snapshot.datasets.values()) {
    const [row] = await both.query<{ n: number }>(
      `SELECT COUNT(DISTINCT ${TENANT_KEY})::INTEGER AS n FROM ${ds.table}`,
    );
    if (row?.n === 2) filled.push(ds);
  }
  datasets = filled;
  queries = [...snapshot.screens.values()].flatMap((s) => (s.dataset ? (s.queries ?? []) : []));
}, 120_000);
afterAll(async () => {
  await Promise.all([both, ...alone.values()].map((wh) => wh?.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** Rows as comparable text: sorted, numbers rounded (parallel sums may differ in the last bits). */
function canonical(rows: Record<string, unknown>[]): string[] {
  const round = (v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(9)) : v);
  return rows
    .map((r) =>
      JSON.stringify(Object.entries(r).map(([k, v]) => [k, round(typeof v === 'bigint' ? Number(v) : v)])),
    )
    .sort();
}

/** Both answers, or both errors: the same text either way. */
async function answer(wh: Warehouse, sql: CompiledSql): Promise<string[] | string> {
  try {
    return canonical(await wh.query<Record<string, unknown>>(sql.sql, sql.params));
  } catch (error) {
    return `error: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** A dataset config as an attacker's draft might have it: a tenantColumn on it and its lookups. */
function withForgedScope(ds: DatasetConfig, column: string): DatasetConfig {
  return {
    ...ds,
    tenantColumn: column,
    dimensions: ds.dimensions.map((d) =>
      d.kind === 'column' && d.lookup ? { ...d, lookup: { ...d.lookup, tenantColumn: column } } : d,
    ),
  } as DatasetConfig;
}

const value = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constantFrom('Amazon', 'Delhi', 'x'));

/** A config (dataset, measures, grouping) and a request (group, dates, filters) drawn from the real ones. */
const scenario = fc
  .record({
    dataset: fc.nat(),
    forge: fc.option(fc.constantFrom('city_id', 'channel_id', 'brand_id', 'product_id'), { nil: undefined }),
    measures: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    groupBy: fc.array(fc.nat(), { maxLength: 2 }),
    filters: fc.array(fc.record({ dim: fc.nat(), values: fc.array(value, { minLength: 1, maxLength: 3 }) }), {
      maxLength: 3,
    }),
    dates: fc.option(fc.tuple(fc.constantFrom(...DATES), fc.constantFrom(...DATES)), { nil: undefined }),
    groupId: fc.constantFrom(1, 2),
    suggest: fc.nat(),
    template: fc.nat(),
  })
  .map((s) => {
    const config = datasets[s.dataset % datasets.length]!;
    const ds = indexDataset(
      s.forge && tableColumns(config.table).includes(s.forge) ? withForgedScope(config, s.forge) : config,
    );
    const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
    const columns = ds.config.dimensions.filter((d) => d.kind === 'column');
    const base =
      queries.find((q) => q.measures.every((m) => ds.measures.has(m))) ?? pick(queries, s.template);
    const query: ScreenQuery = {
      ...base,
      measures: [...new Set(s.measures.map((i) => pick(ds.config.measures, i).id))],
      groupBy: [...new Set(s.groupBy.map((i) => pick(columns, i).id))],
      sort: undefined,
      paged: false,
      limit: undefined,
    };
    const conditions: FilterCondition[] = s.filters.map((f) => ({
      dimension: pick(ds.config.dimensions, f.dim).id,
      op: 'in',
      values: f.values,
    }));
    const [startDate, endDate] = s.dates ? [...s.dates].sort() : [null, null];
    const suggestible = ds.config.dimensions.filter((d) => (d.kind === 'column' ? d.lookup : d.labelColumn));
    return { ds, query, conditions, startDate, endDate, groupId: s.groupId, suggest: s.suggest, suggestible };
  });

describe('tenant isolation (property, embedded DuckDB warehouse)', () => {
  it('no data or suggestion answer for one group holds a row of the other', async () => {
    expect(datasets.length).toBeGreaterThan(3);
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const compiled: CompiledSql[] = [];
        const request = dataRequest({ conditions: s.conditions, startDate: s.startDate, endDate: s.endDate });
        try {
          compiled.push(
            compileDatasetQuery({
              dataset: s.ds,
              query: s.query,
              request,
              groupId: s.groupId,
              dialect: 'duckdb',
              mode: 'all',
            }),
          );
        } catch {
          // A drawn combination the compiler refuses (a measure needing another grouping): no answer.
        }
        if (s.suggestible.length > 0) {
          const field = s.suggestible[s.suggest % s.suggestible.length]!.id;
          const req: SuggestionRequest = {
            filter: { field } as SuggestionRequest['filter'],
            prefix: '',
            offset: 0,
            size: 500,
            startDate: s.startDate,
            endDate: s.endDate,
            conditions: s.conditions.filter((c) => c.dimension !== field),
          };
          compiled.push(compileSuggestionQuery(s.ds, req, s.groupId, 'duckdb'));
        }
        for (const sql of compiled) {
          const shared = await answer(both, sql);
          expect(shared).toEqual(await answer(alone.get(s.groupId)!, sql));
          if (Array.isArray(shared)) compared++;
        }
      }),
      { numRuns: RUNS, seed: 20261128 },
    );
    // Most drawn configs compile and answer: the property is not vacuous.
    expect(compared).toBeGreaterThan(RUNS / 2);
  }, 60_000);
});
