/**
 * The screen editor as product staff use it: add a filter in the editor, see it in
 * the live preview on real data, save, use it on the saved screen in another tab; an invalid
 * edit is marked at its line and Save refuses it. The server runs on a copy of screens/
 * (playwright.config.ts), and the edited file is put back at the end for the specs after this one.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { kpiValue, settled } from './support/screen.js';
import { toastsShown, watchToasts } from './support/toastsShown.js';

const FILE = 'stock/kpi.screen.json';
const STATUS_FILTER = `
    {
      "kind": "checkboxGroup",
      "field": "stock_status",
      "label": "Stock status",
      "options": [
        { "value": 1, "label": "In Stock" },
        { "value": 0, "label": "Out Of Stock" }
      ]
    },`;

let page: Page;
let original = '';

const editorLine = (text: string): Locator => page.locator('.cm-line', { hasText: text }).first();
const preview = (): Locator => page.getByRole('region', { name: 'Preview' });

const csrfOf = async (p: Page) => ({
  'x-csrf-token': (await p.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '',
});

async function fileText(): Promise<string> {
  const res = await page.request.get(`/api/v1/config/editor/file?path=${FILE}`);
  return ((await res.json()) as { data: { text: string } }).data.text;
}

/** Puts the caret at the end of the first editor line containing `text`, then types `insert`. */
async function typeAfter(text: string, insert: string, erase = 0): Promise<void> {
  await editorLine(text).click();
  await page.keyboard.press('End');
  for (let i = 0; i < erase; i++) await page.keyboard.press('Backspace');
  await page.keyboard.insertText(insert);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, 'staff@shelfscope.test'); // platform staff alone edit the config (docs/principals.md)
  original = await fileText();
});

test.afterAll(async () => {
  await page.request.put('/api/v1/config/editor/file', {
    data: { path: FILE, text: original },
    headers: await csrfOf(page),
  });
  await page.context().close();
});

