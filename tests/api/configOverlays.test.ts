import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ConfigDiff, ConfigVersionList, SaveAnswer } from '../../src/shared/configEditor.js';
import type { OverlayAnswer, OverlayPreviewAnswer } from '../../src/shared/groupOverlay.js';
import type { QueryResult, ResolvedScreen } from '../../src/shared/screenApi.js';
import type { ApiClient } from './support/apiClient.js';
import { fetchBuffered } from './support/fetchBuffered.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Group overlays (docs/config-storage.md): Demo Brands' admin changes labels and hides a tab for
// Demo Brands only; Rival Foods keeps the global config. Then an extra screen composed from two
// product screens over two datasets (stock and price), what is opened from it (saved views, share
// links, exports), and the live preview of a draft overlay. One small server for the whole file.
let server: TestServer;
let demoAdmin: ApiClient;
let rivalAdmin: ApiClient;
let stockUser: ApiClient;
let staff: ApiClient;

const OVERLAY = {
  areas: { stock: { label: 'Inventory' } },
  screens: {
    'stock/kpi': {
      title: 'Shelf KPIs',
      dates: { default: 'yesterday' },
      filters: { is_competitor: { label: 'Own or rival', default: 0 }, tag_id: { hidden: true } },
      widgets: { tiles: { tiles: { in_stock: { label: 'Listings in stock' } } } },
    },
    'stock/data': { hidden: true },
    'stock/warnings': { hidden: true },
  },
};

interface AreaAnswer {
  id: string;
  label: string;
  tabs: { id: string; title: string }[];
}

const stockArea = async (client: ApiClient) =>
  (await client.get<AreaAnswer[]>('config/areas')).body.data!.find((a) => a.id === 'stock')!;
const kpiScreen = async (client: ApiClient) =>
  (await client.get<ResolvedScreen>('config/screen', { area: 'stock', screen: 'kpi' })).body.data!;
const versions = async (client: ApiClient) =>
  (await client.get<ConfigVersionList>('config/overlay/versions')).body.data!.versions;

const BOARD = {
  title: 'Shelf and price',
  from: 'stock/kpi',
  widgets: ['tiles', { from: 'price/kpi', widget: 'tiles' }, { from: 'price/kpi', widget: 'summaryGrid' }],
};
const WITH_BOARD = { extraScreens: { 'stock/board': BOARD } };
const AS_BOARD = { screenName: 'stock/board' };

const screenOf = (client: ApiClient, screen = 'board', prefix = '') =>
  client.get<ResolvedScreen>(`${prefix}config/screen`, { area: 'stock', screen });
const save = async (overlay: unknown) => {
  const res = await demoAdmin.put('config/overlay', { overlay });
  expect(res.status, res.body.msg).toBe(200);
};
const priceQuery = (screen: ResolvedScreen) =>
  screen.queries!.find((q) => q.endpoint === 'price/data/violation/summary')!;

beforeAll(async () => {
  server = await startTestServer({ DEMO_SKUS: '20', DEMO_DAYS: '7' });
  // One after another: an address may have three sign-ins in flight (src/server/access/auth/loginLimits.ts).
  demoAdmin = await signIn(server);
  rivalAdmin = await signIn(server, 'rival@shelfscope.test');
  stockUser = await signIn(server, 'stock@shelfscope.test');
  staff = await signIn(server, 'staff@shelfscope.test');
});
afterAll(async () => {
  await server?.close();
});

