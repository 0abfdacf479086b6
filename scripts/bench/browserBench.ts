/**
 * The browser part of `npm run bench`: real Chromium on the production build served
 * by the real server over the large tenant. For each area's first screen: largest contentful paint
 * and the longest main-thread task from navigation until every widget shows its data; and the
 * time from a filter change to the new data shown on a grid page (with its longest task).
 * Medians of several runs, because the machine is shared.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from '../../tests/e2e/support/signIn.js';
import { profileLongTasks } from './longTaskProfile.js';

export const BROWSER_TARGETS = { lcpMs: 1000, longTaskMs: 50 };

/** Runs in the page before any script: collects LCP and long tasks (Long Tasks API, >= 50 ms). */
const OBSERVE = `
  window.__bench = { lcp: 0, tasks: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.tasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
`;

interface Sample {
  lcp: number;
  longestTask: number;
  dataShown: number;
}
export interface BrowserRow {
  screen: string;
  lcp: number;
  longestTask: number;
  dataShown: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

async function settled(page: Page): Promise<void> {
  await page.locator('.ss-widget').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.ss-widget').length > 0 &&
      document.querySelectorAll('[aria-busy="true"], .ss-chart-loading').length === 0 &&
      // Charts are drawn (Vega is lazy): a chart card holds its svg/canvas.
      [...document.querySelectorAll('.ss-widget--chart')].every(
        (c) => c.querySelector('.ss-chart svg, .ss-chart canvas, .ss-state') !== null,
      ),
    undefined,
    { timeout: 60_000, polling: 20 },
  );
}

async function measure(page: Page, since: number): Promise<Sample> {
  return page.evaluate((from) => {
    const b = (window as unknown as { __bench: { lcp: number; tasks: [number, number][] } }).__bench;
    const now = performance.now();
    const tasks = b.tasks.filter(([start]) => start >= from).map(([, d]) => d);
    return { lcp: b.lcp, longestTask: Math.max(0, ...tasks), dataShown: now - from };
  }, since);
}

async function firstScreen(context: BrowserContext, url: string): Promise<Sample> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await settled(page);
    return await measure(page, 0);
  } finally {
    await page.close();
  }
}

/** A filter change on a grid page: tick the first checkbox of the filter bar, wait for the data. */
async function filterChange(context: BrowserContext, url: string): Promise<Sample> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await settled(page);
    const since = await page.evaluate(() => performance.now());
    await page.locator('.ss-filterbar input[type="checkbox"]').first().click();
    await page
      .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length > 0, undefined, {
        timeout: 2_000,
        polling: 'raf',
      })
      .catch(() => undefined);
    await settled(page);
    const s = await measure(page, since);
    return { ...s, lcp: NaN };
  } finally {
    await page.close();
  }
}

const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });

/** A signed-in 1280 px context whose HTTP cache holds the bundle, as a returning user's browser. */
async function signedInContext(
  browser: Browser,
  url: string,
  dataDir: string,
  warmScreen: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ content: OBSERVE });
  const page = await context.newPage();
  await signIn(page, undefined, undefined, dataDir);
  await page.goto(`/workspace/${warmScreen}`);
  await settled(page);
  await page.close();
  return context;
}

/** `--long-tasks`: what each long task of these screens' first loads is made of, run by run. */
export async function longTaskReport(opts: {
  url: string;
  dataDir: string;
  screens: string[];
  runs: number;
}): Promise<string> {
  const browser = await launch();
  const out: string[] = [];
  try {
    const context = await signedInContext(browser, opts.url, opts.dataDir, opts.screens[0]!);
    for (const screen of opts.screens)
      for (let i = 0; i < opts.runs; i++) {
        const { tasks, hot } = await profileLongTasks(context, `/workspace/${screen}`, settled);
        out.push(`${screen} run ${i + 1}: ${tasks.length} task(s) over 50 ms`);
        for (const t of tasks) out.push(`  ${t.ms.toFixed(0)} ms: ${t.parts.join(', ')}`);
        if (hot.length) out.push('  self time inside them:', ...hot.map((h) => `    ${h}`));
      }
  } finally {
    await browser.close();
  }
  return out.join('\n');
}

export async function browserBench(opts: {
  url: string;
  dataDir: string;
  /** 'area/screen' of each area's first tab. */
  screens: string[];
  /** A grid page with a filter bar checkbox, for the filter-change figure. */
  filterScreen: string;
  runs: number;
}): Promise<BrowserRow[]> {
  const browser = await launch();
  try {
    const context = await signedInContext(browser, opts.url, opts.dataDir, opts.screens[0]!);
    const rows: BrowserRow[] = [];
    const summarise = (screen: string, samples: Sample[]) => ({
      screen,
      lcp: median(samples.map((s) => s.lcp)),
      longestTask: median(samples.map((s) => s.longestTask)),
      dataShown: median(samples.map((s) => s.dataShown)),
    });
    for (const screen of opts.screens) {
      const samples: Sample[] = [];
      for (let i = 0; i < opts.runs; i++) samples.push(await firstScreen(context, `/workspace/${screen}`));
      rows.push(summarise(screen, samples));
      if (process.stdout.isTTY) process.stdout.write(`\rbrowser ${rows.length}/${opts.screens.length}`);
    }
    const changes: Sample[] = [];
    for (let i = 0; i < opts.runs; i++)
      changes.push(await filterChange(context, `/workspace/${opts.filterScreen}`));
    rows.push(summarise(`${opts.filterScreen} (filter change)`, changes));
    return rows;
  } finally {
    await browser.close();
  }
}

export function formatBrowserTable(rows: BrowserRow[], runs: number): string {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0).padStart(7) : '      -');
  const flag = (ok: boolean) => (ok ? '  ' : ' !');
  const lines = [
    `Browser (Chromium, production build, large tenant; medians of ${runs} runs; targets LCP <= ${BROWSER_TARGETS.lcpMs} ms, no task > ${BROWSER_TARGETS.longTaskMs} ms)`,
    `${'screen'.padEnd(34)} ${'LCP ms'.padStart(9)} ${'longest task ms'.padStart(17)} ${'data shown ms'.padStart(15)}`,
  ];
  for (const r of rows) {
    const lcpOk = !Number.isFinite(r.lcp) || r.lcp <= BROWSER_TARGETS.lcpMs;
    const taskOk = r.longestTask <= BROWSER_TARGETS.longTaskMs;
    lines.push(
      `${r.screen.padEnd(34)} ${ms(r.lcp)}${flag(lcpOk)} ${ms(r.longestTask).padStart(15)}${flag(taskOk)} ${ms(r.dataShown).padStart(15)}`,
    );
  }
  return lines.join('\n');
}
