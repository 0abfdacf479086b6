import { formatInteger, type NumberStyle } from '../../../../shared/format/index.js';
import dayjs from 'dayjs';
import type { SliceField } from '../../../../shared/config.gen.js';
import type { UploadSlice } from './uploadApi.js';

/** A timestamp in the product's format (DD-MMM-YYYY hh:mm A, local time), or --- . */
export function formatWhen(iso: string | null | undefined, format = 'DD-MMM-YYYY hh:mm A'): string {
  if (!iso) return '---';
  const d = dayjs(iso);
  return d.isValid() ? d.format(format) : '---';
}

/** A slice as words, e.g. "Amazon 2026-01", for file names and labels. */
export function sliceText(fields: readonly SliceField[], slice: UploadSlice): string {
  return fields.map((f) => slice.labels[f.field] ?? String(slice.slice[f.field])).join(' ');
}

/** A slice as the table shows it, e.g. "Amazon, Oct 2026", for confirmations and notices. */
export function sliceName(
  fields: readonly SliceField[],
  slice: Pick<UploadSlice, 'labels' | 'slice'>,
): string {
  return fields
    .map((f) => {
      const label = slice.labels[f.field] ?? String(slice.slice[f.field]);
      return f.grain === 'month' ? formatWhen(`${label}-01`, 'MMM YYYY') : label;
    })
    .join(', ');
}

/** "1 row", "1,234 rows". */
export const rowCount = (n: number, style?: NumberStyle): string =>
  `${formatInteger(n, style)} row${n === 1 ? '' : 's'}`;
