/**
 * The elastic trigger's checks and the spec's messages (§7, §8), shared by the form and the route.
 * Limit: the most index entries written per batch (a bulk size). Time Interval: how many crawl
 * days, back from the source's latest crawl day, the rebuilt index covers (docs/crawl.md).
 */
export const ELASTIC_MESSAGES = {
  mandatory: 'All fields are Mandatory.',
  numbers: 'Limit and Time Interval must be valid numbers.',
  initiated: 'Elastic initiated please check after some time.',
  failed: 'Process Failed.Please Retry after some time.',
} as const;

/** Bounds of a valid number: a whole number in range (anything else is not a valid number here). */
export const ELASTIC_LIMIT = { min: 1, max: 10_000 } as const;
export const ELASTIC_INTERVAL_DAYS = { min: 1, max: 366 } as const;

export interface ElasticTrigger {
  source: string;
  limit: number;
  timeInterval: number;
}

type Checked = { ok: true; value: ElasticTrigger } | { ok: false; msg: string };

/** Text of a form value: strings and numbers only (anything else counts as not filled in). */
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const blank = (v: unknown) => text(v) === '';

/** A whole number within bounds, from a number or its decimal text; else null. */
function wholeNumber(v: unknown, bounds: { min: number; max: number }): number | null {
  const digits = text(v);
  if (!/^\d{1,9}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= bounds.min && n <= bounds.max ? n : null;
}

/** The trigger body `{source, limit, time_interval}`: every field present, then both numbers valid. */
export function checkElasticTrigger(body: Record<string, unknown>): Checked {
  const { source, limit, time_interval: interval } = body;
  if ([source, limit, interval].some(blank)) return { ok: false, msg: ELASTIC_MESSAGES.mandatory };
  const l = wholeNumber(limit, ELASTIC_LIMIT);
  const t = wholeNumber(interval, ELASTIC_INTERVAL_DAYS);
  if (l === null || t === null) return { ok: false, msg: ELASTIC_MESSAGES.numbers };
  return { ok: true, value: { source: text(source), limit: l, timeInterval: t } };
}
