/** One visitor of a site: its cookies and, for a header location, the token it sends. */
export interface CrawlSession {
  /** Unique within the crawl, e.g. `c12-3` (city 12, third session opened for it); logged per page. */
  id: string;
  cityId: number;
  cookies: Map<string, string>;
  headers: Record<string, string>;
  uses: number;
  lastUsedAt: number;
  busy: boolean;
  retired: boolean;
}

/** Keeps the cookies of Set-Cookie headers (name and value; one site, so no domain matching). */
export function keepCookies(session: CrawlSession, setCookies: readonly string[]): void {
  for (const header of setCookies) {
    const pair = header.split(';', 1)[0]!;
    const eq = pair.indexOf('=');
    if (eq > 0) session.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** The headers a session's request carries: its cookies and its location token. */
export function sessionHeaders(session: CrawlSession): Record<string, string> {
  const cookie = [...session.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return cookie ? { ...session.headers, cookie } : { ...session.headers };
}

export interface SessionPoolOptions {
  perCity: number;
  minIntervalMs: number;
  maxUses: number;
  /** Opens a session for a city (warm-up, location); throws when the site refuses. */
  open(session: CrawlSession): Promise<void>;
  /** Called when a session is retired (a browser drops its context). */
  onRetire?(session: CrawlSession): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sessions per city, as Crawlee's SessionPool keeps them: each request takes a session that is
 * free and rested (`minIntervalMs` since its last request), a new one is opened while the city has
 * fewer than `perCity`, a blocked or worn-out one is retired and replaced. Requests of a city so
 * spread over its sessions, each within the pace a site tolerates.
 */
export class SessionPool {
  private readonly byCity = new Map<number, CrawlSession[]>();
  private readonly opened = new Map<number, number>();
  private waiters: (() => void)[] = [];
  /** Sessions retired because they met a wall. */
  blockedSessions = 0;

  constructor(private readonly options: SessionPoolOptions) {}

  async acquire(cityId: number): Promise<CrawlSession> {
    for (;;) {
      const live = (this.byCity.get(cityId) ?? []).filter((s) => !s.retired);
      this.byCity.set(cityId, live);
      const now = Date.now();
      const free = live.filter((s) => !s.busy).sort((a, b) => a.lastUsedAt - b.lastUsedAt);
      const rested = free.find((s) => now - s.lastUsedAt >= this.options.minIntervalMs);
      if (rested) return this.take(rested);
      if (live.length < this.options.perCity) return this.take(await this.openFor(cityId, live));
      if (free.length > 0) await sleep(this.options.minIntervalMs - (now - free[0]!.lastUsedAt));
      else await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  release(session: CrawlSession): void {
    session.busy = false;
    session.lastUsedAt = Date.now();
    if (session.uses >= this.options.maxUses) this.retire(session);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** A session that met a wall: never used again. */
  retire(session: CrawlSession, blocked = false): void {
    if (session.retired) return;
    session.retired = true;
    if (blocked) this.blockedSessions++;
    this.options.onRetire?.(session);
  }

  private take(session: CrawlSession): CrawlSession {
    session.busy = true;
    session.uses++;
    return session;
  }

  private async openFor(cityId: number, live: CrawlSession[]): Promise<CrawlSession> {
    const n = (this.opened.get(cityId) ?? 0) + 1;
    this.opened.set(cityId, n);
    const session: CrawlSession = {
      id: `c${cityId}-${n}`,
      cityId,
      cookies: new Map(),
      headers: {},
      uses: 0,
      lastUsedAt: 0,
      busy: true,
      retired: false,
    };
    live.push(session);
    try {
      await this.options.open(session);
    } catch (error) {
      session.retired = true;
      this.release(session);
      throw error;
    }
    session.lastUsedAt = Date.now();
    return session;
  }
}
