import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverlayPreviewAnswer } from '../../src/shared/groupOverlay.js';
import type { QueryResult, ResolvedScreen } from '../../src/shared/screenApi.js';
import type { ApiClient } from './support/apiClient.js';
import { fetchBuffered } from './support/fetchBuffered.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// A group's extra screen composed from two product screens over two datasets (stock and price),
// what is opened from it (saved views, share links, exports), and the live preview of a draft
// overlay (docs/config-storage.md). One small server for the whole file.
let server: TestServer;
let demoAdmin: ApiClient;
let rivalAdmin: ApiClient;
let stockUser: ApiClient;

const BOARD = {
  title: 'Shelf and price',
  from: 'stock/kpi',
  widgets: ['tiles', { from: 'price/kpi', widget: 'summaryGrid' }],
};
const WITH_BOARD = { extraScreens: { 'stock/board': BOARD } };
const AS_BOARD = { screenName: 'stock/board' };

const screenOf = (client: ApiClient, screen = 'board', prefix = '') =>
  client.get<ResolvedScreen>(`${prefix}config/screen`, { area: 'stock', screen });
const save = async (overlay: unknown) => {
  const res = await demoAdmin.put('config/overlay', { overlay });
  expect(res.status, res.body.msg).toBe(200);
};
const priceQuery = (screen: ResolvedScreen) => screen.queries!.find((q) => q.endpoint.startsWith('price/'))!;

beforeAll(async () => {
  server = await startTestServer({ DEMO_SKUS: '20', DEMO_DAYS: '7' });
  // One after another: an address may have three sign-ins in flight (loginLimits.ts).
  demoAdmin = await signIn(server);
  rivalAdmin = await signIn(server, 'rival@shelfscope.test');
  stockUser = await signIn(server, 'stock@shelfscope.test');
});
afterAll(async () => {
  await server?.close();
});

describe('extra screens of several product screens', () => {
  it('refuses a widget of another screen that is unknown, shows no query, repeats an id or names more', async () => {
    const refused = async (widgets: unknown[], message: string) => {
      const res = await demoAdmin.put<{ problems: { path: string; message: string }[] }>('config/overlay', {
        overlay: { extraScreens: { 'stock/board': { ...BOARD, widgets } } },
      });
      expect(res.status, JSON.stringify(widgets)).toBe(400);
      expect(res.body.data!.problems.map((p) => `${p.path} ${p.message}`).join('\n')).toContain(message);
    };
    await refused(
      [{ from: 'price/nope', widget: 'x' }],
      '/extraScreens/stock~1board/widgets/0/from unknown screen "price/nope"',
    );
    await refused([{ from: 'price/kpi', widget: 'nope' }], 'unknown widget "nope" of "price/kpi"');
    await refused(
      ['tiles', { from: 'price/kpi', widget: 'tiles' }],
      'widget "tiles" is on this screen already',
    );
    await refused(
      [{ from: 'price/kpi', widget: 'summaryGrid', dataset: 'sales' }],
      '"dataset" cannot be changed',
    );
    await refused([{ from: 'price/kpi' }], 'a widget of another screen needs "widget"');
    await refused([7], 'must be a non-empty list');
  });

  it("serves each widget with its own screen's data, only to who may open that screen", async () => {
    await save(WITH_BOARD);
    const board = (await screenOf(demoAdmin)).body.data!;
    expect(board.widgets.map((w) => w.id)).toEqual(['tiles', 'summaryGrid']);
    expect(board.dataset).toBe('stock');
    const price = priceQuery(board);
    expect(price.endpoint).toBe('price/data/violation/summary');
    // The price dataset's measures come with it, for the grid's headers and formats.
    const grid = board.widgets[1]!;
    const first =
      grid.kind === 'grid'
        ? grid.columns.find((c) => board.measures.some((m) => m.id === c.field))
        : undefined;
    expect(first).toBeDefined();

    // The same rows as the price screen's own call: the product endpoint, the group's scope.
    const viaBoard = await demoAdmin.get<QueryResult>(price.endpoint, AS_BOARD);
    const viaPrice = await demoAdmin.get<QueryResult>(price.endpoint, { screenName: 'price/kpi' });
    expect(viaBoard.status, viaBoard.body.msg).toBe(200);
    expect(viaBoard.body.data!.total).toBeGreaterThan(0);
    expect(viaBoard.body.data).toEqual(viaPrice.body.data);
    // An extra screen opens no endpoint it does not show.
    expect((await demoAdmin.get('price/kpi/stats', AS_BOARD)).status).toBe(404);

    // The stock-only user gets the tab and the stock tiles, not the price grid, nor its data.
    const stockView = await screenOf(stockUser);
    expect(stockView.status).toBe(200);
    expect(stockView.body.data!.widgets.map((w) => w.id)).toEqual(['tiles']);
    expect(stockView.body.data!.queries!.some((q) => q.endpoint.startsWith('price/'))).toBe(false);
    expect((await stockUser.get(price.endpoint, AS_BOARD)).status).toBe(403);
    expect((await stockUser.get('stock/products/stats', AS_BOARD)).status).toBe(200);

    // Rival Foods: no such screen, and its name opens nothing.
    expect((await screenOf(rivalAdmin)).status).toBe(404);
    expect((await rivalAdmin.get(price.endpoint, AS_BOARD)).status).toBe(404);
  });
});

