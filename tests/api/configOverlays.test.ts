import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ConfigDiff, ConfigVersionList, SaveAnswer } from '../../src/shared/configEditor.js';
import type { OverlayAnswer } from '../../src/shared/groupOverlay.js';
import type { ResolvedScreen } from '../../src/shared/screenApi.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Group overlays (docs/config-storage.md): Demo Brands' admin changes labels and hides a tab for
// Demo Brands only; Rival Foods keeps the global config. One small server for the whole file.
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
      { screens: { 'stock/kpi': { dates: { default: 'last_1_year' } } } },
      '"last_1_year" is not among the screen\'s presets',
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
