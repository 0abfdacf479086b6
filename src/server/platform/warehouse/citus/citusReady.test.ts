import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfigSnapshot } from '../../../language/config/loadConfigRegistry.js';
import { REPO_SCREENS_DIR } from '../../../language/config/testing/screensFixture.js';
import { indexDataset } from '../../../language/model/datasetIndex.js';
import { compileDatasetQuery } from '../../../language/query/compileDatasetQuery.js';
import { compileSuggestionQuery } from '../../../language/query/compileSuggestionQuery.js';
import { parseDataRequest } from '../../../language/query/dataRequest.js';
import { parseSuggestionRequest } from '../../../language/query/suggestionRequest.js';
import { SUGGESTION_INDEX_TABLES } from '../schema/suggestionIndexTables.js';
import { indexSources, targetSignature } from '../../../features/suggestionIndex/indexSources.js';
import { suggestionIndexQuery } from '../../../features/suggestionIndex/suggestionIndexQuery.js';
import { createDuckDbWarehouse } from '../duckdb/duckDbWarehouse.js';
import { createSchema } from '../schema/createSchema.js';
import { AD_VIEWS } from '../schema/adTables.js';
import { WAREHOUSE_VIEWS } from '../schema/views.js';
import { tableColumns } from '../schema/tableColumns.js';
import {
  distributeSql,
  distributedTables,
  factsWithoutTenant,
  referenceTables,
  TENANT_COLUMN,
} from './citusLayout.js';
import { tenantFilterProblems } from './testing/tenantFilterProblems.js';
import { catalogEntries, rollupPlans } from '../rollups/ensureRollups.js';
import { rollupViews } from '../rollups/rollupViews.js';

const distributeFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../scripts/citus/distribute.sql',
);
const VIEWS = [...WAREHOUSE_VIEWS, ...AD_VIEWS];
const repoSnapshot = loadConfigSnapshot(REPO_SCREENS_DIR);
/** The config's rollups, distributed like their facts (a query may read one instead), and their views. */
const PLANS = rollupPlans(repoSnapshot.datasets.values());
const ROLLUPS = catalogEntries(PLANS);
const ROLLUP_TABLES = [...PLANS.values()].flat().map((p) => p.table);
const ROLLUP_VIEWS = rollupViews([...PLANS.values()].flat());
const factViews = VIEWS.filter((v) => /\bfact_\w+/.test(v.select));
/** What Citus must route by tenant: the fact tables and every view that reads them. */
const DISTRIBUTED = new Set([
  ...distributedTables(),
  ...factViews.map((v) => v.name),
  ...ROLLUP_TABLES,
  ...ROLLUP_VIEWS.map((v) => v.name),
]);
const check = (sql: string, view = false) => tenantFilterProblems(sql, DISTRIBUTED, TENANT_COLUMN, { view });

