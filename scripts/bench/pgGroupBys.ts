/**
 * `npx tsx scripts/bench/pgGroupBys.ts <schema> [work_mem]`: runs the compiled PostgreSQL SQL of
 * the stock KPI, trend, grid and product stats (their opening request, week ending 2026-11-22)
 * five times on the tables of `scripts/bench/pgFactStockShape.sql` in `<schema>` (exp_plain or
 * exp_part), prints the median and best, and writes each EXPLAIN ANALYZE next to the run in
 * `/tmp/pg-groupbys-<schema>-<work_mem>-<endpoint>.txt`. docs/bench.md, "PostgreSQL warehouse".
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { compileDatasetQuery } from '../../src/server/language/query/compileDatasetQuery.js';
import { parseDataRequest } from '../../src/server/language/query/dataRequest.js';
import { monitoringQueries } from './monitoringQueries.js';

const ENDPOINTS = ['dashboard/home/kpi', 'dashboard/home/trend', 'stock/data', 'stock/products/stats'];
const [schema = 'exp_plain', workMem = '4MB'] = process.argv.slice(2);
if (!/^[a-z_]+$/.test(schema) || !/^\d+(kB|MB|GB)$/.test(workMem)) throw new Error('Bad schema or work_mem');

const queries = monitoringQueries(loadConfigSnapshot('screens'), '2026-11-22');
const client = new pg.Client({
  connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  options: `-c search_path=${schema} -c work_mem=${workMem}`,
});
await client.connect();
for (const endpoint of ENDPOINTS) {
  const q = queries.find((x) => x.endpoint === endpoint)!;
  const { sql, params } = compileDatasetQuery({
    dataset: q.ctx.dataset,
    query: q.ctx.query,
    request: parseDataRequest(q.ctx, q.params),
    groupId: 1,
    dialect: 'postgres',
    mode: 'page',
  });
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await client.query(sql, params);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const plan = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
    params,
  );
  const file = `/tmp/pg-groupbys-${schema}-${workMem}-${endpoint.replaceAll('/', '_')}.txt`;
  writeFileSync(file, plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  console.log(
    `${schema}\twork_mem ${workMem}\t${endpoint}\tmedian ${times[2]!.toFixed(0)} ms\tbest ${times[0]!.toFixed(0)} ms`,
  );
}
await client.end();
