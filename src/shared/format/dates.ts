import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { EMPTY_VALUE } from './numbers.js';

dayjs.extend(customParseFormat);

/** Display formats of docs/product-spec.md §9. */
export const DISPLAY_DATE = 'DD-MMM-YYYY';
export const DISPLAY_MONTH = "MMM 'YY";
export const LOGIN_TIME = 'DD-MMM-YYYY HH:mm:ss A';
/** docs/product-spec.md §9: "pickers DD-MM-YYYY". */
export const PICKER_DATE = 'DD-MM-YYYY';

function fmt(value: unknown, pattern: string): string {
  if (value === null || value === undefined || value === '' || value === '-1') return EMPTY_VALUE;
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.format(pattern) : EMPTY_VALUE;
}

/** '2026-11-22' -> '22-Nov-2026' */
export const formatDate = (value: unknown): string => fmt(value, DISPLAY_DATE);
/** '2026-11-22' -> "Nov '26" */
export const formatMonth = (value: unknown): string => fmt(value, DISPLAY_MONTH);
/** Last success/failed login in local time, or '---' (docs/product-spec.md §2). */
export const formatLoginTime = (value: unknown): string => fmt(value, LOGIN_TIME);
/** A moment in local time to the minute, the display date first: '25-Nov-2026 23:31' (share links' created / expires). */
export const formatDateTime = (value: unknown): string => fmt(value, `${DISPLAY_DATE} HH:mm`);
/** '2026-11-22' -> '22-11-2026', as a date picker shows it; '' when there is no date. */
export const formatPickerDate = (iso: string | undefined): string =>
  iso && iso !== '-1' && dayjs(iso).isValid() ? dayjs(iso).format(PICKER_DATE) : '';
/** '22-11-2026' -> '2026-11-22'; null when the text is not a real DD-MM-YYYY date (31-02-2026). */
export function parsePickerDate(text: string): string | null {
  const d = dayjs(text.trim(), PICKER_DATE, true);
  return d.isValid() ? d.format('YYYY-MM-DD') : null;
}
