import dayjs from 'dayjs';
import { EMPTY_VALUE } from './numbers.js';

/** Display formats of docs/product-spec.md §9. */
export const DISPLAY_DATE = 'DD-MMM-YYYY';
export const DISPLAY_MONTH = "MMM 'YY";
export const LOGIN_TIME = 'DD-MMM-YYYY HH:mm:ss A';

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
