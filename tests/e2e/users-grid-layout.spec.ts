/**
 * The users grid at 1280 px (a common laptop width): every column, the last (Action) included, is
 * inside the page without a sideways scroll, and each row's actions sit on one line.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { settled } from './support/screen.js';

test('user/users at 1280 px: the Action column is fully visible, no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  // A user not yet activated: their row carries the most actions (Edit, Block, Resend Verification).
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')!.value;
  const roles = (await (
    await page.request.get('/api/v1/lookup/user/createuser/create/roles', { params: { parent: 1 } })
  ).json()) as { data: { value: number; label: string }[] };
  const analyst = roles.data.find((r) => r.label === 'Analyst')!;
  const created = await page.request.post('/api/v1/mutate/user/createuser/create', {
    headers: { 'x-csrf-token': csrf },
    data: {
      first_name: 'Veronica',
      last_name: 'Delacruz-Montgomery',
      user_name: `veronica.delacruz-montgomery.${Date.now().toString(36)}@northwindgrocers.test`,
      mappings: [{ group_id: 1, role_id: analyst.value, status: true, is_new_entry: true }],
    },
  });
  expect(created.status()).toBe(200);
  await page.goto('/workspace/user/users');
  const grid = page.getByRole('region', { name: 'Users' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await settled(page);

  // Other specs may have added users: load every page so the new one's row is on screen.
  const rows = grid.locator('tbody tr');
  const more = page.getByRole('button', { name: 'Show More' });
  while (await more.isVisible()) {
    const loaded = await rows.count();
    await more.click();
    await expect(rows).not.toHaveCount(loaded, { timeout: 30_000 });
  }
  await expect(grid.getByRole('button', { name: 'Resend Verification' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/users-grid-1280.png', fullPage: true });
  // The grid's scroller is the region itself.
  const { scrollWidth, clientWidth } = await grid.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth, 'the grid scrolls sideways').toBeLessThanOrEqual(clientWidth + 1);
  const header = grid.getByRole('columnheader', { name: 'Action' });
  const box = (await header.boundingBox())!;
  const frame = (await grid.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  // Each row's buttons on one line (one line of buttons is about 20 px high, two about 40).
  const heights = await grid
    .locator('tbody tr .ss-row-actions')
    .evaluateAll((cells) => cells.map((c) => (c as HTMLElement).offsetHeight));
  expect(heights.length).toBeGreaterThan(0);
  expect(Math.max(...heights)).toBeLessThan(40);
});
