/**
 * `npx tsx scripts/bench/printSql.ts stock/data 2026-11-22 [duckdb|postgres]`: the SQL (and
 * parameters) the server runs for a monitoring endpoint's opening request ending on that date (the
 * tenant's last crawl), as the latency bench measures it. For EXPLAIN ANALYZE sessions.
 */
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { compileDatasetQuery } from '../../src/server/language/query/compileDatasetQuery.js';
import { parseDataRequest } from '../../src/server/language/query/dataRequest.js';
import { monitoringQueries } from './monitoringQueries.js';
import { catalogEntries, rollupPlans } from '../../src/server/platform/warehouse/rollups/ensureRollups.js';

const [endpoint, endDate, dialect = 'duckdb'] = process.argv.slice(2);
if (!endpoint || !endDate)
  throw new Error('Usage: printSql.ts <endpoint> <last crawl date> [duckdb|postgres]');
const snapshot = loadConfigSnapshot('screens');
const q = monitoringQueries(snapshot, endDate).find((x) => x.endpoint === endpoint);
if (!q) throw new Error(`No monitoring endpoint ${endpoint}`);
// PostgreSQL keeps the declared rollups and the views over them (ensureRollups), and the server
// reads them.
const catalog = catalogEntries(rollupPlans(snapshot.datasets.values()));
const rollups = dialect === 'postgres' ? (catalog.get(q.ctx.dataset.config.table) ?? []) : [];
const { sql, params } = compileDatasetQuery({
  rollups,
  dataset: q.ctx.dataset,
  query: q.ctx.query,
  request: parseDataRequest(q.ctx, q.params),
  groupId: 1,
  dialect: dialect as 'duckdb' | 'postgres',
  mode: 'page',
});
console.log(sql);
console.log(JSON.stringify(params));
