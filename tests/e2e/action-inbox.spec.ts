/**
 * The Action Inbox (screens/inbox/cases.screen.json) as an analyst uses it on the demo tenant:
 * cases largest rupees first, each case's How naming the inputs that multiply to its opportunity,
 * and an owner and a snooze set in the case form that are still there after a reload. The known
 * answers of the cases themselves are tested at the API tier (tests/api/actionInbox.test.ts).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { screenLoaded } from './support/screen.js';

/** The How text's result: '... = ₹1,234' (grouped as the grids' rupees), or null without one. */
const howRupees = (how: string): number | null => {
  const m = /= ₹([\d,]+(?:\.\d+)?)$/.exec(how.trim());
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
};

/** A cell of `row` under the column headed `header` (the grid's headers and cells line up). */
async function cell(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = await page.locator('.ss-widget--grid thead th').allTextContents();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(index);
}

/** ISO and DD-MM-YYYY of the day `days` from today (the picker's own form). */
function dayFromToday(days: number): { iso: string; typed: string } {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { iso, typed: iso.split('-').reverse().join('-') };
}

test('action inbox: cases by rupees, How shows the inputs, an owner and a snooze persist after a reload', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/workspace/inbox/cases');
  await screenLoaded(page);
  const rows = page.locator('.ss-widget--grid tbody tr');
  expect(await rows.count(), 'cases on the demo tenant').toBeGreaterThan(1);

  // Sorted by rupees at stake: each row's How ends in its opportunity in full, largest first, and
  // the Opportunity column shows that figure.
  const howIndex = (await page.locator('.ss-widget--grid thead th').allTextContents()).indexOf('How');
  const hows = await rows.evaluateAll(
    (trs, i) => trs.map((tr) => tr.children[i]?.querySelector('[title]')?.getAttribute('title') ?? ''),
    howIndex,
  );
  const rupees = hows.map(howRupees);
  const known = rupees.filter((r): r is number => r !== null);
  expect(known.length, 'cases with an opportunity').toBeGreaterThan(1);
  expect(known, 'largest opportunity first').toEqual([...known].sort((a, b) => b - a));
  expect(rupees.indexOf(null) === -1 || rupees.slice(rupees.indexOf(null)).every((r) => r === null)).toBe(
    true,
  );
  const first = rows.first();
  const shown = (await (await cell(page, first, 'Opportunity')).innerText()).replace(/[₹,\s]/g, '');
  expect(Number(shown)).toBe(Math.round(known[0]!));

  // The first case's How: the inputs, multiplied out to the opportunity (in full on hover).
  const how = (await cell(page, first, 'How')).locator('[title]');
  await how.hover();
  expect(hows[0]).toMatch(/^.+ x .+ = ₹\d{1,3}(,\d{2,3})*(\.\d{2})?$/);
  await expect(how).toHaveAttribute('title', hows[0]!);

  // An owner and a snooze, through the case form.
  const subject = (await (await cell(page, first, 'Subject')).innerText()).trim();
  const kind = (await (await cell(page, first, 'Case')).innerText()).trim();
  await first.getByRole('button', { name: 'Assign / status' }).click();
  const form = page.getByRole('dialog', { name: 'Case' });
  await expect(form).toBeVisible();
  const owner = form.getByLabel('Owner');
  await expect(owner.locator('option').nth(1)).toBeAttached();
  const ownerName = (await owner.locator('option').nth(1).textContent())!.trim();
  await owner.selectOption({ label: ownerName });
  await form.getByLabel('Snoozed until a date').check();
  const until = dayFromToday(7);
  await form.getByRole('textbox', { name: 'Snoozed until' }).fill(until.typed);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Case updated');

  await page.reload();
  await screenLoaded(page);
  const row = rows.filter({ hasText: subject }).filter({ hasText: kind }).first();
  await expect(await cell(page, row, 'Owner')).toHaveText(ownerName);
  await expect(await cell(page, row, 'Status')).toHaveText('snoozed');
  // The store holds the same: the rows the screen reads, for that case.
  const listed = (await (
    await page.request.get('/api/v1/inbox/cases/rows?limit=500&offset=0&status=active')
  ).json()) as { data: { rows: { how: string; owner: string; snoozed_until: string }[] } };
  const stored = listed.data.rows.find((r) => r.how === hows[0]);
  expect(stored?.owner).toBe(ownerName);
  expect(stored?.snoozed_until.slice(0, 10)).toBe(until.iso);
});

test('action inbox: How follows the number style chosen in the user menu, which the server keeps with the user', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/workspace/inbox/cases');
  await screenLoaded(page);
  const choose = async (style: 'indian' | 'international') => {
    await page.locator('.ss-usermenu__trigger').click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/number_style'));
    await page.locator(`[data-number-style="${style}"]`).click();
    expect((await saved).status()).toBe(200);
  };
  await choose('indian');
  const info = (await (await page.request.get('/api/v1/user_info')).json()) as {
    data: { numberStyle: string };
  };
  expect(info.data.numberStyle).toBe('indian');
  const rows = (await (
    await page.request.get('/api/v1/inbox/cases/rows?limit=500&offset=0&status=active')
  ).json()) as { data: { rows: { how: string; opportunity: number | null }[] } };
  const big = rows.data.rows.find((r) => (r.opportunity ?? 0) >= 100_000);
  await page.reload();
  await screenLoaded(page);
  const hows = await page
    .locator('.ss-widget--grid tbody tr td [title]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? '').filter((t) => t.includes(' = ')));
  expect(hows.length).toBeGreaterThan(0);
  // Every rupee figure grouped in lakhs (12,34,567), none in thousands past a lakh (1,234,567).
  for (const how of hows)
    for (const [figure] of how.matchAll(/₹[\d,]+/g))
      expect(figure, how).toMatch(/^₹(\d{1,2}(,\d{2})*,)?\d{1,3}$/);
  if (big) expect(hows.join('\n')).toContain(big.how);
  await choose('international'); // the demo login is shared by the other specs
});
