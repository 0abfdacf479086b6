import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type {
  ConfigDiff,
  ConfigFileEntry,
  ConfigVersionList,
  EditorProblem,
  SaveAnswer,
  ValidateAnswer,
} from '../../src/shared/configEditor.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// The real server with hot reload on, over a private copy of screens/ standing for the files in
// git; saves go to the store (docs/config-storage.md). API_TEST_PG=1 runs it on PostgreSQL.
const root = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-editor-'));
const screens = path.join(root, 'screens');
const KPI = 'stock/kpi.screen.json';
const STATUS_FILTER = {
  kind: 'checkboxGroup',
  field: 'stock_status',
  label: 'Stock status',
  options: [
    { value: 1, label: 'In Stock' },
    { value: 0, label: 'Out Of Stock' },
  ],
};
let server: TestServer;
let staff: ApiClient;
let stockOnly: ApiClient;
let rival: ApiClient;

const kpiText = () => readFileSync(path.join(screens, KPI), 'utf8');
/** The file with one top-level property set (written, like the editor's user would, as formatted JSON). */
const withProperty = (text: string, key: string, value: unknown) =>
  `${JSON.stringify({ ...(JSON.parse(text) as object), [key]: value }, null, 2)}\n`;
const withStatusFilter = (text: string) => {
  const config = JSON.parse(text) as { filters: object[] };
  return `${JSON.stringify({ ...config, filters: [...config.filters, STATUS_FILTER] }, null, 2)}\n`;
};

