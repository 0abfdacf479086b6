/**
 * How a channel's site is visited, beyond its URL templates (a channel profile's `crawl_settings`,
 * JSON): sessions and how each chooses its city, what a bot wall looks like there, which pages
 * need a browser, robots.txt, proxies. Every part has a default, so a profile without settings is
 * crawled as before: plain HTTP, the city in the URL template, robots.txt obeyed.
 */
export interface CrawlSettings {
  session: {
    /** Opened first by every session (sets its cookies); empty: sessions are bare cookie jars. */
    warmupUrl: string;
    /** Sessions at most per city at once. */
    perCity: number;
    /** Milliseconds between two requests of one session (a site flags faster visitors). */
    minIntervalMs: number;
    /** Requests after which a session is retired and a fresh one opened. */
    maxUses: number;
  };
  /**
   * How a session chooses its city: `query`, through the URL template's {city}; `cookie`, a
   * location call whose answer sets cookies; `header`, a location call whose JSON answer holds a
   * token (`tokenPath`) sent in `header` from then on. `{city}` in `url` is the city id.
   */
  location:
    | { kind: 'query' }
    | { kind: 'cookie'; url: string; method: 'GET' | 'POST' }
    | { kind: 'header'; url: string; method: 'GET' | 'POST'; tokenPath: string; header: string };
  blocks: {
    /** Answers that are a wall, whatever their body. */
    statuses: readonly number[];
    /** Text a wall page carries (a captcha, a challenge); case-insensitive. */
    markers: readonly string[];
    /** Fields a product page always has: a page without them is an emptied (silent) wall. */
    requiredFields: readonly string[];
    /** Other sessions tried on a blocked page before it is recorded Blocked. */
    retries: number;
  };
  /** Text of a 200 page saying the listing is gone (a soft 404): no row, not a wall. */
  notFoundMarkers: readonly string[];
  /** `browser`: product pages are rendered by headless Chromium (their block comes from a script); listing pages stay HTTP. */
  render: { mode: 'http' | 'browser'; waitFor: string };
  robots: 'obey' | 'ignore';
  /** Proxy endpoints (http://host:port) requests rotate over; none: direct. */
  proxies: readonly string[];
  /** The cities product pages are crawled in (city ids); empty: every city the channel tracks. */
  cities: readonly number[];
  /**
   * How search and category listings page: `page`, through the URL templates' {page} (the pages
   * the day's latest crawl had); `cursor`, infinite scroll: the first page's address, then the
   * answer's cursor (JSONPath `cursor`) sent back in the query parameter `param`, until the
   * answer has none, repeats one, or `maxPages` pages were read (cursorPaging.ts).
   */
  paging: { mode: 'page' } | { mode: 'cursor'; cursor: string; param: string; maxPages: number };
}

export const DEFAULT_SETTINGS: CrawlSettings = {
  session: { warmupUrl: '', perCity: 2, minIntervalMs: 0, maxUses: 1000 },
  location: { kind: 'query' },
  blocks: { statuses: [403, 503], markers: [], requiredFields: [], retries: 2 },
  notFoundMarkers: [],
  render: { mode: 'http', waitFor: '' },
  robots: 'obey',
  proxies: [],
  cities: [],
  paging: { mode: 'page' },
};

/** A listing's pages at most when paging by cursor, unless the profile says fewer or more. */
export const CURSOR_MAX_PAGES = 50;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
const int = (v: unknown, d: number, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) ? Math.min(max, Math.max(min, v)) : d;
const strings = (v: unknown, d: readonly string[]) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : d;

function paging(v: Json): CrawlSettings['paging'] {
  if (v.mode !== 'cursor') return { mode: 'page' };
  return {
    mode: 'cursor',
    cursor: str(v.cursor, '$.next_cursor'),
    param: str(v.param, 'cursor'),
    maxPages: int(v.max_pages, CURSOR_MAX_PAGES, 1, 500),
  };
}

function location(v: Json): CrawlSettings['location'] {
  const method = v.method === 'GET' ? 'GET' : 'POST';
  if (v.kind === 'cookie') return { kind: 'cookie', url: str(v.url, ''), method };
  if (v.kind === 'header')
    return {
      kind: 'header',
      url: str(v.url, ''),
      method,
      tokenPath: str(v.token_path, '$.token'),
      header: str(v.header, 'x-location-token'),
    };
  return { kind: 'query' };
}

/** A profile's stored settings (snake_case JSON) with every missing or unreadable part defaulted. */
export function parseCrawlSettings(text: string | null | undefined): CrawlSettings {
  let raw: Json = {};
  try {
    raw = obj(JSON.parse(text || '{}'));
  } catch {
    /* unreadable settings: the defaults */
  }
  const d = DEFAULT_SETTINGS;
  const session = obj(raw.session);
  const blocks = obj(raw.blocks);
  const render = obj(raw.render);
  return {
    session: {
      warmupUrl: str(session.warmup_url, d.session.warmupUrl),
      perCity: int(session.per_city, d.session.perCity, 1, 16),
      minIntervalMs: int(session.min_interval_ms, d.session.minIntervalMs, 0, 60_000),
      maxUses: int(session.max_uses, d.session.maxUses, 1, 1_000_000),
    },
    location: location(obj(raw.location)),
    blocks: {
      statuses: Array.isArray(blocks.statuses)
        ? blocks.statuses.filter((s): s is number => Number.isInteger(s))
        : d.blocks.statuses,
      markers: strings(blocks.markers, d.blocks.markers),
      requiredFields: strings(blocks.required_fields, d.blocks.requiredFields),
      retries: int(blocks.retries, d.blocks.retries, 0, 10),
    },
    notFoundMarkers: strings(raw.not_found_markers, d.notFoundMarkers),
    render: {
      mode: render.mode === 'browser' ? 'browser' : 'http',
      waitFor: str(render.wait_for, d.render.waitFor),
    },
    robots: raw.robots === 'ignore' ? 'ignore' : 'obey',
    proxies: strings(raw.proxies, d.proxies),
    cities: Array.isArray(raw.cities)
      ? raw.cities.filter((c): c is number => Number.isInteger(c) && (c as number) > 0)
      : d.cities,
    paging: paging(obj(raw.paging)),
  };
}