describe('saved views, share links and exports of an extra screen', () => {
  it("work for the group's screen, show nothing to another group, and refuse once it is removed", async () => {
    await save(WITH_BOARD);
    const view = await demoAdmin.post<{ id: number }>('views', {
      screen: 'stock/board',
      name: 'Board view',
      state: { filters: { channel_id: [1] } },
    });
    expect(view.status, view.body.msg).toBe(200);
    const views = await demoAdmin.get<{ name: string }[]>('views', { screen: 'stock/board' });
    expect(views.body.data!.map((v) => v.name)).toEqual(['Board view']);
    expect((await rivalAdmin.get('views', { screen: 'stock/board' })).status).toBe(404);
    expect((await rivalAdmin.post('views', { screen: 'stock/board', name: 'x', state: {} })).status).toBe(
      404,
    );

    const board = (await screenOf(demoAdmin)).body.data!;
    const price = priceQuery(board);
    const exported = await demoAdmin.raw('GET', `${price.endpoint}/export?screenName=stock/board&format=csv`);
    expect(exported.status).toBe(200);
    const csvRows = exported.text().trim().split('\n').length - 1;
    const rows = await demoAdmin.get<QueryResult>(price.endpoint, { ...AS_BOARD, limit: 500 });
    expect(csvRows).toBe(rows.body.data!.total);

    const link = await demoAdmin.post<{ token: string }>('paxviz/token', {
      view_id: 1,
      menu_id: 1,
      menu_name: 'stock-board',
      screen: 'stock/board',
    });
    expect(link.status, link.body.msg).toBe(200);
    expect(
      (
        await rivalAdmin.post('paxviz/token', {
          view_id: 1,
          menu_id: 1,
          menu_name: 'b',
          screen: 'stock/board',
        })
      ).status,
    ).toBe(403);
    const session = await fetchBuffered(`${server.url}/api/v1/pax-viz/session`, {
      headers: { 'x-share-token': link.body.data!.token },
    });
    const viewerToken = session.headers.get('x-viewer-token')!;
    const asViewer = async (route: string) => {
      const res = await fetchBuffered(`${server.url}/api/v1/${route}`, {
        headers: { 'x-viewer-token': viewerToken },
      });
      return { status: res.status, body: res.json<{ data?: unknown }>() };
    };
    const shared = await asViewer('config/screen?area=stock&screen=board');
    expect(shared.status).toBe(200);
    expect((shared.body.data as ResolvedScreen).widgets.map((w) => w.id)).toEqual(['tiles', 'summaryGrid']);
    const viewerRows = await asViewer(`${price.endpoint}?screenName=stock/board`);
    expect(viewerRows.status).toBe(200);
    expect(viewerRows.body.data).toEqual((await demoAdmin.get(price.endpoint, AS_BOARD)).body.data);
    // Only that screen: not the product screens it reads whole, nor another endpoint of theirs.
    expect((await asViewer('config/screen?area=price&screen=kpi')).status).toBe(403);
    expect((await asViewer('config/screen?area=stock&screen=kpi')).status).toBe(403);
    expect((await asViewer('price/kpi/stats?screenName=stock/board')).status).toBe(404);

    // Removed from the overlay: its views, link and exports refuse cleanly.
    await save({});
    expect((await demoAdmin.get('views', { screen: 'stock/board' })).status).toBe(404);
    expect((await asViewer('config/screen?area=stock&screen=board')).status).toBe(404);
    expect((await asViewer(`${price.endpoint}?screenName=stock/board`)).status).toBe(403);
    expect(
      (await demoAdmin.raw('GET', `${price.endpoint}/export?screenName=stock/board&format=csv`)).status,
    ).toBe(404);
    const queued = await demoAdmin.post('exports', {
      endpoint: `${price.endpoint}/export`,
      format: 'csv',
      params: { screenName: 'stock/board' },
    });
    expect(queued.status).toBe(404);
    expect(queued.body.msg).toContain('Unknown screen "stock/board"');
  });
});

