import { previousField } from '../../../shared/compareFields.js';
import { shiftOntoCurrent, type CompareTo } from '../../../shared/insights/previousPeriod.js';
import { columnDimension, type DatasetIndex } from '../model/datasetIndex.js';
import type { DataRequest, FilterCondition } from './dataRequest.js';
import type { FilterValue } from './requestValues.js';

type Row = Record<string, unknown>;

/** How a grid's or chart's rows meet the same query's rows over the comparison period. */
export interface PreviousJoin {
  /** The query's group keys: a row of each period is one member. */
  keys: string[];
  /** Measures whose previous value each current row gets as `<measure>__previous`. */
  measures: string[];
  /**
   * Chart overlay: date keys of the previous rows move onto the current dates, and a date only
   * the previous period has gets a row of its own (its current measures empty).
   */
  shift?: { to: CompareTo; period: { start: string }; currentStart: string };
}

/** Group keys of the query that are dates (the overlay shifts them). */
export function dateKeys(ds: DatasetIndex, keys: readonly string[]): string[] {
  return keys.filter((k) => columnDimension(ds, k)?.type === 'date');
}

/**
 * The comparison period's request narrowed to the members of the current page: each group key in
 * the page's values (a superset when there are several keys; the join keeps exact members). Null
 * when narrowing could change a value, so the whole previous period must be read: a share of the
 * rows' total, or a key filtered at the last crawl (its own condition semantics).
 */
export function narrowedToMembers(
  ds: DatasetIndex,
  request: DataRequest,
  keys: readonly string[],
  measures: readonly string[],
  rows: readonly Row[],
): DataRequest | null {
  if (measures.some((m) => ds.measures.get(m)?.kind === 'shareOfTotal')) return null;
  const conditions: FilterCondition[] = request.conditions.filter((c) => !keys.includes(c.dimension));
  for (const key of keys) {
    const dim = columnDimension(ds, key);
    if (!dim || dim.filterAtLastCrawlOf) return null;
    const values = [...new Set(rows.map((r) => r[key]))].filter(
      (v): v is FilterValue => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
    );
    if (values.length === 0) return null;
    // The page's members already meet the request's own condition on this key.
    conditions.push({ dimension: key, op: 'in', values });
  }
  return { ...request, conditions };
}

const memberOf = (row: Row, keys: readonly string[]) => JSON.stringify(keys.map((k) => row[k] ?? null));

/**
 * Each current row with `<measure>__previous` from the previous row of the same member (null when
 * the member has none). With `shift`, previous dates are moved onto the current ones first.
 */
export function joinPrevious(
  current: Row[],
  previous: readonly Row[],
  join: PreviousJoin,
  dates: string[],
): Row[] {
  const shifted = join.shift
    ? previous.map((r) => {
        const moved = { ...r };
        for (const d of dates)
          if (typeof r[d] === 'string')
            moved[d] = shiftOntoCurrent(r[d], join.shift!.to, join.shift!.period, join.shift!.currentStart);
        return moved;
      })
    : previous;
  const byMember = new Map(shifted.map((r) => [memberOf(r, join.keys), r]));
  const out = current.map((row) => {
    const before = byMember.get(memberOf(row, join.keys));
    byMember.delete(memberOf(row, join.keys));
    const joined = { ...row };
    for (const m of join.measures) joined[previousField(m)] = before?.[m] ?? null;
    return joined;
  });
  if (!join.shift) return out;
  for (const before of byMember.values()) {
    const only: Row = {};
    for (const k of join.keys) only[k] = before[k];
    for (const m of join.measures) {
      only[m] = null;
      only[previousField(m)] = before[m] ?? null;
    }
    out.push(only);
  }
  return out;
}
