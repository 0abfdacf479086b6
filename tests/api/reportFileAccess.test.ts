/**
 * A report file is its owner's, its screen's users' and the group admin's (reports/reportFileAccess.ts):
 * a stock-only user neither lists nor reads nor downloads a promotions export of its own group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';

let server: TestServer;
let demo: ApiClient;
let stock: ApiClient;
let analyst: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  [demo, stock, analyst] = await Promise.all([
    signIn(server),
    signIn(server, 'stock@shelfscope.test'),
    signIn(server, 'analyst@shelfscope.test'),
  ]);
}, 600_000); // a whole server with its demo tenant: slow on a busy machine
afterAll(() => server?.close());

async function exportOf(client: ApiClient, endpoint: string): Promise<number> {
  const started = await client.post<{ id: number }>('exports', { endpoint, params: {}, format: 'csv' });
  expect(started.status, endpoint).toBe(200);
  return started.body.data!.id;
}

const listed = async (client: ApiClient): Promise<number[]> =>
  (await client.get<{ id: number }[]>('s3/data/list', { limit: 200 })).body.data!.map((f) => f.id);

describe('report file access', () => {
  it('a promotions export is hidden from a stock-only user, shown to its screen users and the admin', async () => {
    const promo = await exportOf(demo, 'promotions/export');
    const own = await exportOf(stock, 'stock/data/export');
    expect(await listed(stock)).toContain(own);
    expect(await listed(stock)).not.toContain(promo);
    expect((await stock.get(`exports/${promo}`)).status).toBe(404);
    expect((await stock.get('s3/file', { id: promo })).status).toBe(404);
    expect((await stock.get(`exports/${own}`)).status).toBe(200);
    // The analyst may open both screens; the demo admin sees every file of the group.
    expect(await listed(analyst)).toEqual(expect.arrayContaining([promo, own]));
    expect((await analyst.get(`exports/${promo}`)).status).toBe(200);
    expect(await listed(demo)).toEqual(expect.arrayContaining([promo, own]));
  });

  it('a page of the list counts only the files the caller may see', async () => {
    for (let i = 0; i < 3; i++) await exportOf(demo, 'promotions/export');
    const first = await stock.get<{ id: number }[]>('s3/data/list', { limit: 1, offset: 0 });
    expect(first.body.data).toHaveLength(1);
    const shown = await stock.get<{ id: number; fileName: string }[]>('s3/data/list', { limit: 5 });
    for (const file of shown.body.data!) expect(file.fileName).toMatch(/^stock-/);
  });
});
