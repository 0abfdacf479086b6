import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { request as send, type Dispatcher } from 'undici';
import { refusedBeforeConnect } from './crawlOutbound.js';
import type { CrawlOutbound } from './crawlTypes.js';
import { PageError, refusedByPolicy } from './fetchPage.js';
import { DESTINATION_REFUSED } from '../../platform/http/outbound/outboundPolicy.js';
import { sessionHeaders, type CrawlSession } from './sessionPool.js';

let configuredPath = '';

/** Open tabs per rendering slot: sessions beyond it lose their tab (and context) first. */
const MAX_TABS_PER_SLOT = 4;

/** The Chromium binary (the PLAYWRIGHT_CHROMIUM setting, as the end-to-end tests use), set at start. */
export function configureBrowser(executablePath: string): void {
  configuredPath = executablePath;
}

/**
 * Debian's headless shell first (what Playwright itself renders headless pages in: no browser UI
 * to draw, about a third of the full browser's CPU a page), then Debian's chromium, else
 * Playwright's own build.
 */
const DEBIAN_BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

function executablePath(): string | undefined {
  if (configuredPath) return configuredPath;
  return DEBIAN_BROWSERS.find((file) => existsSync(file));
}

export interface BrowserPoolOptions {
  /** Pages rendered at once (each a tab of one browser). */
  pages: number;
  timeoutMs: number;
  maxPageBytes: number;
  allowedHosts: readonly string[];
  userAgent: string;
  /** The outbound policy: a refused address is refused before any connection. */
  outbound: CrawlOutbound;
  /**
   * Where the browser's requests are really made: the crawl's policy-checked pool (or the
   * session's proxy), never Chromium's own network stack, so no name is resolved outside the policy.
   */
  fetchVia: (session: CrawlSession) => Dispatcher;
}

/**
 * Headless Chromium for the pages a channel renders by script: one browser per crawl, started on
 * the first such page; one context per session (its cookies and location header); at most `pages`
 * tabs at once; requests to other hosts and images, fonts and media refused; every page bounded
 * in time and size. Every request a page makes is routed (Playwright request routing) to the
 * crawl's own connection pool and fulfilled from its answer: the outbound policy holds for the
 * browser exactly as for plain HTTP (an address it refuses is refused before connecting, and a
 * name is resolved through its lookup). `close` ends it with the crawl.
 */
export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  /** A tab per session (its own context: cookies, headers), least recently used first. */
  private readonly tabs = new Map<string, Promise<Page>>();
  private active = 0;
  private queue: (() => void)[] = [];

  constructor(private readonly options: BrowserPoolOptions) {}

  async render(
    url: string,
    session: CrawlSession,
    waitFor: string,
  ): Promise<{ status: number; text: string }> {
    await this.slot();
    try {
      const page = await this.tabOf(session, url);
      const response = await page.goto(url, {
        timeout: this.options.timeoutMs,
        waitUntil: 'domcontentloaded',
      });
      const status = response?.status() ?? 0;
      if (status === 200 && waitFor) {
        // Until the script marks its block rendered; a page without scripts (a wall, a soft 404)
        // has nothing more to show. One that never gets there is judged on what it shows.
        await page
          .waitForFunction(
            (selector) => document.querySelector(selector) !== null || document.scripts.length === 0,
            waitFor,
            { timeout: this.options.timeoutMs, polling: 10 },
          )
          .catch(() => undefined);
      }
      const text = await page.content();
      if (Buffer.byteLength(text) > this.options.maxPageBytes)
        throw new PageError('page larger than the limit', status);
      return { status, text };
    } catch (error) {
      if (error instanceof PageError) throw error;
      this.drop(session);
      if (/ERR_BLOCKED_BY_CLIENT/.test(String(error))) throw new PageError(DESTINATION_REFUSED, null, 0);
      throw new PageError(
        `browser: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 120)}`,
      );
    } finally {
      this.free();
    }
  }

  /** A retired session's tab and context go with it. */
  drop(session: CrawlSession): void {
    const tab = this.tabs.get(session.id);
    this.tabs.delete(session.id);
    void tab?.then((p) => p.context().close()).catch(() => undefined);
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.tabs.clear();
    if (browser) await (await browser.catch(() => null))?.close().catch(() => undefined);
  }

  private launch(): Promise<Browser> {
    this.browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({
        executablePath: executablePath(),
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
        timeout: 30_000,
      }),
    );
    return this.browser;
  }

  /**
   * The session's tab, reused page after page (a new tab costs more than the page); at most
   * MAX_TABS_PER_SLOT per rendering slot stay open, the least recently used closed first.
   */
  private tabOf(session: CrawlSession, url: string): Promise<Page> {
    let tab = this.tabs.get(session.id);
    if (tab) this.tabs.delete(session.id);
    else tab = this.newContext(session, url).then((c) => c.newPage());
    this.tabs.set(session.id, tab);
    const over = this.tabs.size - this.options.pages * MAX_TABS_PER_SLOT;
    for (const [id, old] of [...this.tabs].slice(0, Math.max(0, over))) {
      this.tabs.delete(id);
      void old.then((p) => p.context().close()).catch(() => undefined);
    }
    return tab;
  }

  private async newContext(session: CrawlSession, url: string): Promise<BrowserContext> {
    const { cookie: _cookie, ...headers } = sessionHeaders(session);
    const context = await (
      await this.launch()
    ).newContext({
      userAgent: this.options.userAgent,
      extraHTTPHeaders: headers,
      serviceWorkers: 'block',
    });
    const origin = new URL(url).origin;
    await context.addCookies([...session.cookies].map(([name, value]) => ({ name, value, url: origin })));
    await context.route('**/*', (route) => this.forward(route, session));
    context.setDefaultTimeout(this.options.timeoutMs);
    return context;
  }

  /** One request of a page: refused, or made through the crawl's pool and handed back to the page. */
  private async forward(route: Route, session: CrawlSession): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const heavy = ['image', 'font', 'media', 'stylesheet'].includes(request.resourceType());
    if (heavy || !this.options.allowedHosts.includes(url.host)) return route.abort();
    if (refusedBeforeConnect(url, this.options.outbound)) return route.abort('blockedbyclient');
    try {
      const headers = { ...(await request.allHeaders()), 'accept-encoding': 'identity' };
      const method = request.method();
      const answer = await send(url, {
        dispatcher: this.options.fetchVia(session),
        method: method as 'GET',
        headers: Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith(':'))),
        body: method === 'GET' || method === 'HEAD' ? null : (request.postDataBuffer() ?? null),
      });
      const body = Buffer.from(await answer.body.arrayBuffer());
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(answer.headers))
        if (v !== undefined) out[k] = Array.isArray(v) ? v.join(k === 'set-cookie' ? '\n' : ', ') : v;
      await route.fulfill({ status: answer.statusCode, headers: out, body });
    } catch (error) {
      // Refused by the policy's lookup, or the site failed: the page sees a failed request.
      await route.abort(refusedByPolicy(error) ? 'blockedbyclient' : 'failed').catch(() => undefined);
    }
  }

  private async slot(): Promise<void> {
    while (this.active >= this.options.pages) await new Promise<void>((r) => this.queue.push(r));
    this.active++;
  }

  private free(): void {
    this.active--;
    this.queue.shift()?.();
  }
}
