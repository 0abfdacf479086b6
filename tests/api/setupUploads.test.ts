/**
 * Issue 14 §2, the setup dictionaries (screens/setup): each screen's upload end to end on the
 * real server — its template is its declaration, a valid file loads and lists its slice with a
 * name, a file with two bad rows changes nothing and its error file names them, a re-upload
 * replaces exactly its slice, and Rival Foods can neither touch Demo Brands' rows nor name its
 * categories, products or brands. Runs on both engines (API_TEST_PG=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { sheetRows, uploadFile, XLSX_MIME, xlsxOf } from './support/uploadClient.js';

/** Names of a group's own catalogue, to fill files with values its lookups know. */
interface Names {
  categories: string[];
  skus: string[];
  brands: string[];
}

interface SetupCase {
  route: string;
  table: string;
  header: string[];
  /** Two valid rows of one slice, then one row of another slice. */
  rows: (n: Names) => unknown[][];
  /** Two bad rows: the error file's cells (row, column, value, message) for them. */
  bad: (n: Names) => { rows: unknown[][]; errors: unknown[][] };
  /** The slice labels after loading `rows`, sorted. */
  slices: (n: Names) => string[];
  /** A column whose lookup is scoped to the group: another group's name is unknown. */
  scoped: { column: string; name: (n: Names) => string; at: number };
}

const CASES: SetupCase[] = [
  {
    route: 'uploads/setup/typecontent/categoryContent',
    table: 'setup_category_content',
    header: ['Category', 'Attribute', 'Minimum'],
    rows: (n) => [
      [n.categories[0], 'Images', 6],
      [n.categories[0], 'bullet points', 5],
      [n.categories[1], 'Title', 1],
    ],
    bad: (n) => ({
      rows: [
        [n.categories[0], 'Images', 4],
        [n.categories[0], 'Smell', 2],
        [n.categories[1], 'Videos', 101],
      ],
      errors: [
        [3, 'Attribute', 'Smell', expect.stringMatching(/^Must be one of: Title, Bullet Points/)],
        [4, 'Minimum', '101', 'Must be at most 100.'],
      ],
    }),
    slices: (n) => [n.categories[0]!, n.categories[1]!].sort(),
    scoped: { column: 'Category', name: (n) => n.categories[0]!, at: 0 },
  },
  {
    route: 'uploads/setup/content/productContent',
    table: 'setup_product_content',
    header: [
      'Channel',
      'SKU Code',
      'Expected Title',
      'Minimum Images',
      'Minimum Bullet Points',
      'A+ Content',
    ],
    rows: (n) => [
      ['Amazon', n.skus[0], 'First title', 6, 5, 1],
      ['Amazon', n.skus[1], 'Second title', 4, 3, 0],
      ['Flipkart', n.skus[0], 'First title', 5, 5, 1],
    ],
    bad: (n) => ({
      rows: [
        ['Amazon', n.skus[0], 'Fine', 6, 5, 1],
        ['Amazon', n.skus[1], '', 4, 3, 0],
        ['Flipkart', n.skus[0], 'Fine', 'six', 5, 2],
      ],
      errors: [
        [3, 'Expected Title', '', 'Required value is missing.'],
        [4, 'Minimum Images', 'six', 'Must be a whole number.'],
        [4, 'A+ Content', '2', 'Must be at most 1.'],
      ],
    }),
    slices: () => ['Amazon', 'Flipkart'],
    scoped: { column: 'SKU Code', name: (n) => n.skus[0]!, at: 1 },
  },
  {
    route: 'uploads/setup/brandmappingdictionary/brandDictionary',
    table: 'setup_brand_dictionary',
    header: ['Channel', 'Crawled Brand Name', 'Brand'],
    rows: (n) => [
      ['Amazon', n.brands[0]!.toUpperCase(), n.brands[0]],
      ['Amazon', `${n.brands[1]} Official`, n.brands[1]],
      ['Flipkart', n.brands[0]!.toLowerCase(), n.brands[0]],
    ],
    bad: (n) => ({
      rows: [
        ['Amazon', 'X', n.brands[0]],
        ['Amazon', 'Y', 'No Such Brand'],
        ['Nowhere', 'Z', n.brands[0]],
      ],
      errors: [
        [3, 'Brand', 'No Such Brand', 'Unknown Brand "No Such Brand".'],
        [4, 'Channel', 'Nowhere', 'Unknown Channel "Nowhere".'],
      ],
    }),
    slices: () => ['Amazon', 'Flipkart'],
    scoped: { column: 'Brand', name: (n) => n.brands[0]!, at: 2 },
  },
];

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
const names: Record<number, Names> = {};

