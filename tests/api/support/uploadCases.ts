/**
 * The shared check of a config upload, end to end on the real server: its template
 * is its declaration, a valid file loads and lists its slices by name, a file with two bad rows
 * changes nothing and its error file names them, a re-upload replaces exactly its slice, and
 * Rival Foods (group 2) never touches Demo Brands' (group 1) rows nor names its catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../src/server/demo/seedStore.js';
import type { Warehouse } from '../../../src/server/platform/warehouse/warehouse.js';
import type { ApiClient } from './apiClient.js';
import { signIn } from './signIn.js';
import { startTestServer, type TestServer } from './testServer.js';
import { sheetRows, uploadFile, XLSX_MIME, xlsxOf } from './uploadClient.js';

/** Names of a group's own catalogue (and the shared cities), to fill files with known values. */
export interface Names {
  categories: string[];
  skus: string[];
  brands: string[];
  keywords: string[];
  cities: string[];
}

export interface UploadCase {
  route: string;
  table: string;
  /** Extra WHERE on the table when several uploads share it (e.g. `report = 'shareOfSearch'`). */
  where?: string;
  header: string[];
  /** The answer to a loaded file when the declaration names one (default '<n> rows loaded.'). */
  loaded?: string;
  /** Two valid rows of one slice, then one row of another slice. */
  rows: (n: Names) => unknown[][];
  /** Two bad rows among good ones: the error file's cells (row, column, value, message). */
  bad: (n: Names) => { rows: unknown[][]; errors: unknown[][] };
  /** The slice labels after loading `rows`, sorted. */
  slices: (n: Names) => string[];
  /** More checks on the warehouse after the valid file loaded. */
  afterLoad?: (wh: Warehouse) => Promise<void>;
  /** A column whose lookup is scoped to the group: another group's name is unknown. */
  scoped?: { column: string; name: (n: Names) => string; at: number };
}

const NAME_QUERIES: Record<keyof Names, string> = {
  categories: 'SELECT category_name AS s FROM dim_category WHERE group_id = $1 ORDER BY 1 LIMIT 2',
  skus: 'SELECT sku_code AS s FROM dim_product WHERE group_id = $1 ORDER BY 1 LIMIT 2',
  brands:
    'SELECT brand_name AS s FROM dim_brand WHERE group_id = $1 AND is_competitor = 0 ORDER BY 1 LIMIT 2',
  keywords: 'SELECT DISTINCT keyword AS s FROM dim_keyword WHERE group_id = $1 ORDER BY 1 LIMIT 2',
  cities: 'SELECT city_name AS s FROM dim_city ORDER BY 1 LIMIT 2',
};

export function describeUploadCases(cases: UploadCase[]): void {
  let server: TestServer;
  let demo: ApiClient;
  let rival: ApiClient;
  const names: Record<number, Names> = {};

  const count = async (c: UploadCase, groupId: number) => {
    const [row] = await server.server.app.deps.warehouse.query<{ n: number }>(
      `SELECT COUNT(*)::INTEGER AS n FROM ${c.table} WHERE group_id = $1${c.where ? ` AND ${c.where}` : ''}`,
      [groupId],
    );
    return row!.n;
  };
  const xlsx = async (header: string[], rows: unknown[][]) => ({
    name: 'upload.xlsx',
    type: XLSX_MIME,
    bytes: await xlsxOf(header, rows),
  });

  beforeAll(async () => {
    server = await startTestServer();
    const wh = server.server.app.deps.warehouse;
    for (const g of [1, 2]) {
      const entries = await Promise.all(
        Object.entries(NAME_QUERIES).map(async ([key, sql]) => {
          const rows = await wh.query<{ s: string }>(sql, sql.includes('$1') ? [g] : []);
          return [key, rows.map((r) => r.s)] as const;
        }),
      );
      names[g] = Object.fromEntries(entries) as unknown as Names;
    }
    demo = await signIn(server);
    rival = await signIn(server, DEMO_USERS.rival);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  describe.each(cases)('upload $route', (c) => {
    it('serves its template, loads a valid file and lists its slices by name', async () => {
      const template = await demo.raw('GET', `${c.route}/template`);
      expect(await sheetRows(template)).toEqual([c.header]);

      const loaded = await uploadFile(demo, c.route, await xlsx(c.header, c.rows(names[1]!)));
      expect(loaded.body.msg).toBe(c.loaded ?? '3 rows loaded.');
      expect(await count(c, 1)).toBe(3);
      await c.afterLoad?.(server.server.app.deps.warehouse);
      const slices = await demo.get<{ labels: Record<string, string> }[]>(`${c.route}/slices`);
      expect(slices.body.data!.map((s) => Object.values(s.labels).join(' ')).sort()).toEqual(
        c.slices(names[1]!),
      );
    });

    it('a file with two bad rows changes nothing, and its error file names them', async () => {
      const { rows, errors } = c.bad(names[1]!);
      const answer = await uploadFile(demo, c.route, await xlsx(c.header, rows));
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(
        '2 rows have errors; nothing was loaded. Download the error file to see them.',
      );
      expect(await count(c, 1)).toBe(3);
      const errorFile = await demo.raw('GET', `${c.route}/runs/${answer.body.data!.runId}/errors`);
      expect((await sheetRows(errorFile)).slice(1)).toEqual(errors);
    });

    it("another group loads its own rows, never touches this group's, nor names its catalogue", async () => {
      const own = c.rows(names[2]!).slice(0, 1);
      expect((await uploadFile(rival, c.route, await xlsx(c.header, own))).body.msg).toBe(
        c.loaded ?? '1 row loaded.',
      );
      expect(await count(c, 2)).toBe(1);
      expect(await count(c, 1)).toBe(3);
      if (!c.scoped) return;

      const foreign = [...own[0]!];
      foreign[c.scoped.at] = c.scoped.name(names[1]!);
      const refused = await uploadFile(rival, c.route, await xlsx(c.header, [foreign]));
      expect(refused.status).toBe(400);
      const errors = refused.body.data!.errors as { row: number; column: string; message: string }[];
      expect(errors.map((e) => [e.row, e.column, e.message.startsWith('Unknown ')])).toEqual([
        [2, c.scoped.column, true],
      ]);
      expect(await count(c, 2)).toBe(1);
    });

    it('a re-upload replaces exactly its slice', async () => {
      const [first, , other] = c.rows(names[1]!);
      const again = await uploadFile(demo, c.route, await xlsx(c.header, [first!]));
      expect(again.status).toBe(200);
      // The first slice now holds one row; the other slice keeps its one.
      expect(await count(c, 1)).toBe(other ? 2 : 1);
    });
  });
}
