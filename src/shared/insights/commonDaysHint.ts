import { commonDaysFields } from '../commonDaysFields.js';
import { formatDate } from '../format/dates.js';
import type { FieldMeta } from '../screenApi.js';

/**
 * The hover line of a ratio read over its sources' common days (a ratio's `commonDays`): which
 * days it divides over and, when one source ends earlier, which, e.g.
 * `Spend and Total Sales over 20-Nov-2026 to 25-Nov-2026, the days both have (Total Sales end 25-Nov-2026, Spend 26-Nov-2026).`
 * Null when the measure is not such a ratio or the row carries no span.
 */
export function commonDaysHint(meta: FieldMeta | undefined, row: Record<string, unknown>): string | null {
  const sides = meta?.commonDays;
  if (!meta || !sides) return null;
  const f = commonDaysFields(meta.id);
  const text = (field: string) => (typeof row[field] === 'string' ? row[field] : null);
  const [from, to] = [text(f.from), text(f.to)];
  const both = `${sides.numerator} and ${sides.denominator}`;
  if (!from || !to) return `${meta.label}: ${both} have no day in common in this period.`;
  const [numLast, denLast] = [text(f.numeratorLast), text(f.denominatorLast)];
  const range = from === to ? formatDate(from) : `${formatDate(from)} to ${formatDate(to)}`;
  const ends =
    numLast && denLast && numLast !== denLast
      ? numLast < denLast
        ? ` (${sides.numerator} end ${formatDate(numLast)}, ${sides.denominator} ${formatDate(denLast)})`
        : ` (${sides.denominator} end ${formatDate(denLast)}, ${sides.numerator} ${formatDate(numLast)})`
      : '';
  return `${meta.label} reads ${both} over ${range}, the days both have${ends}.`;
}