describe('group overlays', () => {
  it("change the group's titles, labels, defaults and tabs for that group only", async () => {
    const saved = await demoAdmin.put<SaveAnswer>('config/overlay', { overlay: OVERLAY });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body.data).toMatchObject({ changed: true, reloaded: true });

    for (const member of [demoAdmin, stockUser]) {
      const area = await stockArea(member);
      expect(area.label).toBe('Inventory');
      expect(area.tabs.map((t) => [t.id, t.title])).toEqual([['kpi', 'Shelf KPIs']]);
    }
    const screen = await kpiScreen(demoAdmin);
    expect(screen.title).toBe('Shelf KPIs');
    expect(screen.tabs.map((t) => t.id)).toEqual(['kpi']);
    expect(screen.dates?.default).toBe('yesterday');
    const fields = (screen.filters ?? []).map((f) => ('field' in f ? f.field : null));
    expect(fields).not.toContain('tag_id');
    expect(screen.filters!.find((f) => 'field' in f && f.field === 'is_competitor')).toMatchObject({
      label: 'Own or rival',
      default: 0,
    });
    const tiles = screen.widgets.find((w) => w.id === 'tiles');
    expect(tiles?.kind === 'kpiTiles' && tiles.tiles.find((t) => t.measure === 'in_stock')?.label).toBe(
      'Listings in stock',
    );
    // A hidden filter is presentation only: the data route still takes it (a drill may pass it).
    expect((await demoAdmin.get('stock/products/stats', { tag_id: '1' })).status).toBe(200);

    // The sidebar (user/menu) names the area and its one tab as the overlay says, for this group.
    type Menu = {
      menuList: { menu_name: string; label: string }[];
      submenuList: { area: string; screen: string; name: string }[];
    };
    const menuOf = async (client: typeof demoAdmin) => (await client.get<Menu>('user/menu')).body.data!;
    const menu = await menuOf(stockUser);
    expect(menu.menuList.find((m) => m.menu_name === 'stock')?.label).toBe('Inventory');
    expect(menu.submenuList.filter((s) => s.area === 'stock').map((s) => [s.screen, s.name])).toEqual([
      ['kpi', 'Shelf KPIs'],
    ]);
    const rivalMenu = await menuOf(rivalAdmin);
    expect(rivalMenu.menuList.find((m) => m.menu_name === 'stock')?.label).toBe('Stock');

    // Rival Foods is served the global config.
    const rivalArea = await stockArea(rivalAdmin);
    expect(rivalArea.label).toBe('Stock');
    expect(rivalArea.tabs.map((t) => t.id)).toEqual(['kpi', 'data', 'warnings']);
    const rivalScreen = await kpiScreen(rivalAdmin);
    expect(rivalScreen.title).toBe('KPI');
    expect((rivalScreen.filters ?? []).some((f) => 'field' in f && f.field === 'tag_id')).toBe(true);
    const rivalOverlay = await rivalAdmin.get<OverlayAnswer>('config/overlay');
    expect(rivalOverlay.body.data).toMatchObject({ overlay: {}, versionId: null });
    expect(await versions(rivalAdmin)).toEqual([]);
  });

  it('refuses an overlay that names anything but the listed properties, or names the config lacks', async () => {
    const before = (await versions(demoAdmin)).length;
    const refused = async (overlay: unknown, message: string | RegExp) => {
      const res = await demoAdmin.put<{ problems: { path: string; message: string }[] }>('config/overlay', {
        overlay,
      });
      expect(res.status, JSON.stringify(overlay)).toBe(400);
      expect(res.body.msg).toMatch(/^Not saved: \d+ problems?\n/);
      expect(res.body.data!.problems.map((p) => p.message).join('\n')).toMatch(message);
    };
    await refused({ screens: { 'stock/kpi': { dataset: 'sales' } } }, '"dataset" cannot be changed');
    await refused(
      { screens: { 'stock/kpi': { permission: 'stock/data' } } },
      '"permission" cannot be changed',
    );
    await refused({ screens: { 'stock/kpi': { queries: [] } } }, '"queries" cannot be changed');
    await refused(
      { screens: { 'stock/kpi': { filters: { brand_id: { source: 'x' } } } } },
      '"source" cannot be changed',
    );
    await refused({ groupId: 2, tenantColumn: 'group_id' }, '"tenantColumn" cannot be changed');
    await refused({ screens: { 'stock/nope': { title: 'X' } } }, 'unknown screen "stock/nope"');
    await refused(
      { screens: { 'stock/kpi': { filters: { is_competitor: { default: 7 } } } } },
      "must be one of the filter's options: 0, 1",
    );
    await refused(
      { screens: { 'stock/kpi': { filters: { brand_id: { default: 3 } } } } },
      'a multiSelect filter has no default value',
    );
    await refused(
      { screens: { 'stock/kpi': { dates: { default: 'all' } } } },
      '"all" is not among the screen\'s presets',
    );
    await refused(
      {
        screens: {
          'stock/kpi': { hidden: true },
          'stock/data': { hidden: true },
          'stock/warnings': { hidden: true },
        },
      },
      'every tab of area "stock" would be hidden',
    );
    await refused({ screens: { 'stock/kpi': { title: '' } } }, 'must be a non-empty text');
    expect(await versions(demoAdmin)).toHaveLength(before);
  });

  it('keeps versions: list, diff and restore, audited with the diff', async () => {
    const renamed = { ...OVERLAY, areas: { stock: { label: 'Shelf' } } };
    expect((await demoAdmin.put('config/overlay', { overlay: renamed })).status).toBe(200);
    expect((await stockArea(demoAdmin)).label).toBe('Shelf');
    const [second, first] = await versions(demoAdmin);
    expect(second).toMatchObject({ author: 'demo@shelfscope.test', restoredFrom: null });
    const diff = await demoAdmin.get<ConfigDiff>('config/overlay/diff', {
      from: String(first!.id),
      to: 'current',
    });
    expect(diff.body.data!.diff).toContain('-      "label": "Inventory"');
    expect(diff.body.data!.diff).toContain('+      "label": "Shelf"');

    const restored = await demoAdmin.post<SaveAnswer>('config/overlay/restore', { versionId: first!.id });
    expect(restored.status, restored.body.msg).toBe(200);
    expect((await stockArea(demoAdmin)).label).toBe('Inventory');
    expect((await versions(demoAdmin))[0]!.restoredFrom).toBe(first!.id);
    const audited = await sql<{ action: string; detail: { diff: string; restoredFrom: number } }>`
      select action, detail from audit_log where target = 'config-overlay:group:1' order by id`.execute(
      server.server.app.deps.store.db,
    );
    expect(audited.rows.map((r) => r.action)).toEqual([
      'config.overlay.saved',
      'config.overlay.saved',
      'config.overlay.restored',
    ]);
    expect(audited.rows[2]!.detail.diff).toContain('+      "label": "Inventory"');
    // Another group's version is unknown to Rival Foods: neither readable nor restorable.
    expect((await rivalAdmin.post('config/overlay/restore', { versionId: first!.id })).status).toBe(404);
    expect(
      (await rivalAdmin.get('config/overlay/diff', { from: String(first!.id), to: 'current' })).status,
    ).toBe(404);
  });

  it("needs the group's admin role, and gives a group admin no way into the global config", async () => {
    for (const other of [stockUser, staff]) {
      expect((await other.get('config/overlay')).status).toBe(403);
      expect((await other.put('config/overlay', { overlay: {} })).status).toBe(403);
    }
    const text = JSON.stringify({ kind: 'screen' });
    expect((await demoAdmin.put('config/editor/file', { path: 'stock/kpi.screen.json', text })).status).toBe(
      403,
    );
    expect((await demoAdmin.get('config/editor/versions', { path: 'stock/kpi.screen.json' })).status).toBe(
      403,
    );
    const page = await demoAdmin.get<OverlayAnswer>('config/overlay');
    expect(page.body.data!.areas.find((a) => a.id === 'stock')?.tabs.map((t) => t.key)).toEqual([
      'stock/kpi',
      'stock/data',
      'stock/warnings',
    ]);
  });
  it('adds a screen built from a product screen for that group only; another group never sees it', async () => {
    const shelf = { title: 'Shelf view', from: 'stock/kpi', widgets: ['brandGrid', 'tiles'] };
    const refused = async (extra: unknown, message: string) => {
      const res = await demoAdmin.put<{ problems: { message: string }[] }>('config/overlay', {
        overlay: { extraScreens: extra },
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.data!.problems.map((p) => p.message).join('\n')).toContain(message);
    };
    await refused({ 'stock/kpi': shelf }, 'the product already has a screen "stock/kpi"');
    await refused(
      { 'stock/shelf': { ...shelf, from: 'sales/bestsellers' } },
      'built from a screen of that area',
    );
    await refused({ 'stock/shelf': { ...shelf, widgets: ['nope'] } }, 'unknown widget "nope" of "stock/kpi"');
    await refused({ 'stock/shelf': { ...shelf, dataset: 'sales' } }, '"dataset" cannot be changed');
    await refused(
      { 'stock/shelf': { ...shelf, tenantColumn: 'city_id' } },
      '"tenantColumn" cannot be changed',
    );
    await refused({ 'stock/shelf': { title: 'No source' } }, 'an extra screen needs "from"');
    await refused({ 'nope/shelf': shelf }, 'unknown area "nope"');

    const saved = await demoAdmin.put('config/overlay', {
      overlay: { ...OVERLAY, extraScreens: { 'stock/shelf': shelf } },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    for (const member of [demoAdmin, stockUser])
      expect((await stockArea(member)).tabs.map((t) => [t.id, t.title])).toEqual([
        ['kpi', 'Shelf KPIs'],
        ['shelf', 'Shelf view'],
      ]);
    const screen = await demoAdmin.get<ResolvedScreen>('config/screen', { area: 'stock', screen: 'shelf' });
    expect(screen.status).toBe(200);
    expect(screen.body.data!.widgets.map((w) => w.id)).toEqual(['brandGrid', 'tiles']);
    expect(screen.body.data!.dataset).toBe('stock');
    // Its data and filter options are the product's, asked as the extra screen.
    const stats = await demoAdmin.get('stock/products/stats', { screenName: 'stock/shelf' });
    expect(stats.status).toBe(200);
    const source = screen.body
      .data!.filters!.map((f) => ('source' in f ? f.source : undefined))
      .find(Boolean);
    expect(source).toBeTruthy();
    expect((await demoAdmin.get(`suggestion/${source}`, { screenName: 'stock/shelf' })).status).toBe(200);

    // Rival Foods: no tab, no screen, no menu entry, no options under that name.
    expect((await stockArea(rivalAdmin)).tabs.map((t) => t.id)).toEqual(['kpi', 'data', 'warnings']);
    expect((await rivalAdmin.get('config/screen', { area: 'stock', screen: 'shelf' })).status).toBe(404);
    expect((await rivalAdmin.get(`suggestion/${source}`, { screenName: 'stock/shelf' })).status).toBe(404);
    const rivalMenu = await rivalAdmin.get<{ submenuList: { area: string; screen: string }[] }>('user/menu');
    expect(rivalMenu.body.data!.submenuList.some((s) => s.screen === 'shelf')).toBe(false);
    const menu = await stockUser.get<{ submenuList: { area: string; screen: string }[] }>('user/menu');
    expect(menu.body.data!.submenuList.some((s) => s.area === 'stock' && s.screen === 'shelf')).toBe(true);
  });
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
      ['tiles', { from: 'stock/kpi', widget: 'tiles' }],
      'widget "tiles" of "stock/kpi" is on this screen already',
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
    // Both screens have a widget "tiles": the price one is told apart by its screen.
    expect(board.widgets.map((w) => w.id)).toEqual(['tiles', 'tiles_price_kpi', 'summaryGrid']);
    expect(board.dataset).toBe('stock');
    const price = priceQuery(board);
    expect(price.id).toMatch(/^from__price_kpi_/);
    // The price tiles come without drills: theirs open a tab of the price area.
    const priceTiles = board.widgets[1]!;
    expect(priceTiles.kind === 'kpiTiles' && priceTiles.tiles.some((t) => t.drill)).toBe(false);
    // The price dataset's measures come with it, for the grid's headers and formats.
    const grid = board.widgets[2]!;
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
    // A tile's rows (insights) are its own screen's, under the extra screen's name.
    const drill = { query: 'stats', measure: 'in_stock' };
    const boardRows = await demoAdmin.get('insights/drill', { ...drill, screen: 'stock/board' });
    expect(boardRows.status, boardRows.body.msg).toBe(200);
    expect(boardRows.body.data).toEqual(
      (await demoAdmin.get('insights/drill', { ...drill, screen: 'stock/kpi' })).body.data,
    );
    const priceTile = { screen: 'stock/board', query: price.id, measure: price.measures[0]! };
    // An extra screen opens no endpoint it does not show.
    expect((await demoAdmin.get('price/kpi/topViolators', AS_BOARD)).status).toBe(404);

    // The stock-only user gets the tab and the stock tiles, not the price grid, nor its data.
    const stockView = await screenOf(stockUser);
    expect(stockView.status).toBe(200);
    expect(stockView.body.data!.widgets.map((w) => w.id)).toEqual(['tiles']);
    expect(stockView.body.data!.queries!.some((q) => q.endpoint.startsWith('price/'))).toBe(false);
    expect((await stockUser.get(price.endpoint, AS_BOARD)).status).toBe(403);
    expect((await stockUser.get('insights/drill', priceTile)).status).toBe(403);
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
    expect((shared.body.data as ResolvedScreen).widgets.map((w) => w.id)).toEqual([
      'tiles',
      'tiles_price_kpi',
      'summaryGrid',
    ]);
    const viewerRows = await asViewer(`${price.endpoint}?screenName=stock/board`);
    expect(viewerRows.status).toBe(200);
    expect(viewerRows.body.data).toEqual((await demoAdmin.get(price.endpoint, AS_BOARD)).body.data);
    // Only that screen: not the product screens it reads whole, nor another endpoint of theirs.
    expect((await asViewer('config/screen?area=price&screen=kpi')).status).toBe(403);
    // Its menu names that one screen, not the product screens it reads.
    const menu = (await asViewer('user/menu')).body.data as { submenuList: { url: string }[] };
    expect(menu.submenuList.map((s) => s.url)).toEqual(['/workspace/stock/board']);
    expect((await asViewer('config/screen?area=stock&screen=kpi')).status).toBe(403);
    expect((await asViewer('price/kpi/topViolators?screenName=stock/board')).status).toBe(404);
    // Nor a source screen's endpoints called without the shared screen's name, or under another.
    expect((await asViewer(price.endpoint)).status).toBe(403);
    expect((await asViewer('price/kpi/topViolators')).status).toBe(403);
    expect((await asViewer(`${price.endpoint}?screenName=price/kpi`)).status).toBe(403);
    // Filter options likewise: the shared screen's, never a source screen's asked by its name.
    const option = (shared.body.data as ResolvedScreen)
      .filters!.map((f) => ('source' in f ? f.source : undefined))
      .find(Boolean)!;
    expect((await asViewer(`suggestion/${option}?screenName=stock/board`)).status).toBe(200);
    for (const source of ['stock/kpi', 'price/kpi'])
      expect((await asViewer(`suggestion/${option}?screenName=${source}`)).status, source).toBe(403);

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
    expect(board.body.data!.widgets.map((w) => w.id)).toEqual(['tiles', 'tiles_price_kpi', 'summaryGrid']);
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
