import { JSONPath } from 'jsonpath-plus';
import type { Agent, Dispatcher } from 'undici';
import { DESTINATION_REFUSED } from '../../platform/http/outbound/outboundPolicy.js';
import { BrowserPool } from './browserPool.js';
import { crawlProxy, type CrawlProxy } from './crawlProxy.js';
import type { CrawlProfile } from './crawlTypes.js';
import { DEFAULT_SETTINGS, type CrawlSettings } from './crawlSettings.js';
import { fetchPage, PageError, USER_AGENT } from './fetchPage.js';
import { robotsRules } from './robotsRules.js';
import { keepCookies, SessionPool, sessionHeaders, type CrawlSession } from './sessionPool.js';

/**
 * One crawl's visitor of a channel's site: its sessions (each with its cookies, city and proxy),
 * robots.txt read once per origin, plain HTTP through the crawl's pool, and headless Chromium for
 * the pages the profile says are rendered by script.
 */
export class SiteVisitor {
  readonly settings: CrawlSettings;
  readonly sessions: SessionPool;
  private readonly browser: BrowserPool | null;
  private readonly robots = new Map<string, Promise<(path: string) => boolean>>();
  private readonly proxies: CrawlProxy[];
  private readonly proxyOf = new Map<string, CrawlProxy>();

  constructor(
    private readonly profile: CrawlProfile,
    private readonly agent: Agent,
    /** A page of the site (relative URLs of the settings resolve against it). */
    private readonly origin: string,
  ) {
    this.settings = profile.settings ?? DEFAULT_SETTINGS;
    const { session } = this.settings;
    this.proxies = this.settings.proxies.map((url) => crawlProxy(url, profile));
    this.browser =
      this.settings.render.mode === 'browser'
        ? new BrowserPool({
            pages: Math.min(profile.concurrency, profile.browserPages),
            timeoutMs: profile.timeoutMs,
            maxPageBytes: profile.maxPageBytes,
            allowedHosts: profile.allowedHosts,
            userAgent: USER_AGENT,
            outbound: profile.outbound,
            // Every request of a rendered page is made here, through the policy-checked pool.
            fetchVia: (session) => this.dispatcherOf(session) ?? this.agent,
          })
        : null;
    this.sessions = new SessionPool({
      perCity: session.perCity,
      minIntervalMs: session.minIntervalMs,
      maxUses: session.maxUses,
      open: (s) => this.open(s),
      onRetire: (s) => {
        this.browser?.drop(s);
        this.proxyOf.delete(s.id);
      },
    });
  }

  /** Whether robots.txt lets the crawler fetch the URL (always, when the profile ignores it). */
  async allowed(url: string): Promise<boolean> {
    if (this.settings.robots === 'ignore') return true;
    const { origin, pathname, search } = new URL(url);
    let rules = this.robots.get(origin);
    if (!rules) {
      rules = this.robotsText(origin)
        .then((page) => (page.status === 200 ? robotsRules(page.text, USER_AGENT) : () => true))
        // No robots.txt to be had: nothing is disallowed (RFC 9309 treats an unreachable one so only for 4xx; a crawl that cannot reach it cannot reach the pages either).
        .catch(() => () => true);
      this.robots.set(origin, rules);
    }
    return (await rules)(pathname + search);
  }

  /**
   * robots.txt by the route the pages take: through the proxy the next session gets (never
   * straight to the site when the profile sets proxies), under the same policy.
   */
  private robotsText(origin: string) {
    const proxy = this.nextProxy();
    if (proxy && !proxy.dispatcher) return Promise.reject(new PageError(DESTINATION_REFUSED, null, 0));
    return fetchPage(
      `${origin}/robots.txt`,
      { retries: 1, outbound: this.profile.outbound },
      this.agent,
      proxy?.dispatcher ? { dispatcher: proxy.dispatcher } : {},
    );
  }

