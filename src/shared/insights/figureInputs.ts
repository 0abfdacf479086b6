import { formatValue, type CurrencyInfo, type NumberStyle } from '../format/index.js';
import type { FieldMeta } from '../screenApi.js';

/**
 * The hover line of a figure with inputs (CONVENTIONS.md item 19): its inputs with their values,
 * multiplied to the figure, then its notes, e.g.
 * `Out-Of-Stock Days 2.50 x Baseline Units/Day 10.00 x Price/Unit ₹50.00 = ₹1,250.00. City Weights: equal.`
 * A missing figure says why instead (its `missing` text). Null when the measure has no inputs.
 */
export function figureInputs(
  meta: FieldMeta | undefined,
  row: Record<string, unknown>,
  measures: readonly FieldMeta[],
  currency?: CurrencyInfo,
  style?: NumberStyle,
): string | null {
  const inputs = meta?.inputs;
  if (!meta || !inputs) return null;
  const field = (id: string) => measures.find((m) => m.id === id) ?? { id, label: id };
  const shown = (f: FieldMeta) => formatValue(row[f.id], f.format, currency, style);
  const notes = (inputs.notes ?? []).map((id) => `${field(id).label}: ${shown(field(id))}.`);
  const value = row[meta.id];
  if (value === null || value === undefined)
    return [`${meta.label}: ${inputs.missing ?? 'no figure'}.`, ...notes].join(' ');
  const product = inputs.product.map((id) => `${field(id).label} ${shown(field(id))}`).join(' x ');
  return [`${product} = ${shown(meta)}.`, ...notes].join(' ');
}

/** The figure as a cell or tile shows it: its `missing` text in place of a missing value. */
export function missingText(meta: FieldMeta | undefined, value: unknown): string | null {
  return (value === null || value === undefined) && meta?.inputs?.missing ? meta.inputs.missing : null;
}