describe('live preview of a draft overlay', () => {
  it("serves the draft to its author's group only, checked, and stores nothing", async () => {
    await save({});
    const draft = {
      areas: { stock: { label: 'Draft stock' } },
      screens: { 'stock/data': { hidden: true } },
      ...WITH_BOARD,
    };
    const before = (await demoAdmin.get<{ versions: unknown[] }>('config/overlay/versions')).body.data!
      .versions.length;
    const bad = await demoAdmin.post<OverlayPreviewAnswer>('config/overlay/preview', {
      overlay: { screens: { 'stock/kpi': { permission: 'x' } } },
    });
    expect(bad.body.data).toMatchObject({ valid: false, draftId: null });
    expect(bad.body.data!.problems[0]!.message).toContain('"permission" cannot be changed');

    const preview = await demoAdmin.post<OverlayPreviewAnswer>('config/overlay/preview', { overlay: draft });
    expect(preview.status, preview.body.msg).toBe(200);
    const { draftId } = preview.body.data!;
    expect(draftId).toBeTruthy();
    const at = `config/overlay/drafts/${draftId}/`;
    type Area = { id: string; label: string; tabs: { id: string }[] };
    const stock = (await demoAdmin.get<Area[]>(`${at}config/areas`)).body.data!.find(
      (a) => a.id === 'stock',
    )!;
    expect(stock.label).toBe('Draft stock');
    expect(stock.tabs.map((t) => t.id)).toEqual(['kpi', 'warnings', 'board']);
    const board = await screenOf(demoAdmin, 'board', at);
    expect(board.body.data!.widgets.map((w) => w.id)).toEqual(['tiles', 'summaryGrid']);
    const price = priceQuery(board.body.data!);
    expect((await demoAdmin.get(`${at}${price.endpoint}`, AS_BOARD)).status).toBe(200);

    // Nothing stored or served live: the group still has the global config.
    expect(
      (await demoAdmin.get<{ versions: unknown[] }>('config/overlay/versions')).body.data!.versions,
    ).toHaveLength(before);
    expect((await screenOf(demoAdmin)).status).toBe(404);
    type Areas = Area[];
    expect((await demoAdmin.get<Areas>('config/areas')).body.data!.find((a) => a.id === 'stock')!.label).toBe(
      'Stock',
    );
    // Another group's admin, and a member without the admin role, get nothing of it.
    expect((await rivalAdmin.get(`${at}config/areas`)).status).toBe(404);
    expect((await screenOf(rivalAdmin, 'board', at)).status).toBe(404);
    expect((await stockUser.get(`${at}config/areas`)).status).toBe(403);
  });
});
