/**
 * Every plain path of the spec's section 7 (docs/product-spec.md) answers: a client written
 * against the spec finds each at its own path, signed in as the demo admin. Then the paths the
 * product lacked (src/server/features/specPaths/) behave: tenancy, permissions, the generic
 * routes' answers through the aliases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MICROSOFT_MSG } from '../../src/shared/auth/microsoftSignIn.js';
import { ApiClient, type ApiResponse } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { sheetRows, uploadFile, XLSX_MIME, xlsxOf } from './support/uploadClient.js';
import { specSectionPaths } from './support/specSectionPaths.js';
import { startTestServer, type TestServer } from './support/testServer.js';

const NO_ROUTE = 'page not found';

describe('the spec paths (section 7)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let rival: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    [admin, rival] = await Promise.all([signIn(server), signIn(server, 'rival@shelfscope.test')]);
  });
  afterAll(async () => server?.close());

  /**
   * Whether GET, POST or PUT reaches a route: the router's own answer to no route is 404 'page
   * not found' (src/server/app.ts); a route may still answer 404 for a missing row.
   */
  const answers = async (client: ApiClient, path: string): Promise<boolean> => {
    const routed = (res: ApiResponse) => res.status !== 404 || res.body.msg !== NO_ROUTE;
    if (routed(await client.get(path))) return true;
    if (routed(await client.post(path))) return true;
    return routed(await client.put(path));
  };

  it('reads the section (a broken reader cannot pass)', () => {
    const paths = specSectionPaths();
    expect(paths.length).toBeGreaterThan(80);
    expect(paths).toEqual(expect.arrayContaining(['catg/threshold', 'user/faqs/list', 'authenticate']));
    expect(paths).toEqual(expect.arrayContaining(['azure/session', 'azure/token']));
  });

  it('lists every path in the OpenAPI document (/api/docs, read as platform staff)', async () => {
    const staff = await signIn(server, 'staff@shelfscope.test');
    const doc = (await staff.get('../docs')).body as unknown as { paths: Record<string, unknown> };
    const unlisted = specSectionPaths().filter((p) => !doc.paths[`/api/v1/${p}`]);
    expect(unlisted).toEqual([]);
  });

  it('answers every listed path with something other than 404', async () => {
    const client = await signIn(server);
    // Logout last: it ends the session every other probe uses.
    const paths = specSectionPaths().sort((a, b) => Number(a === 'logout') - Number(b === 'logout'));
    const unserved: string[] = [];
    for (const path of paths) if (!(await answers(client, path))) unserved.push(path);
    expect(unserved).toEqual([]);
  });

  it('says Sign in with Microsoft is off on a server without OIDC_ISSUER (tests/api/microsoftSignIn.test.ts has it on)', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get('azure/session')).body.data).toEqual({ enabled: false });
    const start = await anonymous.post('azure/session');
    expect([start.status, start.body.msg]).toEqual([404, MICROSOFT_MSG.notConfigured]);
  });

  it('catg/threshold counts one group of categories against their stored threshold', async () => {
    type Threshold = {
      total: number;
      within: number;
      rows: { category_id: number; within_threshold: number }[];
    };
    const [mine, theirs] = await Promise.all([
      admin.get<Threshold>('catg/threshold'),
      rival.get<Threshold>('catg/threshold'),
    ]);
    const raw = await server.server.app.deps.warehouse.query<{ c: number }>(
      'SELECT COUNT(*) AS c FROM dim_category WHERE group_id = 1',
    );
    expect(mine.body.data!.total).toBe(Number(raw[0]!.c));
    expect(mine.body.data!.within).toBe(mine.body.data!.rows.filter((r) => r.within_threshold > 0).length);
    const rivalIds = new Set(theirs.body.data!.rows.map((r) => r.category_id));
    expect(theirs.body.data!.total).toBeGreaterThan(0);
    expect(mine.body.data!.rows.filter((r) => rivalIds.has(r.category_id))).toEqual([]);
  });

  it('keyword/product/search finds one group of products; no keyword is a 400', async () => {
    type Hit = { product_id: number };
    const [mine, theirs] = await Promise.all([
      admin.get<Hit[]>('keyword/product/search', { keyword: 'a' }),
      rival.get<Hit[]>('keyword/product/search', { keyword: 'a' }),
    ]);
    expect(mine.body.data!.length).toBeGreaterThan(0);
    const rivalIds = new Set(theirs.body.data!.map((h) => h.product_id));
    expect(mine.body.data!.filter((h) => rivalIds.has(h.product_id))).toEqual([]);
    const missing = await admin.get('keyword/product/search');
    expect([missing.status, missing.body.msg]).toEqual([400, 'keyword is required']);
  });

  it('user/faqs/list, content/types and auth/activity answer from the store, config and session', async () => {
    const faqs = await admin.get<{ question: string }[]>('user/faqs/list');
    expect(faqs.body.data!.length).toBeGreaterThanOrEqual(5);
    expect(faqs.body.data![0]!.question).toBe('How often is the data refreshed?');
    const types = await admin.get<{ name: string }[]>('content/types');
    expect(types.body.data!.map((t) => t.name)).toContain('A+ Content');
    const activity = await admin.get<{ activities: string[] }>('auth/activity');
    expect(activity.body.data!.activities.length).toBeGreaterThan(0);
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get('auth/activity')).status).toBe(401);
    expect((await anonymous.get('catg/threshold')).status).toBe(401);
  });

  it('an alias answers as its generic route does: the same refusal, the same file', async () => {
    const alias = await admin.post('promotion/add', {});
    const generic = await admin.post('mutate/promo/plan/add', {});
    expect(alias.status).toBe(400);
    expect([alias.status, alias.body]).toEqual([generic.status, generic.body]);
    const template = await admin.raw('GET', 'promotion/data/file');
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toContain('spreadsheetml');
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.post('promotion/add', {})).status).toBe(
      (await anonymous.post('mutate/promo/plan/add', {})).status,
    );
  });

  it('an upload through promotion/import/excel is the generic upload: its run, its error file, its group', async () => {
    const template = await sheetRows(await admin.raw('GET', 'promotion/data/file'));
    const header = template[0]!.map(String);
    const bad = await xlsxOf(header, [header.map(() => 'not a value')]);
    const sent = await uploadFile(admin, 'promotion/import/excel', {
      name: 'plan.xlsx',
      type: XLSX_MIME,
      bytes: bad,
    });
    expect(sent.status, sent.body.msg).toBe(400);
    const runId = sent.body.data!.runId!;
    const runs = await admin.get<{ id: number }[]>('uploads/promo/plan/promotionPlan/runs');
    expect(runs.body.data!.map((r) => r.id)).toContain(runId);
    const errors = await admin.raw('GET', 'promo/error/export');
    expect(errors.status).toBe(200);
    expect((await sheetRows(errors)).length).toBeGreaterThan(1);
    // The other group has no run of its own, and cannot read this one.
    expect((await rival.raw('GET', 'promo/error/export')).status).toBe(404);
    expect((await rival.raw('GET', 'promo/error/export?runId=' + runId)).status).toBe(404);
  });
});
