import dayjs from 'dayjs';

/** Messages of docs/product-spec.md §5, as the filter bar shows them. */
export const maxSelectMessage = (n: number) => `Can't be done (Max ${n} selections)`;
export const minSelectMessage = (n: number) => `Can't be done (Min ${n} selection required)`;
export const MONTH_RANGE_MESSAGE = "End Date can't be smaller than Start Date";
export const RANK_MESSAGE = 'Rank must be a number of at least 1';

/** A multi-select change is refused when it leaves more than maxSelect or fewer than minSelect. */
export function checkSelectionCount(
  next: readonly unknown[],
  limits: { maxSelect?: number; minSelect?: number },
): string | null {
  if (limits.maxSelect !== undefined && next.length > limits.maxSelect)
    return maxSelectMessage(limits.maxSelect);
  if (limits.minSelect !== undefined && next.length < limits.minSelect)
    return minSelectMessage(limits.minSelect);
  return null;
}

/** Month range: the end month may not come before the start month. */
export function checkMonthRange(start: string, end: string): string | null {
  return dayjs(end).isBefore(dayjs(start), 'month') ? MONTH_RANGE_MESSAGE : null;
}

/** Rank input: numeric, min 1. Returns the number or the message. */
export function parseRank(input: string): { value: number } | { error: string } {
  const trimmed = input.trim();
  if (!/^\d+$/.test(trimmed)) return { error: RANK_MESSAGE };
  const value = Number(trimmed);
  return value >= 1 ? { value } : { error: RANK_MESSAGE };
}
