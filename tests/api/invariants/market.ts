/**
 * One demo market for the invariant suite: the real server on a demo tenant of a given seed,
 * signed in as the demo user, with the config snapshot to look screens and measures up in.
 */
import type { ConfigSnapshot } from '../../../src/server/language/config/configRegistry.js';
import type { ApiClient } from '../support/apiClient.js';
import { signIn } from '../support/signIn.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

export type Row = Record<string, unknown>;

export interface Market {
  seed: number;
  server: TestServer;
  /** Last crawl date of the product crawl (the end of every default period). */
  lastDate: string;
  snapshot: ConfigSnapshot;
  /** The signed-in demo user's client (for raw calls such as exports). */
  client: ApiClient;
  /** A data endpoint's rows (statusCode 1 asserted), with the paged total when paged. */
  rows(endpoint: string, params?: Record<string, string | number>): Promise<{ rows: Row[]; total: number }>;
  /** Every row of a paged endpoint, page by page. */
  allRows(endpoint: string, params?: Record<string, string | number>): Promise<Row[]>;
  close(): Promise<void>;
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last `days` days ending on the last crawl. */
export function lastDays(market: Market, days: number): { start_date: string; end_date: string } {
  return { start_date: addDays(market.lastDate, 1 - days), end_date: market.lastDate };
}

/**
 * 120 SKUs over 35 days: enough brands, categories and days that shares, trends and
 * distributions mean something, small enough to build in seconds on both engines.
 */
export async function startMarket(seed: number): Promise<Market> {
  const server = await startTestServer({ DEMO_SEED: String(seed), DEMO_SKUS: '120', DEMO_DAYS: '35' });
  const client: ApiClient = await signIn(server);
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    "SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1 AND crawl_type = 'product'",
    [1],
  );
  const rows: Market['rows'] = async (endpoint, params = {}) => {
    const res = await client.get<{ rows: Row[]; total?: number }>(endpoint, params);
    if (res.status !== 200 || res.body.statusCode !== 1)
      throw new Error(`${endpoint} ${JSON.stringify(params)}: ${res.status} ${res.body.msg}`);
    const data = res.body.data!;
    return { rows: data.rows, total: data.total ?? data.rows.length };
  };
  return {
    seed,
    server,
    lastDate: String(last!.d),
    snapshot: server.server.app.deps.config.current(),
    client,
    rows,
    async allRows(endpoint, params = {}) {
      const out: Row[] = [];
      for (let offset = 0; ; offset += 500) {
        const page = await rows(endpoint, { ...params, limit: 500, offset });
        out.push(...page.rows);
        if (page.rows.length < 500 || out.length >= page.total) return out;
      }
    },
    close: () => server.close(),
  };
}

export function num(row: Row | undefined, field: string): number {
  const v = row?.[field];
  if (typeof v !== 'number') throw new Error(`${field} is ${JSON.stringify(v)}, not a number`);
  return v;
}

export function sum(rows: readonly Row[], field: string): number {
  return rows.reduce((a, r) => a + (typeof r[field] === 'number' ? r[field] : 0), 0);
}
