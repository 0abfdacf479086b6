import type { PageOutcome } from './crawlTypes.js';

/**
 * One crawl-page-log entry per fetched page: a fetch that failed keeps its own reason, a page that
 * was fetched but could not be turned into rows the reason it was rejected; null means loaded.
 * A page behind a bot wall whichever session asked is marked blocked.
 */
export function pageLog(
  outcomes: readonly PageOutcome[],
  rejectedRows: readonly { outcome: PageOutcome; reason: string }[],
) {
  const rejected = new Map(rejectedRows.map((r) => [r.outcome, r.reason]));
  return outcomes.map((o) => ({
    url: o.input.url,
    productId: o.input.productId,
    cityId: o.input.cityId,
    listing: o.input.listing,
    httpStatus: o.httpStatus,
    ms: o.ms,
    attempts: o.attempts,
    reason: o.ok ? (rejected.get(o) ?? null) : o.reason,
    blocked: !o.ok && o.blocked === true,
    sessionId: o.sessionId ?? null,
  }));
}