const count = async (table: string, groupId: number) => {
  const [row] = await server.server.app.deps.warehouse.query<{ n: number }>(
    `SELECT COUNT(*)::INTEGER AS n FROM ${table} WHERE group_id = $1`,
    [groupId],
  );
  return row!.n;
};
const xlsx = async (header: string[], rows: unknown[][]) => ({
  name: 'setup.xlsx',
  type: XLSX_MIME,
  bytes: await xlsxOf(header, rows),
});

beforeAll(async () => {
  server = await startTestServer();
  const wh = server.server.app.deps.warehouse;
  const list = async (sql: string, g: number) => (await wh.query<{ s: string }>(sql, [g])).map((r) => r.s);
  for (const g of [1, 2]) {
    names[g] = {
      categories: await list(
        'SELECT category_name AS s FROM dim_category WHERE group_id = $1 ORDER BY 1 LIMIT 2',
        g,
      ),
      skus: await list('SELECT sku_code AS s FROM dim_product WHERE group_id = $1 ORDER BY 1 LIMIT 2', g),
      brands: await list(
        'SELECT brand_name AS s FROM dim_brand WHERE group_id = $1 AND is_competitor = 0 ORDER BY 1 LIMIT 2',
        g,
      ),
    };
  }
  demo = await signIn(server);
  rival = await signIn(server, DEMO_USERS.rival);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe.each(CASES)('setup upload $route', (c) => {
  it('serves its template, loads a valid file and lists its slices by name', async () => {
    const template = await demo.raw('GET', `${c.route}/template`);
    expect(await sheetRows(template)).toEqual([c.header]);

    const loaded = await uploadFile(demo, c.route, await xlsx(c.header, c.rows(names[1]!)));
    expect(loaded.body.msg).toBe('3 rows loaded.');
    expect(await count(c.table, 1)).toBe(3);
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
    expect(await count(c.table, 1)).toBe(3);
    const errorFile = await demo.raw('GET', `${c.route}/runs/${answer.body.data!.runId}/errors`);
    expect((await sheetRows(errorFile)).slice(1)).toEqual(errors);
  });

  it("another group loads its own rows, never touches this group's, nor names its catalogue", async () => {
    const own = c.rows(names[2]!).slice(0, 1);
    expect((await uploadFile(rival, c.route, await xlsx(c.header, own))).body.msg).toBe('1 row loaded.');
    expect(await count(c.table, 2)).toBe(1);
    expect(await count(c.table, 1)).toBe(3);

    const foreign = [...own[0]!];
    foreign[c.scoped.at] = c.scoped.name(names[1]!);
    const refused = await uploadFile(rival, c.route, await xlsx(c.header, [foreign]));
    expect(refused.status).toBe(400);
    const errors = refused.body.data!.errors as { row: number; column: string; message: string }[];
    expect(errors.map((e) => [e.row, e.column, e.message.startsWith('Unknown ')])).toEqual([
      [2, c.scoped.column, true],
    ]);
    expect(await count(c.table, 2)).toBe(1);
  });

  it('a re-upload replaces exactly its slice', async () => {
    const [first, , other] = c.rows(names[1]!);
    const again = await uploadFile(demo, c.route, await xlsx(c.header, [first!]));
    expect(again.status).toBe(200);
    // The first slice now holds one row; the other slice keeps its one.
    expect(await count(c.table, 1)).toBe(other ? 2 : 1);
  });
});