beforeAll(async () => {
  cpSync('screens', screens, { recursive: true });
  server = await startTestServer(
    { SCREENS_DIR: screens, DEMO_SKUS: '20', DEMO_DAYS: '7' },
    { watchConfig: true },
  );
  // The editor is platform staff's (docs/principals.md): group admins get 403 like anyone else.
  // One after another: an address may have three sign-ins in flight (src/server/access/auth/loginLimits.ts).
  staff = await signIn(server, 'staff@shelfscope.test');
  rival = await signIn(server, 'rival@shelfscope.test');
  stockOnly = await signIn(server, 'stock@shelfscope.test');
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('screen editor API', () => {
  it('lists the config files and reads one', async () => {
    const files = await staff.get<{ files: { path: string; kind: string }[] }>('config/editor/files');
    expect(files.status).toBe(200);
    expect(files.body.data!.files).toContainEqual({ path: KPI, kind: 'screen', area: 'stock', id: 'kpi' });
    expect(files.body.data!.files).toContainEqual({
      path: 'datasets/stock.dataset.json',
      kind: 'dataset',
      area: null,
      id: 'stock',
    });
    const file = await staff.get<{ text: string }>('config/editor/file', { path: KPI });
    expect(file.body.data!.text).toBe(kpiText());
  });

  it('validates a draft with the validator messages at their line, and previews a valid one on real data', async () => {
    const broken = withProperty(kpiText(), 'pageSize', 'ten');
    const bad = await staff.post<ValidateAnswer>('config/editor/validate', { path: KPI, text: broken });
    expect(bad.body.data!.valid).toBe(false);
    const line = broken.split('\n').findIndex((l) => l.includes('"pageSize"')) + 1;
    expect(bad.body.data!.problems).toContainEqual(
      expect.objectContaining({
        file: KPI,
        pointer: '/pageSize',
        message: 'must be integer',
        line,
        column: 3,
      }),
    );
    const syntax = await staff.post<ValidateAnswer>('config/editor/validate', {
      path: KPI,
      text: '{\n  "kind": "screen",\n}',
    });
    expect(syntax.body.data!.problems[0]).toMatchObject({ line: 3, column: 1 });
    expect(syntax.body.data!.problems[0]!.message).toMatch(/^invalid JSON: /);

    const good = await staff.post<ValidateAnswer>('config/editor/validate', {
      path: KPI,
      text: withStatusFilter(kpiText()),
    });
    expect(good.body.data).toMatchObject({
      valid: true,
      problems: [],
      preview: { area: 'stock', screen: 'kpi' },
    });
    const draft = `config/editor/drafts/${good.body.data!.draftId!}`;
    const screen = await staff.get<{ filters: { field: string }[] }>(`${draft}/config/screen`, {
      area: 'stock',
      screen: 'kpi',
    });
    expect(screen.body.data!.filters.map((f) => f.field)).toContain('stock_status');
    const all = await staff.get<{ rows: { in_stock: number }[] }>(`${draft}/stock/products/stats`);
    const inStock = await staff.get<{ rows: { in_stock: number }[] }>(`${draft}/stock/products/stats`, {
      stock_status: '1',
    });
    expect(all.body.data!.rows[0]!.in_stock).toBeGreaterThan(0);
    // The filter applies: only listings in stock on the last crawl (docs/metrics.md), fewer than all.
    expect(inStock.body.data!.rows[0]!.in_stock).toBeGreaterThan(0);
    expect(inStock.body.data!.rows[0]!.in_stock).toBeLessThan(all.body.data!.rows[0]!.in_stock);
    const options = await staff.get(`${draft}/suggestion/brand`, { screenName: 'stock/kpi' });
    expect(options.body.statusCode).toBe(1);
    // The live screen is unchanged: a draft is never saved.
    const live = await staff.get(`stock/products/stats`, { stock_status: '1' });
    expect(live.status).toBe(400);
  });

  it('refuses an invalid save with the validator lines and writes nothing', async () => {
    const before = kpiText();
    const res = await staff.put<{ problems: EditorProblem[] }>('config/editor/file', {
      path: KPI,
      text: withProperty(before, 'pageSize', 'ten'),
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(
      /^Not saved: 1 problem\nstock\/kpi\.screen\.json#\/pageSize \(\d+:3\): must be integer$/,
    );
    expect(res.body.data!.problems[0]).toMatchObject({ file: KPI, pointer: '/pageSize' });
    expect(kpiText()).toBe(before);
  });

  it('refuses paths outside the layout: traversal, other extensions, absolute paths', async () => {
    for (const bad of [
      '../package.json',
      'stock/../../package.json',
      'stock/kpi.screen.js',
      '/etc/passwd',
      'stock/notes.json',
      'datasets/area.json',
    ]) {
      const read = await staff.get('config/editor/file', { path: bad });
      const save = await staff.put('config/editor/file', { path: bad, text: '{}' });
      expect([read.status, save.status], bad).toEqual([400, 400]);
    }
    expect(existsSync(path.join(screens, 'stock', 'notes.json'))).toBe(false);
    const empty = await staff.put('config/editor/file', { path: KPI });
    expect(empty.status).toBe(400);
  });

  it('saves a valid edit to the store, audits who and the diff, and serves it at once', async () => {
    const git = kpiText();
    const res = await staff.put<SaveAnswer>('config/editor/file', { path: KPI, text: withStatusFilter(git) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ path: KPI, changed: true, reloaded: true });
    // The file in git is left as it was; the editor reads what serves.
    expect(kpiText()).toBe(git);
    const served = await staff.get<{ text: string }>('config/editor/file', { path: KPI });
    expect(served.body.data!.text).toBe(withStatusFilter(git));
    const stats = await staff.get<{ rows: unknown[] }>('stock/products/stats', { stock_status: '0' });
    expect(stats.status).toBe(200);
    const rows = await sql<{ action: string; target: string; detail: { diff: string }; actor: string }>`
      select a.action, a.target, a.detail, u.user_name as actor from audit_log a join users u on u.id = a.actor_user_id
      where a.target = ${`config:${KPI}`}`.execute(server.server.app.deps.store.db);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ action: 'config.saved', actor: 'staff@shelfscope.test' });
    expect(rows.rows[0]!.detail.diff).toContain('+      "field": "stock_status",');
  });

  it('lists the versions of a file, diffs them, and restores one in one call, audited', async () => {
    const first = (await staff.get<{ text: string }>('config/editor/file', { path: KPI })).body.data!.text;
    const titled = withProperty(first, 'title', 'Availability');
    expect((await staff.put('config/editor/file', { path: KPI, text: titled })).status).toBe(200);
    const list = await staff.get<ConfigVersionList>('config/editor/versions', { path: KPI });
    expect(list.status).toBe(200);
    const { versions, serving, gitSize } = list.body.data!;
    expect(serving).toBe('store');
    expect(gitSize).toBe(Buffer.byteLength(kpiText()));
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({ author: 'staff@shelfscope.test', size: Buffer.byteLength(titled) });
    expect(Date.parse(versions[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const diff = await staff.get<ConfigDiff>('config/editor/diff', {
      path: KPI,
      from: String(versions[1]!.id),
      to: 'current',
    });
    expect(diff.body.data!.diff).toContain('+  "title": "Availability"');
    const vsGit = await staff.get<ConfigDiff>('config/editor/diff', {
      path: KPI,
      from: 'git',
      to: 'current',
    });
    expect(vsGit.body.data!.diff).toContain('+      "field": "stock_status",');

    const restored = await staff.post<SaveAnswer>('config/editor/restore', {
      path: KPI,
      versionId: versions[1]!.id,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ changed: true, reloaded: true });
    expect(
      (await staff.get<{ title: string }>('config/screen', { area: 'stock', screen: 'kpi' })).body.data!
        .title,
    ).toBe('KPI');
    const after = (await staff.get<ConfigVersionList>('config/editor/versions', { path: KPI })).body.data!;
    expect(after.versions[0]!.restoredFrom).toBe(versions[1]!.id);
    const audited = await sql<{ action: string; detail: { restoredFrom: number; diff: string } }>`
      select action, detail from audit_log where target = ${`config:${KPI}`} order by id desc limit 1`.execute(
      server.server.app.deps.store.db,
    );
    expect(audited.rows[0]).toMatchObject({
      action: 'config.restored',
      detail: { restoredFrom: versions[1]!.id },
    });
    expect(audited.rows[0]!.detail.diff).toContain('-  "title": "Availability"');
  });

  it('refuses to restore a version that no longer validates, listing the problems', async () => {
    const before = (await staff.get<{ text: string }>('config/editor/file', { path: KPI })).body.data!.text;
    // A version stored when the language still took it: today's checker refuses it.
    const { id } = await server.server.app.deps.store.db
      .insertInto('config_versions')
      .values({
        group_id: null,
        path: KPI,
        text: withProperty(before, 'pageSize', 'ten'),
        size: 1,
        base_sha: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await staff.post<{ problems: EditorProblem[] }>('config/editor/restore', {
      path: KPI,
      versionId: id,
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(
      /^Not restored: 1 problem\nstock\/kpi\.screen\.json#\/pageSize \(\d+:3\): must be integer$/,
    );
    expect(res.body.data!.problems[0]).toMatchObject({ pointer: '/pageSize', message: 'must be integer' });
    expect(
      (await staff.post('config/editor/restore', { path: 'stock/data.screen.json', versionId: id })).status,
    ).toBe(404);
    await server.server.app.deps.store.db.deleteFrom('config_versions').where('id', '=', id).execute();
  });

  it('serves the file in git once it changes under a stored save; the save can be restored over it', async () => {
    const stored = (await staff.get<{ text: string }>('config/editor/file', { path: KPI })).body.data!.text;
    expect(stored).not.toBe(kpiText());
    writeFileSync(path.join(screens, KPI), withProperty(kpiText(), 'title', 'From git'));
    const title = async () =>
      (await staff.get<{ title: string }>('config/screen', { area: 'stock', screen: 'kpi' })).body.data!
        .title;
    for (let i = 0; i < 50 && (await title()) !== 'From git'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await title()).toBe('From git');
    const files = (await staff.get<{ files: ConfigFileEntry[] }>('config/editor/files')).body.data!.files;
    expect(files.find((f) => f.path === KPI)?.stored).toBe('superseded');
    const list = (await staff.get<ConfigVersionList>('config/editor/versions', { path: KPI })).body.data!;
    expect(list.serving).toBe('git');
    const res = await staff.post('config/editor/restore', { path: KPI, versionId: list.versions[0]!.id });
    expect(res.status).toBe(200);
    expect(await title()).toBe('KPI');
    expect(
      (await staff.get<{ files: ConfigFileEntry[] }>('config/editor/files')).body.data!.files,
    ).toContainEqual(expect.objectContaining({ path: KPI, stored: 'served' }));
  });

  it("answers 403 to a group admin's save (Rival Foods') and changes nothing", async () => {
    const before = (await staff.get<{ text: string }>('config/editor/file', { path: KPI })).body.data!.text;
    const save = await rival.put('config/editor/file', { path: KPI, text: withStatusFilter(before) });
    expect(save.status).toBe(403);
    expect((await rival.get('config/editor/files')).status).toBe(403);
    expect((await rival.get('config/editor/versions', { path: KPI })).status).toBe(403);
    expect((await rival.post('config/editor/restore', { path: KPI, versionId: 1 })).status).toBe(403);
    expect((await staff.get<{ text: string }>('config/editor/file', { path: KPI })).body.data!.text).toBe(
      before,
    );
  });

  it('drops a stored save: the file in git serves again, audited; a drop the other saves need is refused', async () => {
    const title = async () =>
      (await staff.get<{ title: string }>('config/screen', { area: 'stock', screen: 'kpi' })).body.data!
        .title;
    // A stored save serves over the file in git (the earlier cases left one).
    expect(
      (await staff.get<ConfigVersionList>('config/editor/versions', { path: KPI })).body.data!.serving,
    ).toBe('store');
    expect((await rival.post('config/editor/drop', { path: KPI })).status).toBe(403);
    const dropped = await staff.post<SaveAnswer>('config/editor/drop', { path: KPI });
    expect([dropped.status, dropped.body.data]).toEqual([200, { path: KPI, changed: true, reloaded: true }]);
    expect((await staff.get<{ text: string }>('config/editor/file', { path: KPI })).body.data!.text).toBe(
      kpiText(),
    );
    expect(await title()).toBe((JSON.parse(kpiText()) as { title: string }).title);
    const files = (await staff.get<{ files: ConfigFileEntry[] }>('config/editor/files')).body.data!.files;
    expect(files.find((f) => f.path === KPI)?.stored).toBeUndefined();
    const list = (await staff.get<ConfigVersionList>('config/editor/versions', { path: KPI })).body.data!;
    expect(list.serving).toBe('git');
    expect(list.versions[0]).toMatchObject({ dropped: true, author: 'staff@shelfscope.test' });
    expect(list.versions.slice(1).every((v) => !v.dropped)).toBe(true);
    const audited = await sql<{ action: string; detail: { diff: string } }>`
      select action, detail from audit_log where target = ${`config:${KPI}`} order by id desc limit 1`.execute(
      server.server.app.deps.store.db,
    );
    expect(audited.rows[0]!.action).toBe('config.dropped');
    expect(audited.rows[0]!.detail.diff).toContain('-  "title": "KPI"');
    // Nothing left to drop, and a drop is no version to restore.
    expect((await staff.post('config/editor/drop', { path: KPI })).status).toBe(404);
    const again = await staff.post('config/editor/restore', { path: KPI, versionId: list.versions[0]!.id });
    expect(again.status).toBe(400);

    // A screen made in the editor and named by a stored area: dropping the screen alone would
    // leave the area naming a missing tab, so it is refused with the problem.
    const extra = 'stock/extra.screen.json';
    const area = 'stock/area.json';
    const areaText = readFileSync(path.join(screens, area), 'utf8');
    const extraScreen = {
      $schema: '../../schemas/screen.schema.json',
      schemaVersion: 2,
      kind: 'screen',
      title: 'Extra',
      widgets: [
        {
          kind: 'grid',
          id: 'notes',
          title: 'Notes',
          rows: { endpoint: 'faq/list' },
          rowKey: ['id'],
          columns: [{ kind: 'text', field: 'question', header: 'Question' }],
        },
      ],
      layout: [{ kind: 'row', widgets: ['notes'] }],
    };
    const made = await staff.put('config/editor/file', { path: extra, text: JSON.stringify(extraScreen) });
    expect(made.status, made.body.msg).toBe(200);
    const withTab = withProperty(areaText, 'tabs', [
      ...(JSON.parse(areaText) as { tabs: string[] }).tabs,
      'extra',
    ]);
    expect((await staff.put('config/editor/file', { path: area, text: withTab })).status).toBe(200);
    const refused = await staff.post<{ problems: EditorProblem[] }>('config/editor/drop', { path: extra });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^Not dropped: \d+ problem/);
    expect(refused.body.msg).toContain('extra');
    expect((await staff.post('config/editor/drop', { path: area })).status).toBe(200);
    expect((await staff.post('config/editor/drop', { path: extra })).status).toBe(200);
    expect((await staff.get('config/editor/file', { path: extra })).status).toBe(404);
    expect((await staff.get('config/screen', { area: 'stock', screen: 'extra' })).status).toBe(404);
  });

  it('answers 403 to a non-staff user on every editor endpoint, whatever the input', async () => {
    const calls = [
      stockOnly.get('config/editor/files'),
      stockOnly.get('config/editor/file', { path: KPI }),
      stockOnly.get('config/editor/file', { path: '../x' }),
      stockOnly.get('config/editor/schema', { kind: 'screen' }),
      stockOnly.post('config/editor/validate', { path: KPI, text: kpiText() }),
      stockOnly.put('config/editor/file', { path: KPI, text: '{}' }),
      stockOnly.post('config/editor/drop', { path: KPI }),
      stockOnly.get('config/editor/drafts/x/config/screen', { area: 'stock', screen: 'kpi' }),
      stockOnly.get('config/editor/drafts/x/stock/products/stats'),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
  });

  it('answers 404 for an unknown draft, and serves the bundled schema', async () => {
    const good = await staff.post<ValidateAnswer>('config/editor/validate', { path: KPI, text: kpiText() });
    expect(good.body.data!.valid).toBe(true);
    const other = await staff.get(`config/editor/drafts/not-a-draft/stock/products/stats`);
    expect(other.status).toBe(404);
    const schema = await staff.get<{ properties: Record<string, unknown> }>('config/editor/schema', {
      kind: 'screen',
    });
    expect(Object.keys(schema.body.data!.properties)).toContain('filters');
  });
});
