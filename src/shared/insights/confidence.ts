import { formatDate, formatDateTime, formatInteger } from '../format/index.js';

/** GET /insights/confidence: how far a KPI tile's figure can be trusted (docs/metrics.md, Confidence). */
export interface Confidence {
  /** Pages the crawl was to load for the tile's days and filters: loaded + blocked + failed. */
  expected: number;
  /** Pages that gave a row (the dataset's rows). */
  loaded: number;
  /** Pages behind a bot wall or captcha: excluded, never counted as out of stock. */
  blocked: number;
  /** Pages that failed otherwise (errors, invalid pages): excluded too. */
  failed: number;
  /** loaded / expected x 100, one decimal; null with nothing expected. */
  coverage: number | null;
  /** The last product crawl that loaded rows (ISO time); null when none is recorded. */
  lastLoad: string | null;
  /** The newest day of rows for these filters. */
  dataTo: string | null;
  /** Labels of filters a missing page cannot carry (a status): left out of both counts. */
  leftOut: string[];
}

/** Coverage at or above this reads as complete (green); below `LOW` as weak (red). */
const FULL = 98;
const LOW = 90;

export function confidenceTone(c: Confidence): 'full' | 'partial' | 'low' | 'none' {
  if (c.coverage === null) return 'none';
  return c.coverage >= FULL ? 'full' : c.coverage >= LOW ? 'partial' : 'low';
}

/** Percent as the mark shows it: whole when whole (96%), else one decimal (99.6%). */
export const coverageLabel = (c: Confidence): string =>
  c.coverage === null ? 'no pages' : `${Number.isInteger(c.coverage) ? c.coverage : c.coverage.toFixed(1)}%`;

/**
 * The mark's hover in plain words, e.g. "Coverage 96%: 1,152 of 1,200 pages loaded for these days
 * and filters; 48 blocked, excluded (never counted as out of stock). Last load 29-Nov-2026 06:10."
 */
export function confidenceText(c: Confidence): string {
  if (c.coverage === null) return 'No pages loaded or expected for these days and filters.';
  const n = (v: number) => formatInteger(v);
  const missing = [
    c.blocked > 0 ? `${n(c.blocked)} blocked` : '',
    c.failed > 0 ? `${n(c.failed)} failed` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const parts = [
    `Coverage ${coverageLabel(c)}: ${n(c.loaded)} of ${n(c.expected)} pages loaded for these days and filters${
      missing ? `; ${missing}, excluded (never counted as out of stock)` : ''
    }.`,
    c.lastLoad ? `Last load ${formatDateTime(c.lastLoad)}.` : 'No crawl run recorded.',
    c.dataTo ? `Data to ${formatDate(c.dataTo)}.` : '',
    c.leftOut.length ? `${c.leftOut.join(', ')} left out: a missing page has no status.` : '',
  ];
  return parts.filter(Boolean).join(' ');
}
