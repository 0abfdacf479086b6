/**
 * The header's Report link opens the report files, a report is
 * narrowed in the 'Select Filters' panel and generated as a job (progress, then the file downloads
 * itself and is listed); the header bell counts the group's unread alerts and lists them.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';

// Generating a report is a job: allow for a loaded machine.
test.setTimeout(180_000);

test('reports: header link, Select Filters, generate with progress, the file is listed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/workspace/dashboard/home');
  await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: 'Report' }).click();
  await expect(page).toHaveURL(/\/workspace\/reports\/download_report(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Report files' })).toBeVisible();

  await page.goto('/workspace/report/reports');
  await page.getByRole('radio', { name: /Price data/ }).check();
  await page.getByRole('button', { name: 'Select Filters' }).click();
  const panel = page.getByRole('dialog', { name: 'Select Filters' });
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())?.width).toBe(400);
  await expect(panel.getByRole('button', { name: 'Clear' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Close' })).toBeVisible();
  await panel.getByLabel('Channel').click();
  const menu = page.locator('.ss-select__menu-list');
  await expect(menu).toBeVisible();
  expect(await menu.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('220px');
  await page.getByRole('option', { name: 'Amazon', exact: true }).click();
  await page.screenshot({ path: 'test-results/reports-select-filters.png' });
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByText('Amazon').first()).toBeVisible(); // the selected-filter tag

  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Hold On!')).toBeVisible();
  await expect(page.getByText('File is being generated...')).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^price-products-data-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const files = page.getByRole('table', { name: 'Report files' });
  await expect(files.getByRole('row').nth(1)).toContainText('Ready');
  await expect(files.getByRole('row').nth(1).getByRole('link', { name: 'Download' })).toBeVisible();
  await page.screenshot({ path: 'test-results/reports-generated.png' });
});

/** The API in the page's signed-in context (cookies and the CSRF header of the browser). */
async function api(page: Page) {
  const context = page.context();
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const headers = { 'x-csrf-token': csrf };
  return {
    get: async <T>(route: string) =>
      ((await (await context.request.get(`/api/v1/${route}`)).json()) as { data: T }).data,
    post: async <T>(route: string, data: unknown = {}) =>
      ((await (await context.request.post(`/api/v1/${route}`, { data, headers })).json()) as { data: T })
        .data,
    remove: (route: string) => context.request.delete(`/api/v1/${route}`, { headers }),
  };
}

interface RuleView {
  id: number;
  name: string;
  status: string;
}

test('alerts: the bell counts unread alerts, lists them, marks them read and links to the Alerts screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  // Fresh alerts of this attempt's own: everything read, then a new rule that the server
  // evaluates against the latest load as it is saved (a retry makes another rule, so it never
  // finds its alerts already read).
  // A second rule of the kind of the group's newest alert (its default threshold) finds those
  // subjects again under its own dedup keys; the demo data moves with the day, so a fixed kind
  // may have nothing to raise on some days.
  const call = await api(page);
  let newest: { kind: string; title: string } | undefined;
  await expect
    .poll(
      async () => ([newest] = await call.get<{ kind: string; title: string }[]>('alerts?limit=1')).length,
      {
        timeout: 60_000, // the server's first evaluation of the demo load
      },
    )
    .toBe(1);
  const kindTitle = newest!.title.split(':')[0]!;
  await call.post('alerts/read');
  const name = `E2E bell ${Date.now()}`;
  // An anomaly rule names its measure (the seeded one watches units per brand).
  const watch =
    newest!.kind === 'anomaly' ? { dataset: 'sales', measure: 'units', by: 'brand_id' } : undefined;
  const rule = await call.post<RuleView>('alert-rules', { kind: newest!.kind, name, watch });
  let unread = 0;
  await expect
    .poll(async () => (unread = (await call.get<{ unread: number }>('alerts/unread')).unread), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);

  await page.goto('/workspace/dashboard/home');
  const bell = page.getByRole('button', { name: /^Alerts, \d+ unread$/ });
  await expect(bell).toHaveAccessibleName(`Alerts, ${unread} unread`, { timeout: 30_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Alerts' });
  // The latest ten, read or not; the unread ones (ours, newest first) are marked.
  const latest = (await call.get<unknown[]>('alerts?limit=10')).length;
  await expect(panel.getByRole('listitem')).toHaveCount(latest, { timeout: 30_000 });
  await expect(panel.locator('li.is-unread')).toHaveCount(Math.min(unread, 10));
  await expect(panel.getByRole('listitem').first()).toContainText(kindTitle);
  await page.screenshot({ path: 'test-results/alerts-bell.png' });
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Alerts, 0 unread');

  await panel.getByRole('link', { name: 'All alerts and rules' }).click();
  await expect(page).toHaveURL(/\/workspace\/alerts\/alerts(\?|$)/);
  await expect(panel).toBeHidden();
  const rules = page.getByRole('region', { name: 'Alert rules' });
  await expect(rules.getByRole('row', { name: new RegExp(name) })).toBeVisible({ timeout: 30_000 });
  // The six seeded kinds' rules are there too.
  expect(await rules.getByRole('row').count()).toBeGreaterThanOrEqual(7);
  await page.screenshot({ path: 'test-results/alerts-screen.png', fullPage: true });
  expect((await call.remove(`alert-rules/${rule.id}`)).status()).toBe(200);
});

test('alerts: an admin edits a rule, and an edit made stale meanwhile is refused', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const call = await api(page);
  const name = `E2E edit ${Date.now()}`;
  const rule = await call.post<RuleView>('alert-rules', { kind: 'price_violation', name });

  await page.goto('/workspace/alerts/alerts');
  const rules = page.getByRole('region', { name: 'Alert rules' });
  const row = rules.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit rule ${name}` });
  await expect(form.getByLabel('Name')).toHaveValue(name);
  await form.getByLabel('Name').fill(`${name} (renamed)`);
  await form.getByLabel('Watch').selectOption({ label: 'Content score drop (points)' });
  await form.getByLabel('Threshold (optional)').fill('5');
  await form.getByLabel('Digest to (e-mails, comma-separated)').fill('brand@example.com');
  await form.getByLabel('Status').selectOption('In-Active');
  await form.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText('Alert rule saved')).toBeVisible();
  const renamed = rules.getByRole('row', { name: new RegExp(`${name} \\(renamed\\)`) });
  await expect(renamed).toContainText('Content score drop (points)');
  await expect(renamed).toContainText('brand@example.com');
  await expect(renamed).toContainText('In-Active');
  const stored = (await call.get<(RuleView & { threshold: number })[]>('alert-rules')).find(
    (r) => r.id === rule.id,
  );
  expect(stored).toMatchObject({ name: `${name} (renamed)`, status: 'In-Active', threshold: 5 });

  // Open the edit, let another admin switch the rule meanwhile, then save: refused, nothing lost.
  await renamed.getByRole('button', { name: 'Edit' }).click();
  const again = page.getByRole('form', { name: `Edit rule ${name} (renamed)` });
  await again.getByLabel('Name').fill(`${name} (late)`);
  await call.post(`alert-rules/${rule.id}/toggle`);
  await again.getByRole('button', { name: 'Save rule' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    'This record was changed by someone else. Reload it and try again.',
  );
  await page.screenshot({ path: 'test-results/alerts-rule-stale.png', fullPage: true });
  const after = (await call.get<RuleView[]>('alert-rules')).find((r) => r.id === rule.id);
  expect(after).toMatchObject({ name: `${name} (renamed)`, status: 'Active' });
  expect((await call.remove(`alert-rules/${rule.id}`)).status()).toBe(200);
});
