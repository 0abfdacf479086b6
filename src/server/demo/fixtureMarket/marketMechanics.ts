/**
 * How hostile the fixture market is, decided from a seed so a test knows the truth: which product
 * pages are behind a bot wall (and whether another session gets through), which are soft 404s.
 * Walls triggered by behaviour (no session cookie, too many requests on one session) come on top,
 * in marketSessions.ts; a crawler that behaves never meets them.
 */
export interface MarketOptions {
  /** The demo generator's seed: the same seed, the same walls. */
  seed: number;
  /** Percent of product pages behind a bot wall (0 = none). */
  wallPct: number;
  /** Percent of product pages answering a 200 "this product is unavailable" (0 = none). */
  soft404Pct: number;
}

export const KIND_MARKET: MarketOptions = { seed: 42, wallPct: 0, soft404Pct: 0 };

/** The ways a site refuses a visitor it takes for a bot. */
export type WallKind = 'captcha' | 'challenge403' | 'challenge503' | 'emptied';
const WALL_KINDS: readonly WallKind[] = ['captcha', 'challenge403', 'challenge503', 'emptied'];

export interface PageFate {
  /**
   * A wall in front of the page: `hard` walls answer every session that day (the page stays
   * blocked), the others only the first session that asks (another session gets the page).
   */
  wall: { kind: WallKind; hard: boolean } | null;
  /** The page answers 200 "this product is unavailable": the listing shows no observation. */
  soft404: boolean;
}

export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  // A final avalanche: keys that differ in their last characters must not land side by side.
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

const share = (key: string) => hash(key) / 2 ** 32;

/** What the market does to one product page (a listing in a city) of a channel. */
export function pageFate(options: MarketOptions, channelId: number, sku: string, cityId: number): PageFate {
  const key = `${options.seed}/${channelId}/${sku}/${cityId}`;
  const walled = share(`wall:${key}`) < options.wallPct / 100;
  return {
    wall: walled
      ? { kind: WALL_KINDS[hash(`kind:${key}`) % WALL_KINDS.length]!, hard: hash(`hard:${key}`) % 2 === 0 }
      : null,
    soft404: share(`gone:${key}`) < options.soft404Pct / 100,
  };
}

/** Channels whose product block is rendered by a script in the browser (the HTML is a shell). */
export const SCRIPT_RENDERED_CHANNELS: ReadonlySet<number> = new Set([4]);

/** Requests one session may make in a second before the site flags it as a bot. */
export const SESSION_BURST_PER_SECOND = 25;
