import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateAnswer } from '../../src/shared/configEditor.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// The attack of the editor's draft preview: a dataset whose tenant scope names another column
// (city_id, whose ids overlap group ids) answered another group's rows. The engine owns the scope
// now (src/server/platform/warehouse/schema/tenantKey.ts): the checker refuses any config that names it.
const root = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-tenant-'));
const screens = path.join(root, 'screens');
const STOCK = 'datasets/stock.dataset.json';
const UPLOAD_SCREEN = 'manualUploads/uploadChartData.screen.json';
const MESSAGE =
  'tenantColumn is not part of the config language: the engine scopes every table by its tenant key (group_id)';
let server: TestServer;
let editor: ApiClient;

const read = (file: string) => readFileSync(path.join(screens, file), 'utf8');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

beforeAll(async () => {
  cpSync('screens', screens, { recursive: true });
  server = await startTestServer({ SCREENS_DIR: screens, DEMO_SKUS: '20', DEMO_DAYS: '7' });
  editor = await signIn(server, 'staff@shelfscope.test'); // platform staff: the editor's only users
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('tenant scope in config', () => {
  it('refuses a dataset draft that names tenantColumn at its line, so there is no draft to preview', async () => {
    const text = json({ ...(JSON.parse(read(STOCK)) as object), tenantColumn: 'city_id' });
    const res = await editor.post<ValidateAnswer>('config/editor/validate', { path: STOCK, text });
    expect(res.body.data).toMatchObject({ valid: false, draftId: null });
    const line = text.split('\n').findIndex((l) => l.includes('"tenantColumn"')) + 1;
    expect(res.body.data!.problems).toContainEqual(
      expect.objectContaining({ file: STOCK, pointer: '/tenantColumn', message: MESSAGE, line }),
    );
    const save = await editor.put('config/editor/file', { path: STOCK, text });
    expect(save.status).toBe(400);
    expect(read(STOCK)).not.toContain('tenantColumn');
  });

  it('refuses an upload that names tenantColumn or fills the tenant key itself', async () => {
    const screen = JSON.parse(read(UPLOAD_SCREEN)) as { uploads: { target: Record<string, unknown> }[] };
    const target = screen.uploads[0]!.target;
    const named = json({
      ...screen,
      uploads: [{ ...screen.uploads[0], target: { ...target, tenantColumn: 'city_id' } }],
    });
    const fixed = json({
      ...screen,
      uploads: [
        { ...screen.uploads[0], target: { ...target, fixed: { ...(target.fixed as object), group_id: 2 } } },
      ],
    });
    const [a, b] = await Promise.all([
      editor.post<ValidateAnswer>('config/editor/validate', { path: UPLOAD_SCREEN, text: named }),
      editor.post<ValidateAnswer>('config/editor/validate', { path: UPLOAD_SCREEN, text: fixed }),
    ]);
    expect(a.body.data!.problems).toContainEqual(
      expect.objectContaining({ pointer: '/uploads/0/target/tenantColumn', message: MESSAGE }),
    );
    expect(b.body.data!.problems).toContainEqual(
      expect.objectContaining({
        pointer: '/uploads/0/target/fixed/group_id',
        message:
          'group_id is the tenant key: the engine sets it to the uploading group, no config may name it',
      }),
    );
  });
});