describe('the warehouse is Citus-ready by construction (docs/scale-out.md)', () => {
  it('every fact table carries the tenant column; the rest are reference tables', () => {
    expect(distributedTables().length).toBeGreaterThan(10);
    expect(factsWithoutTenant()).toEqual([]);
    expect(referenceTables()).toContain('dim_product');
    expect(referenceTables().some((t) => t.startsWith('fact_'))).toBe(false);
  });

  it('scripts/citus/distribute.sql distributes exactly these tables (RECORD_CITUS_SQL=1 rewrites it)', () => {
    if (process.env.RECORD_CITUS_SQL === '1') writeFileSync(distributeFile, distributeSql(ROLLUP_TABLES));
    expect(readFileSync(distributeFile, 'utf8')).toBe(distributeSql(ROLLUP_TABLES));
    expect(ROLLUP_TABLES).toContain('rollup_fact_stock_daily');
  });

  it('the check itself finds an unpinned fact read, and passes a pinned one', async () => {
    expect(await check('SELECT COUNT(*) FROM fact_stock WHERE crawl_date = $1')).toHaveLength(1);
    expect(await check('SELECT COUNT(*) FROM fact_stock f WHERE f.group_id = $1')).toEqual([]);
    expect(await check('SELECT COUNT(*) FROM fact_stock WHERE group_id = $1 AND crawl_date = $2')).toEqual(
      [],
    );
    // Pinned on the wrong relation: the fact is still read across tenants.
    expect(
      await check(
        'SELECT 1 FROM fact_stock f JOIN dim_product p ON p.product_id = f.product_id WHERE p.group_id = $1',
      ),
    ).toHaveLength(1);
    // A LEFT JOIN's ON restricts only its right side.
    expect(
      await check(
        'SELECT 1 FROM dim_product p LEFT JOIN fact_price f ON f.product_id = p.product_id AND f.group_id = $1 WHERE p.group_id = $1',
      ),
    ).toEqual([]);
    expect(
      await check(
        'SELECT 1 FROM fact_price f LEFT JOIN dim_product p ON f.group_id = $1 AND p.product_id = f.product_id',
      ),
    ).toHaveLength(1);
    expect(await check('SELECT * FROM (SELECT product_id FROM fact_sales) s')).toHaveLength(1);
    expect(
      await check('SELECT 1 FROM fact_sales a JOIN fact_sales b ON a.product_id = b.product_id', true),
    ).toHaveLength(2);
  });

  it('every view over facts exposes the tenant column and joins facts only within a tenant', async () => {
    expect(factViews.length).toBeGreaterThan(0);
    expect(ROLLUP_VIEWS.map((v) => v.name)).toContain('v_competitor_price_daily');
    for (const view of [...factViews, ...ROLLUP_VIEWS]) {
      expect(view.columns, view.name).toContain(TENANT_COLUMN);
      expect(await check(view.select, true), view.name).toEqual([]);
    }
  });

  it("every endpoint's query and every filter's suggestions route to one tenant", async () => {
    const snapshot = loadConfigSnapshot(REPO_SCREENS_DIR);
    let compiled = 0;
    let onRollups = 0;
    const problems: string[] = [];
    for (const [key, screen] of snapshot.screens) {
      const config = screen.dataset ? snapshot.datasets.get(screen.dataset) : undefined;
      if (!config) continue;
      const dataset = indexDataset(config);
      for (const query of screen.queries ?? []) {
        const request = parseDataRequest(
          { screen, query, dataset },
          { start_date: '2026-11-01', end_date: '2026-11-07', limit: '10' },
        );
        // On the facts, and on a rollup where one answers the query.
        for (const mode of ['page', 'export'] as const)
          for (const rollups of [[], ROLLUPS.get(config.table) ?? []]) {
            const { sql } = compileDatasetQuery({
              dataset,
              query,
              request,
              groupId: 1,
              dialect: 'postgres',
              mode,
              rollups,
            });
            compiled++;
            if (rollups.length && rollups.some((r) => sql.includes(`"${r.table}"`))) onRollups++;
            for (const p of await check(sql)) problems.push(`${key} ${query.endpoint} (${mode}): ${p}`);
          }
      }
      for (const filter of screen.filters ?? []) {
        if (!('source' in filter) || !filter.source) continue;
        const req = parseSuggestionRequest(screen, dataset, filter.source, { prefix: 'a' });
        const { sql } = compileSuggestionQuery(dataset, req, 1, 'postgres');
        compiled++;
        for (const p of await check(sql)) problems.push(`${key} suggestion/${filter.source}: ${p}`);
      }
    }
    expect(compiled).toBeGreaterThan(200);
    expect(onRollups).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('the suggestion index is distributed with the facts, and its lookups route to one tenant', async () => {
    expect(distributedTables()).toEqual(expect.arrayContaining([...SUGGESTION_INDEX_TABLES]));
    const snapshot = loadConfigSnapshot(REPO_SCREENS_DIR);
    // A real warehouse whose index covers every source's fact tables, so each lookup compiles.
    const wh = await createDuckDbWarehouse(':memory:');
    try {
      await createSchema(wh);
      for (const [source, targets] of indexSources(snapshot)) {
        for (const t of targets)
          await wh.query(
            `INSERT INTO suggestion_index_state VALUES (1, $1, $2, $3, DATE '2026-01-01', DATE '2026-12-31', 0, 1)`,
            [source, t.factTable, targetSignature(t)],
          );
      }
      const problems: string[] = [];
      let compiled = 0;
      for (const [key, screen] of snapshot.screens) {
        const config = screen.dataset ? snapshot.datasets.get(screen.dataset) : undefined;
        if (!config) continue;
        const dataset = indexDataset(config);
        for (const filter of screen.filters ?? []) {
          if (!('source' in filter) || !filter.source) continue;
          const req = parseSuggestionRequest(screen, dataset, filter.source, {
            prefix: 'a',
            start_date: '2026-11-01',
            end_date: '2026-11-07',
          });
          const lookup = await suggestionIndexQuery(wh, dataset, filter.source, req, 1);
          if (!lookup) continue;
          compiled++;
          for (const p of await check(lookup.sql)) problems.push(`${key} index/${filter.source}: ${p}`);
        }
      }
      expect(compiled).toBeGreaterThan(10);
      expect(problems).toEqual([]);
      // The check bites on the index too.
      expect(await check('SELECT entry_key FROM suggestion_index WHERE source = $1')).toHaveLength(1);
    } finally {
      await wh.close();
    }
  });

  it('tenant columns of the distributed tables are what the compiler filters on', () => {
    for (const t of distributedTables()) expect(tableColumns(t), t).toContain(TENANT_COLUMN);
  });
});
