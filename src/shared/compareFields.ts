/**
 * Names of the fields a compared query (ScreenQuery.compare) adds to its row; the server's SQL
 * and the KPI tiles both read them from here.
 */
export const changeField = (measure: string): string => `${measure}__change`;
export const previousField = (measure: string): string => `${measure}__previous`;
/** How many `over` values occur in both periods. */
export const COMPARE_KEYS = 'compare__keys';
/** The previous period, 'YYYY-MM-DD' inclusive. */
export const COMPARE_START = 'compare__start';
export const COMPARE_END = 'compare__end';

/** Every field `compare` adds for these measures. */
export function compareFields(measures: readonly string[]): string[] {
  return [
    ...measures.flatMap((m) => [changeField(m), previousField(m)]),
    COMPARE_KEYS,
    COMPARE_START,
    COMPARE_END,
  ];
}
