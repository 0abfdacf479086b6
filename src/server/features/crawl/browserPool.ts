import { existsSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { PageError } from './fetchPage.js';
import { sessionHeaders, type CrawlSession } from './sessionPool.js';

let configuredPath = '';

/** The Chromium binary (the PLAYWRIGHT_CHROMIUM setting, as the end-to-end tests use), set at start. */
export function configureBrowser(executablePath: string): void {
  configuredPath = executablePath;
}

function executablePath(): string | undefined {
  if (configuredPath) return configuredPath;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export interface BrowserPoolOptions {
  /** Pages rendered at once (each a tab of one browser). */
  pages: number;
  timeoutMs: number;
  maxPageBytes: number;
  allowedHosts: readonly string[];
  userAgent: string;
}

/**
 * Headless Chromium for the pages a channel renders by script: one browser per crawl, started on
 * the first such page; one context per session (its cookies and location header); at most `pages`
 * tabs at once; requests to other hosts and images, fonts and media refused; every page bounded
 * in time and size. `close` ends it with the crawl.
 */
export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  private readonly contexts = new Map<string, Promise<BrowserContext>>();
  private active = 0;
  private queue: (() => void)[] = [];

  constructor(private readonly options: BrowserPoolOptions) {}

  async render(url: string, session: CrawlSession, waitFor: string): Promise<{ status: number; text: string }> {
    await this.slot();
    try {
      const context = await this.contextOf(session, url);
      const page = await context.newPage();
      try {
        const response = await page.goto(url, { timeout: this.options.timeoutMs, waitUntil: 'domcontentloaded' });
        const status = response?.status() ?? 0;
        if (status === 200 && waitFor) {
          // A page without its rendered mark is judged on what it shows (a wall has no such mark).
          await page.waitForSelector(waitFor, { state: 'attached', timeout: this.options.timeoutMs }).catch(() => undefined);
        }
        const text = await page.content();
        if (Buffer.byteLength(text) > this.options.maxPageBytes) throw new PageError('page larger than the limit', status);
        return { status, text };
      } finally {
        await page.close().catch(() => undefined);
      }
    } catch (error) {
      if (error instanceof PageError) throw error;
      throw new PageError(`browser: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 120)}`);
    } finally {
      this.free();
    }
  }

  /** A retired session's context goes with it. */
  drop(session: CrawlSession): void {
    const context = this.contexts.get(session.id);
    this.contexts.delete(session.id);
    void context?.then((c) => c.close()).catch(() => undefined);
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.contexts.clear();
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

  private contextOf(session: CrawlSession, url: string): Promise<BrowserContext> {
    let context = this.contexts.get(session.id);
    if (!context) {
      context = this.newContext(session, url);
      this.contexts.set(session.id, context);
    }
    return context;
  }

  private async newContext(session: CrawlSession, url: string): Promise<BrowserContext> {
    const { cookie: _cookie, ...headers } = sessionHeaders(session);
    const context = await (await this.launch()).newContext({
      userAgent: this.options.userAgent,
      extraHTTPHeaders: headers,
      serviceWorkers: 'block',
    });
    const origin = new URL(url).origin;
    await context.addCookies([...session.cookies].map(([name, value]) => ({ name, value, url: origin })));
    await context.route('**/*', (route) => {
      const request = route.request();
      const host = new URL(request.url()).host;
      const heavy = ['image', 'font', 'media', 'stylesheet'].includes(request.resourceType());
      return heavy || !this.options.allowedHosts.includes(host) ? route.abort() : route.continue();
    });
    context.setDefaultTimeout(this.options.timeoutMs);
    return context;
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
