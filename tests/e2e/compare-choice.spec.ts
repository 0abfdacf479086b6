/**
 * The screen's comparison choice (CompareChoice above the first tiles) on Stock KPI: the previous
 * period or the same period last year, picked in the browser, changes the tiles' "vs" lines and
 * the trend chart's overlay, and both agree with the API's answer for the same dates. E2E servers
 * hold 35 days of history (playwright.config.ts), so last year has no data: the tiles must then say
 * so for last year's dates (never a 0) and the chart drop its overlay. With history, the values
 * of either choice equal the screen's own query over those dates (tests/api/previousPeriod.test.ts, demoHistory.test.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { formatDate, formatTileValue } from '../../src/shared/format/index.js';
import { signIn } from './support/signIn.js';
import { screenLoaded } from './support/screen.js';

const STATS = '/api/v1/stock/products/stats';

interface Answer {
  rows: Record<string, unknown>[];
  previous: { start: string; end: string; to?: string; rows: Record<string, unknown>[]; noData?: boolean };
}

/** The API's answer to the tiles' own call, with the comparison `to`. */
async function apiAnswer(page: Page, browserCall: string, to: 'previous' | 'last_year'): Promise<Answer> {
  const url = new URL(browserCall);
  url.searchParams.set('compare_to', to);
  const res = await page.request.get(url.pathname + url.search);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Answer }).data;
}

const rangeOf = (p: { start: string; end: string }) =>
  p.start === p.end ? formatDate(p.start) : `${formatDate(p.start)} to ${formatDate(p.end)}`;

test('compare with the previous period or the same period last year: tiles and chart overlay follow the API', async ({
  page,
}) => {
  await signIn(page);
  const call = page.waitForResponse((r) => r.url().includes(STATS) && r.request().method() === 'GET');
  await page.goto('/workspace/stock/kpi');
  await screenLoaded(page);
  const browserCall = (await call).url();
  const tile = page
    .locator('.ss-widget--kpiTiles .ss-kpi')
    .filter({ has: page.locator('.ss-kpi__label', { hasText: /^Availability %/ }) });
  const against = tile.locator('.ss-kpi__change');
  const chart = page.locator('.ss-widget--chart', { hasText: 'Availability trend' });
  const legend = (label: string) => chart.locator('svg text', { hasText: label });

  // The previous period (the default): the tile shows the API's previous value over its dates,
  // and the chart overlays it.
  const previous = await apiAnswer(page, browserCall, 'previous');
  const before = previous.previous.rows[0]!.availability_pct;
  expect(typeof before).toBe('number');
  const days =
    Math.round((Date.parse(previous.previous.end) - Date.parse(previous.previous.start)) / 864e5) + 1;
  await expect(against).toContainText(
    `vs ${formatTileValue(before, 'percent').text} previous ${days === 1 ? 'day' : `${days} days`}`,
  );
  await expect(tile).toHaveAttribute('title', new RegExp(`Previous period ${rangeOf(previous.previous)}: `));
  await expect(legend('Previous period')).toHaveCount(1);

  // The same period last year: the tile's call carries the choice, and the API has no data for
  // those dates on the e2e tenant: the tile says so for last year's dates and the overlay goes.
  const lastYearCall = page.waitForResponse(
    (r) => r.url().includes(STATS) && new URL(r.url()).searchParams.get('compare_to') === 'last_year',
  );
  await page.getByLabel('Compare with').selectOption({ label: 'Same period last year' });
  await lastYearCall;
  await screenLoaded(page);
  const lastYear = await apiAnswer(page, browserCall, 'last_year');
  expect(lastYear.previous.to).toBe('last_year');
  expect(lastYear.previous.noData).toBe(true);
  // Last year's dates: the picked ones a year back.
  const yearBack = (iso: string) => `${Number(iso.slice(0, 4)) - 1}${iso.slice(4)}`;
  const picked = new URL(browserCall).searchParams;
  expect([lastYear.previous.start, lastYear.previous.end]).toEqual([
    yearBack(picked.get('start_date')!),
    yearBack(picked.get('end_date')!),
  ]);
  await expect(against).toHaveText('No data last year');
  await expect(tile).toHaveAttribute(
    'title',
    new RegExp(`No data for ${rangeOf(lastYear.previous)} \\(no data last year\\)`),
  );
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(legend('Previous period')).toHaveCount(0);
  await expect(legend('Same period last year')).toHaveCount(0);

  // And back: the previous period's line returns.
  await page.getByLabel('Compare with').selectOption({ label: 'Previous period' });
  await expect(against).toContainText(`vs ${formatTileValue(before, 'percent').text} previous`);
  await expect(legend('Previous period')).toHaveCount(1);
});
