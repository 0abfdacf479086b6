import type { ValueFormat } from '../config.gen.js';

/** The `GET /insights/drill` answer: the rows behind a KPI tile or a chart point. */
export interface DrillRows {
  measure: string;
  label: string;
  /** How the rows' figures make the tile: the sum of the first, first x scale / second, min, max. */
  combine: 'sum' | 'ratio' | 'min' | 'max';
  scale?: number;
  /** What one row is, plural ('listings'), and what the tile counts ('observations (listing x day)'). */
  rowNoun: string;
  factNoun: string;
  /** Key and label fields of a row, in order, with headers. */
  columns: { id: string; label: string }[];
  /** The figures of a row (the measure itself, or a ratio's numerator and denominator). */
  parts: { id: string; label: string; format: ValueFormat }[];
  /** The fact rows the measure reads: a removable tag (absent when it reads every row). */
  condition?: { label: string; detail: string; applied: boolean };
  /** A chart point's dimensions, each a tag. */
  points: { dimension: string; label: string; value: string | number | boolean }[];
  period: { start: string | null; end: string | null };
  rows: Record<string, unknown>[];
  /** Rows in all (before paging). */
  total: number;
  /** Each part over every row (sums; for min and max the extreme). */
  totals: Record<string, number | null>;
  /** The tile's figure made from `totals`. */
  value: number | null;
}

/** The tile's figure from the rows' totals, as `combine` says (null over no rows or a zero divisor). */
export function combineTotals(
  combine: DrillRows['combine'],
  parts: readonly { id: string }[],
  totals: Readonly<Record<string, number | null>>,
  scale = 1,
): number | null {
  const first = totals[parts[0]!.id] ?? null;
  if (combine !== 'ratio') return first;
  const second = totals[parts[1]!.id] ?? null;
  if (first === null || second === null || second === 0) return null;
  return (first * scale) / second;
}
