import type { NumberStyle } from '../../../shared/format/index.js';
/** What a report file says about itself above its rows: screen, filters and date range. */
export interface ReportMeta {
  screen: string;
  filters: Record<string, string>;
  generatedAt: Date;
  /** How number cells group their digits (the user menu's setting); absent: the default style. */
  numberStyle?: NumberStyle;
}

/** Request parameters that are paging or sorting, not filters a reader needs to know. */
const NOT_FILTERS = new Set(['limit', 'offset', 'sort', 'order', 'orderBy', 'screenName', 'paxScreenName']);
const RANGE_KEYS = [
  ['start_date', 'end_date'],
  ['from', 'to'],
] as const;

/** The header block's lines, each [label, value]. */
export function reportHeaderLines(meta: ReportMeta): [string, string][] {
  const range = RANGE_KEYS.find(([a, b]) => meta.filters[a] || meta.filters[b]);
  const dates = range ? `${meta.filters[range[0]] ?? ''} to ${meta.filters[range[1]] ?? ''}` : 'all dates';
  const skip = new Set<string>(range ?? []);
  const filters = Object.entries(meta.filters)
    .filter(([k, v]) => v !== '' && !NOT_FILTERS.has(k) && !skip.has(k))
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  return [
    ['Screen', meta.screen],
    ['Filters', filters || 'none'],
    ['Date range', dates],
    ['Generated', meta.generatedAt.toISOString().replace('T', ' ').slice(0, 19) + ' UTC'],
  ];
}