test('add a filter in the editor, see it in the preview, save, and use it on the screen in another tab', async () => {
  // Three screen loads (editor preview twice, the saved screen) and a save: past 60 s at load 18.
  test.setTimeout(120_000);
  await page.goto('/workspace');
  await page.getByRole('button', { name: /Stef/ }).click();
  await page.getByRole('menuitem', { name: 'Screen editor' }).click();
  const files = page.getByRole('navigation', { name: 'Config files' });
  await files.getByRole('region', { name: 'stock' }).getByRole('button', { name: 'kpi' }).click();
  await expect(page).toHaveURL(/file=stock%2Fkpi\.screen\.json/);
  await expect(page.getByRole('status').filter({ hasText: 'Valid' })).toBeVisible();
  await expect(kpiValue(page, 'In Stock')).toHaveText(/\d/);

  await typeAfter('"filters": [', STATUS_FILTER);
  // The draft goes to the server's reader (Checking…) before it is Valid again: on a busy 2-core
  // machine that took longer than the default 10 s (both attempts of a full run failed here).
  await expect(page.getByRole('status').filter({ hasText: 'Valid' })).toBeVisible({ timeout: 30_000 });
  const filter = preview().getByRole('checkbox', { name: 'Out Of Stock' });
  await expect(filter).toBeVisible();
  await settled(page);
  const all = await kpiValue(page, 'In Stock').textContent();
  await filter.check();
  await expect(kpiValue(page, 'In Stock')).not.toHaveText(all!);
  // The preview is embedded: its filters stay out of the editor's address.
  await expect(page).toHaveURL(/\?file=stock%2Fkpi\.screen\.json$/);

  await page.getByRole('region', { name: 'Editor' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved ${FILE}; the app serves it now.`)).toBeVisible();
  expect(await fileText()).toContain('"field": "stock_status"');

  const other = await page.context().newPage();
  await other.goto('/workspace/stock/kpi');
  await expect(kpiValue(other, 'In Stock')).toHaveText(/\d/);
  await settled(other);
  const before = await kpiValue(other, 'In Stock').textContent();
  await other.getByRole('checkbox', { name: 'Out Of Stock' }).check();
  await expect(other).toHaveURL(/stock_status=%5B0%5D/);
  await expect(kpiValue(other, 'In Stock')).not.toHaveText(before!);
  await other.close();
});

test('an invalid edit shows the error at its line and saves nothing', async () => {
  const saved = await fileText();
  // An empty title, which the language refuses (it names the tab and the page).
  const line = saved.split('\n').findIndex((l) => l.includes('"title"')) + 1;
  await typeAfter('"title"', '"",', '"KPI",'.length);
  const problem = `${FILE}#/title (${line}:3): must NOT have fewer than 1 characters`;
  await expect(page.getByRole('list', { name: 'Problems' })).toContainText(problem);
  await expect(editorLine('"title"').locator('.cm-lintRange-error')).toHaveText('"title"');
  await expect(page.locator('.cm-gutterElement .cm-lint-marker-error')).toHaveCount(1);

  await page.getByRole('region', { name: 'Editor' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved: 1 problem' })).toBeVisible();
  expect(await fileText()).toBe(saved);
});

test('History lists the saves, shows a version against what serves, and restores it', async () => {
  const before = await fileText();
  const renamed = before.replace('"title": "KPI"', '"title": "Renamed KPI"');
  const put = await page.request.put('/api/v1/config/editor/file', {
    data: { path: FILE, text: renamed },
    headers: await csrfOf(page),
  });
  expect(put.status()).toBe(200);
  await page.goto(`/workspace/config/editor?file=${encodeURIComponent(FILE)}`);
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('The newest stored version serves.')).toBeVisible();
  // The newest row is the rename; the one below it is the first save, with the filter.
  await history.getByRole('row').nth(2).getByRole('button').click();
  await expect(history.getByLabel('Differences')).toContainText('+  "title": "Renamed KPI",');
  await history.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(/^Restored version \d+; the app serves it now\.$/)).toBeVisible();
  expect(await fileText()).toBe(before);
  await expect(editorLine('"title"')).toContainText('"KPI"');
});

test("a group's admin renames a tab for their group in Screen labels", async ({ browser }) => {
  // The page holds a field for every tab of every area: at load 2 with both workers busy, each
  // role lookup on it took seconds and the preview 30 s (1.6 s quiet), past the default minute.
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await signIn(admin);
  await admin.goto('/workspace/stock/kpi');
  await admin.getByRole('button', { name: /Demo/ }).click();
  await admin.getByRole('menuitem', { name: 'Screen labels' }).click();
  await admin.getByRole('textbox', { name: 'Title of stock/kpi' }).fill('Shelf KPIs');
  // The preview serves the draft (config/overlay/drafts/:id) before anything is saved.
  const preview = admin.getByRole('region', { name: 'Preview' });
  // A pause in typing, the check, the draft's menu and its screen: several calls on a loaded CI box.
  await expect(preview.getByRole('heading', { name: 'Shelf KPIs' })).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('tab', { name: /^Shelf KPIs/ })).toBeVisible();
  // The history instead of the preview's screen: the save's 3-second notice is then not missed.
  await admin.getByRole('button', { name: 'History', exact: true }).click();
  // The notice lives 3 s while the page reloads its form of every tab: watched as it is added.
  await watchToasts(admin);
  await admin.getByRole('region', { name: 'Screen labels' }).getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => toastsShown(admin), { timeout: 30_000 })
    .toContain('Saved; your group is served these labels now.');
  await admin.goto('/workspace/stock/kpi');
  await expect(admin.getByRole('tab', { name: 'Shelf KPIs' })).toBeVisible();
  // Put back for the specs after this one: an empty overlay serves the global config.
  const csrf = await csrfOf(admin);
  expect(
    (await admin.request.put('/api/v1/config/overlay', { data: { overlay: {} }, headers: csrf })).status(),
  ).toBe(200);
  await context.close();
});

test("a group's admin, not staff, sees no editor link and is sent away from the page", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const groupAdmin = await context.newPage();
  await signIn(groupAdmin);
  await groupAdmin.goto('/workspace/stock/kpi');
  await groupAdmin.getByRole('button', { name: /Demo/ }).click();
  await expect(groupAdmin.getByRole('menuitem', { name: 'FAQ' })).toBeVisible();
  await expect(groupAdmin.getByRole('menuitem', { name: 'Screen editor' })).toHaveCount(0);
  await groupAdmin.goto('/workspace/config/editor?file=stock%2Fkpi.screen.json');
  await expect(groupAdmin).not.toHaveURL(/config\/editor/);
  const api = await groupAdmin.request.get('/api/v1/config/editor/files');
  expect(api.status()).toBe(403);
  await context.close();
});
