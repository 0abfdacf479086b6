/**
 * Deterministic variety of the fixture pages, decided from the page's key so a re-run sees the
 * same market: which layout a listing uses, which pages are slow, which answer 429 first, which
 * leave out the struck-through MRP.
 */
export interface PageVariety {
  /** The redesigned product page (other class names, other nesting). */
  newLayout: boolean;
  /** No MRP shown (the page omits the struck-through price). */
  hideMrp: boolean;
  /** Milliseconds before the answer. */
  delayMs: number;
  /** Answer 429 with Retry-After to the first request of this page. */
  rateLimitFirst: boolean;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function pageVariety(sku: string, cityId: number): PageVariety {
  const listing = hash(sku);
  const page = hash(`${sku}@${cityId}`);
  return {
    newLayout: listing % 3 === 0,
    hideMrp: page % 10 === 1,
    delayMs: page % 40 === 7 ? 120 : 0,
    rateLimitFirst: page % 33 === 5,
  };
}
