/**
 * Custom slide views (paxviz, docs/slides.md): save / list (5 a page) / matrix / datapoints /
 * import / export, validation with the config language's schemas, audit, tenant isolation, the
 * deck's own widget-data routes, and a read-only share link to a deck.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { fetchBuffered } from './support/fetchBuffered.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  demo = await signIn(server);
  rival = await signIn(server, DEMO_USERS.rival);
}, 600_000); // a whole server with its demo tenant: slow on a busy machine
afterAll(() => server?.close());

const SLIDES = 'customscreen/slide';
const db = () => server.server.app.deps.store.db;
const count = async () =>
  Number(
    (
      await db()
        .selectFrom('slide_views')
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function deck(
  title: string,
  widgets = [
    { kind: 'slideWidget', id: 'w1', screen: 'stock/kpi', widget: 'tiles', filters: 'channel_id=[1]' },
    { kind: 'slideWidget', id: 'w2', screen: 'advertising/kpi', widget: 'trendChart', filters: '' },
  ],
) {
  return {
    schemaVersion: 2,
    kind: 'slideView',
    title,
    slides: [
      {
        kind: 'slide',
        title: 'Shelf and ads',
        widgets,
        layout: [{ kind: 'row', widgets: widgets.map((w) => w.id), widths: widgets.map(() => 6) }],
      },
    ],
  };
}

async function save(client: ApiClient, name: string, body: Record<string, unknown> = {}) {
  return client.post<{ id: number }>('paxviz/slideview/save', {
    screen: SLIDES,
    name,
    view: deck(name),
    ...body,
  });
}

interface Listed {
  id: number;
  name: string;
}

describe('slide views', () => {
  let id: number;

  beforeAll(async () => {
    const r = await save(demo, 'Weekly review');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    id = r.body.data!.id;
  });

  it('saves a two-widget deck, audits it, lists it five a page and answers its widgets from the deck routes', async () => {
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target', '=', `slide_view:${id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['slide_view.saved']);
    const detail: unknown = audit[0]!.detail;
    // jsonb on PostgreSQL and PGlite alike comes back parsed; text would need parsing.
    expect(typeof detail === 'string' ? (JSON.parse(detail) as unknown) : detail).toMatchObject({
      screen: SLIDES,
      widgets: ['stock/kpi', 'advertising/kpi'],
    });

    for (let i = 1; i <= 5; i++) expect((await save(demo, `Deck ${i}`)).status).toBe(200);
    const page = await demo.get<Listed[]>('paxviz/slideview/list', { screen: SLIDES });
    expect(page.body.data).toHaveLength(5);
    expect(page.body.total).toBe(6);
    const next = await demo.get<Listed[]>('paxviz/slideview/list', { screen: SLIDES, offset: 5 });
    expect(next.body.data!.map((d) => d.name)).toEqual(['Weekly review']);

    const tiles = await demo.get<{ rows: unknown[] }>(`paxviz/slideview/${id}/stock/products/stats`, {
      channel_id: 1,
    });
    expect(tiles.status).toBe(200);
    expect(tiles.body.data!.rows.length).toBeGreaterThan(0);
    const config = await demo.get<{ widgets: { id: string }[] }>(`paxviz/slideview/${id}/config/screen`, {
      area: 'advertising',
      screen: 'kpi',
    });
    expect(config.body.data!.widgets.map((w) => w.id)).toContain('trendChart');
    // Only the deck's screens answer under its routes.
    expect((await demo.get(`paxviz/slideview/${id}/brand/sku/availability`)).status).toBe(200);
    expect(
      (await demo.get(`paxviz/slideview/${id}/config/screen`, { area: 'price', screen: 'kpi' })).status,
    ).toBe(403);

    const matrix = await demo.get<{ screen: string }[]>('paxviz/slideview/matrix', { screen: SLIDES });
    expect(matrix.body.data!.map((s) => s.screen)).toEqual(
      expect.arrayContaining(['stock/kpi', 'advertising/kpi']),
    );
    const points = await demo.get<{ id: string; kind: string }[]>('paxviz/datapoint', {
      screen: SLIDES,
      source: 'stock/kpi',
    });
    expect(points.body.data!.find((p) => p.id === 'tiles')?.kind).toBe('kpiTiles');
  });

  it('refuses a bad deck with 400 listing each problem at its pointer, and writes nothing', async () => {
    const before = await count();
    const bad = async (view: unknown, name = 'Bad') =>
      (
        await demo.post<{ problems: { path: string; message: string }[] }>('paxviz/slideview/save', {
          screen: SLIDES,
          name,
          view,
        })
      ).body;
    const noSlides = await bad({ schemaVersion: 2, kind: 'slideView', title: 'x' });
    expect(noSlides.data!.problems).toContainEqual({
      path: '',
      message: 'missing required property "slides"',
    });
    const wrong = deck('x', [
      { kind: 'slideWidget', id: 'w1', screen: 'stock/kpi', widget: 'nope', filters: '' },
      { kind: 'slideWidget', id: 'w2', screen: 'nothing/here', widget: 'tiles', filters: '' },
    ]);
    wrong.slides[0]!.layout.push({ kind: 'row', widgets: ['w9'], widths: [12] });
    expect((await bad(wrong)).data!.problems).toEqual([
      { path: '/slides/0/widgets/0', message: 'screen "stock/kpi" has no widget "nope"' },
      { path: '/slides/0/widgets/1', message: 'unknown screen "nothing/here"' },
      { path: '/slides/0/layout/1/widgets/0', message: 'no widget "w9" on this slide' },
    ]);
    const typo = deck('x');
    (typo.slides[0] as Record<string, unknown>).titel = 'y';
    expect((await bad(typo)).data!.problems[0]!.message).toMatch(/^unknown property "titel"/);
    // AMS 360 decks draw on the advertising areas only.
    const ams = await demo.post('paxviz/slideview/save', {
      screen: 'ams360/slide',
      name: 'Ads',
      view: deck('Ads'),
    });
    expect(ams.status).toBe(400);
    expect(JSON.stringify(ams.body)).toContain('is not one of this deck');
    expect((await save(demo, 'Weekly review')).status).toBe(409);
    expect(
      (await demo.post('paxviz/slideview/save', { screen: 'stock/kpi', name: 'x', view: deck('x') })).status,
    ).toBe(404);
    expect(await count()).toBe(before);
  });

  it('keeps decks per group: another tenant neither lists, reads, edits nor queries them', async () => {
    const theirs = await rival.get<Listed[]>('paxviz/slideview/list', { screen: SLIDES });
    expect(theirs.body.data).toEqual([]);
    expect((await rival.get(`paxviz/slideview/${id}`)).status).toBe(404);
    expect((await rival.get(`paxviz/slideview/${id}/stock/products/stats`)).status).toBe(404);
    expect((await rival.raw('DELETE', `paxviz/slideview/${id}`)).status).toBe(404);
    expect((await save(rival, 'Stolen', { id })).status).toBe(404);
    expect((await demo.get(`paxviz/slideview/${id}`)).status).toBe(200);
  });

  it('exports a deck and imports it back, audited as an import', async () => {
    const file = await demo.get<{ screen: string; name: string; view: unknown }>(
      `paxviz/slideview/${id}/export`,
    );
    expect(file.headers.get('content-disposition')).toContain('Weekly-review.slides.json');
    const copy = await demo.post<{ id: number }>('paxviz/slideview/import', {
      ...file.body.data,
      name: 'Weekly review (copy)',
    });
    expect(copy.status).toBe(200);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `slide_view:${copy.body.data!.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['slide_view.imported']);
  });

  it('shares a deck read-only: the viewer sees that deck and its widgets, nothing else, and cannot write', async () => {
    const link = await demo.post<{ token: string }>('paxviz/token', {
      view_id: id,
      menu_id: 0,
      menu_name: 'slides',
      screen: SLIDES,
    });
    expect(link.status).toBe(200);
    const session = await fetchBuffered(`${server.url}/api/v1/pax-viz/session`, {
      headers: { 'x-share-token': link.body.data!.token },
    });
    const viewer = session.headers.get('x-viewer-token')!;
    const asViewer = (route: string, init: RequestInit = {}) =>
      fetchBuffered(`${server.url}/api/v1/${route}`, {
        ...init,
        headers: { 'x-viewer-token': viewer, 'content-type': 'application/json' },
      });
    const list = (await asViewer(`paxviz/slideview/list?screen=${SLIDES}`)).json<{
      data: Listed[];
      readOnly: boolean;
    }>();
    expect(list.data.map((d) => d.id)).toEqual([id]);
    expect(list.readOnly).toBe(true);
    expect((await asViewer(`paxviz/slideview/${id}/stock/products/stats?channel_id=1`)).status).toBe(200);
    expect((await asViewer(`paxviz/slideview/${id}/ams/kpi/trend`)).status).toBe(200);
    // The widgets' screens are open through the deck only, not on their own routes.
    expect((await asViewer('stock/products/stats')).status).toBe(403);
    expect((await asViewer(`paxviz/slideview/${id}/config/screen?area=price&screen=kpi`)).status).toBe(403);
    const other = (await demo.get<Listed[]>('paxviz/slideview/list', { screen: SLIDES })).body.data!.find(
      (d) => d.id !== id,
    )!;
    expect((await asViewer(`paxviz/slideview/${other.id}`)).status).toBe(404);
    expect((await asViewer(`paxviz/slideview/${other.id}/stock/products/stats`)).status).toBe(404);
    const write = await asViewer('paxviz/slideview/save', {
      method: 'POST',
      body: JSON.stringify({ screen: SLIDES, name: 'x', view: deck('x') }),
    });
    expect(write.status).toBe(403);
  });
});

describe('AMS schema editor (processmonitor/ams_schema)', () => {
  const body = { ams_channel_id: 1, name: 'Amazon AMS', ams_model: '{"campaign":"string","spend":"number"}' };

  it("refuses with the spec's messages and writes nothing; inserts, updates and lists per group", async () => {
    const rows = async () => (await db().selectFrom('ams_schemas').select('id').execute()).length;
    const refused = async (extra: Record<string, string>) => {
      const r = await demo.post('amsSchema/insert', { ...body, ...extra });
      expect(r.status).toBe(400);
      return r.body.msg;
    };
    expect(await refused({ ams_model: '   ' })).toBe('Cannot Submit Empty AMS Model');
    expect(await refused({ ams_model: '{"campaign":' })).toBe('AMS Model Is Not A Valid JSON');
    expect(await refused({ channel_target: '{target' })).toBe('Channel Target Object Is Not A Valid JSON');
    expect(await rows()).toBe(0);

    const created = await demo.post<{ id: number }>('amsSchema/insert', {
      ...body,
      channel_target: '{"profile":"sp"}',
    });
    expect(created.status).toBe(200);
    const id = created.body.data!.id;
    const update = (client: ApiClient, extra: Record<string, unknown>) =>
      client.raw('PUT', 'amsSchema/update', { body: { ...body, id, ...extra } });
    expect((await update(demo, { ams_model: '' })).json<{ msg: string }>().msg).toBe(
      'Cannot Submit Empty AMS Model',
    );
    expect((await update(demo, { ams_model: '{"clicks":"number"}' })).status).toBe(200);
    const listed = await demo.get<{ id: number; ams_model: string }[]>('amsSchema/list');
    expect(listed.body.data!.map((r) => JSON.parse(r.ams_model) as unknown)).toEqual([{ clicks: 'number' }]);
    // The screen's grid names the ad channel, not its id.
    const grid = await demo.get<{ rows: { id: number; ams_channel: string }[] }>(
      'rows/processmonitor/ams_schema/amsSchema',
    );
    expect(grid.body.data!.rows.find((r) => r.id === id)?.ams_channel).toBe('Amazon');
    // Another tenant's admin neither sees nor changes it.
    expect((await rival.get<unknown[]>('amsSchema/list')).body.data).toEqual([]);
    expect((await update(rival, {})).status).toBe(404);
    const actions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `ams_schema:${id}`)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['ams_schema.created', 'ams_schema.updated']);
  });

  it('is an admin activity: the analyst gets 403', async () => {
    const analyst = await signIn(server, DEMO_USERS.analyst);
    expect((await analyst.get('amsSchema/list')).status).toBe(403);
  });
});
