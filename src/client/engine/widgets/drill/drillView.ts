import type { DrillRows } from '../../../../shared/insights/drill.js';
import { formatInteger, type NumberStyle } from '../../../../shared/format/index.js';

/**
 * The line above a drill grid: how many rows, what one is, and, when a row groups several of
 * what the tile counts (listings of observations), that the figures are still in the tile's unit.
 */
export function drillSummary(
  d: Pick<DrillRows, 'total' | 'rowNoun' | 'factNoun' | 'combine'>,
  style?: NumberStyle,
): string {
  const rows = `${formatInteger(d.total, style)} ${d.rowNoun}`;
  if (d.factNoun === d.rowNoun) return `${rows}.`;
  const how =
    d.combine === 'ratio'
      ? 'the totals of the two columns make the tile'
      : d.combine === 'sum'
        ? 'the column adds up to the tile'
        : `the ${d.combine === 'min' ? 'smallest' : 'largest'} row is the tile`;
  return `${rows}. The tile counts ${d.factNoun}: each row shows its own, and ${how}.`;
}

/** The row fields shown: a key's label column in place of its id when the row has one. */
export function shownColumns(columns: DrillRows['columns']): { id: string; label: string; idOf?: string }[] {
  const out: { id: string; label: string; idOf?: string }[] = [];
  for (const c of columns) {
    const prev = out.at(-1);
    // A look-up's label column follows its key with the same header: show the label only.
    if (prev && prev.label === c.label && !prev.idOf) {
      out[out.length - 1] = { id: c.id, label: c.label, idOf: prev.id };
      continue;
    }
    out.push(c);
  }
  return out;
}

/**
 * A chart point's drill parameters: the datum's values of the query's group keys
 * (`point.crawl_date=2026-11-02`); Vega parses temporal values into dates (or epoch milliseconds).
 */
export function pointParams(
  datum: Record<string, unknown>,
  groupBy: readonly string[],
  dateFields: readonly string[],
): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const key of groupBy) {
    const v = datum[key];
    if (v === undefined || v === null) return null;
    if (dateFields.includes(key) && (typeof v === 'number' || v instanceof Date))
      out[`point.${key}`] = new Date(v).toISOString().slice(0, 10);
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      out[`point.${key}`] = String(v);
    else return null;
  }
  return Object.keys(out).length ? out : null;
}