  /**
   * One page through a session: HTTP, or Chromium for a product page of a script-rendered channel
   * (`productPage`; its listing pages are plain HTML).
   */
  async fetch(
    url: string,
    session: CrawlSession,
    productPage = true,
  ): Promise<{ status: number; text: string; attempts: number }> {
    const proxy = this.proxyOf.get(session.id);
    try {
      if (this.browser && productPage) return await this.render(url, session);
      const page = await fetchPage(url, this.profile, this.agent, {
        headers: sessionHeaders(session),
        blockStatuses: this.settings.blocks.statuses,
        dispatcher: this.dispatcherOf(session),
      });
      keepCookies(session, page.setCookies);
      if (proxy) proxy.failures = Math.max(0, proxy.failures - 1);
      return page;
    } catch (error) {
      if (proxy) proxy.failures++;
      throw error;
    }
  }

  /** A rendered page; a 429 or a server error (not a wall) is tried again after a back-off, as fetchPage does. */
  private async render(url: string, session: CrawlSession) {
    for (let attempts = 1; ; attempts++) {
      const page = await this.browser!.render(url, session, this.settings.render.waitFor);
      const retry =
        (page.status === 429 || page.status >= 500) && !this.settings.blocks.statuses.includes(page.status);
      if (!retry || attempts > this.profile.retries) return { ...page, attempts };
      await new Promise((r) => setTimeout(r, 25 * 2 ** attempts));
    }
  }

  /** A session that met a wall: retired, and its proxy marked down. */
  blocked(session: CrawlSession): void {
    const proxy = this.proxyOf.get(session.id);
    if (proxy) proxy.failures += 2;
    this.sessions.retire(session, true);
  }

  async close(): Promise<void> {
    await this.browser?.close();
    await Promise.all(this.proxies.map((p) => p.dispatcher?.close() ?? Promise.resolve()));
  }

  /** The session's proxy, or undefined (direct); a proxy the outbound policy refuses is never used. */
  private dispatcherOf(session: CrawlSession): Dispatcher | undefined {
    const proxy = this.proxyOf.get(session.id);
    if (!proxy) return undefined;
    if (!proxy.dispatcher) throw new PageError(DESTINATION_REFUSED, null, 0);
    return proxy.dispatcher;
  }

  /** The least-failed proxy, the one a new session takes; undefined without proxies. */
  private nextProxy(): CrawlProxy | undefined {
    return [...this.proxies].sort((a, b) => a.failures - b.failures)[0];
  }

  /** A new session: its proxy, the warm-up page (cookies), then its city through the location call. */
  private async open(session: CrawlSession): Promise<void> {
    const best = this.nextProxy();
    if (best) this.proxyOf.set(session.id, best);
    const { warmupUrl } = this.settings.session;
    if (warmupUrl) await this.call(session, 'GET', warmupUrl, 'warm-up page');
    const { location } = this.settings;
    if (location.kind === 'query' || session.cityId === 0) return;
    const url = location.url.replace('{city}', String(session.cityId));
    const text = await this.call(session, location.method, url, 'location call');
    if (location.kind === 'header') {
      let token: unknown;
      try {
        token = JSONPath({ path: location.tokenPath, json: JSON.parse(text) as object, wrap: false });
      } catch {
        token = undefined;
      }
      if (typeof token !== 'string' || token === '')
        throw new PageError(`location call gave no token at ${location.tokenPath}`);
      session.headers[location.header] = token;
    }
  }

  private async call(
    session: CrawlSession,
    method: 'GET' | 'POST',
    path: string,
    what: string,
  ): Promise<string> {
    const page = await fetchPage(new URL(path, this.origin).href, this.profile, this.agent, {
      method,
      headers: sessionHeaders(session),
      dispatcher: this.dispatcherOf(session),
    });
    if (page.status !== 200) throw new PageError(`${what} answered HTTP ${page.status}`, page.status);
    keepCookies(session, page.setCookies);
    return page.text;
  }
}
