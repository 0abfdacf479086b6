/**
 * GET /metrics (src/server/features/metrics): behind METRICS_TOKEN, Prometheus text, labelled by
 * route pattern (never by URL), with the data-call, sign-in and store-read figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { fetchBuffered } from './support/fetchBuffered.js';
import { signIn } from './support/signIn.js';
import { ApiClient } from './support/apiClient.js';

const TOKEN = 'metrics-test-token-0123456789';
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ METRICS_TOKEN: TOKEN, DEMO_SKUS: '20', DEMO_DAYS: '7' });
}, 300_000);
afterAll(async () => t?.close());

const scrape = (authorization?: string) =>
  fetchBuffered(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });

/**
 * The value of one sample line, `name{labels} value`, holding every label given (comma-separated
 * `k="v"` pairs), or undefined when absent.
 */
function sample(text: string, name: string, labels: string): number | undefined {
  const wanted = labels.split(/,(?=\w+=")/);
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && wanted.every((label) => l.includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('Prometheus metrics', () => {
  it('refuses a scrape without the token or with another one', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token')).status).toBe(401);
  });

  it('counts requests per route pattern, data calls, cache hits and sign-in failures', async () => {
    // The registry is per process and API files share workers: compare with a scrape taken first.
    const before = (await scrape(`Bearer ${TOKEN}`)).text();
    const grew = (text: string, name: string, labels: string) =>
      (sample(text, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    const refused = await new ApiClient(t.url).post('authenticate', {
      username: t.env.DEMO_USER,
      password: 'wrong password',
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const client = await signIn(t);
    for (const id of ['101', '102']) await fetchBuffered(`${t.url}/api/v1/no/such/route/${id}`);
    const first = await client.get('stock/products/stats');
    expect(first.status).toBe(200);
    await client.get('stock/products/stats');

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = res.text();
    // Other files of this worker may have called the route with other answers (401, 403).
    const route = 'route="/api/v1/stock/products/stats",status="200"';
    expect(grew(text, 'shelfscope_http_request_duration_seconds_count', route)).toBe(2);
    expect(
      grew(text, 'shelfscope_warehouse_query_duration_seconds_count', 'endpoint="stock/products/stats"'),
    ).toBe(1);
    expect(grew(text, 'shelfscope_result_cache_lookups_total', 'outcome="hit"')).toBeGreaterThanOrEqual(1);
    expect(
      grew(text, 'shelfscope_sign_in_failures_total', 'route="/api/v1/authenticate"'),
    ).toBeGreaterThanOrEqual(1);
    // Unmatched URLs share one label: no per-URL series.
    expect(text).not.toContain('/no/such/route/101');
    expect(text).toMatch(/shelfscope_nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/shelfscope_process_resident_memory_bytes \d/);
    // Read from the store at scrape time: every delivery status is present, zero or not.
    expect(sample(text, 'shelfscope_report_deliveries_last_day', 'status="failed"')).toBe(0);
    expect(text).toContain('# TYPE shelfscope_job_queue_depth gauge');
    expect(text).not.toContain(TOKEN);
  });
});
