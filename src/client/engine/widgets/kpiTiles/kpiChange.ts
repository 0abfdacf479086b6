import dayjs from 'dayjs';
import {
  changeField,
  COMPARE_END,
  COMPARE_KEYS,
  COMPARE_START,
  previousField,
} from '../../../../shared/compareFields.js';
import {
  formatDate,
  formatInteger,
  formatValue,
  type CurrencyInfo,
  type NumberStyle,
} from '../../../../shared/format/index.js';

/** What a KPI tile shows of its measure's period-over-period change (ScreenQuery.compare). */
export interface KpiChange {
  direction: 'up' | 'down' | 'flat' | 'none';
  /** The change, e.g. '▲ 2.3 pts' ('—' when the periods cannot be compared: `against` says why). */
  delta: string;
  /** What it is measured against, e.g. 'vs previous 7 days'. */
  against: string;
  /** Sentence added to the tile's definition: which period, over which keys, from what to what. */
  detail: string;
}

/**
 * The change of `measure` in a compared row, or null when the row compares no period (no date
 * range). Percent measures change in points; others in their own format.
 */
export function kpiChange(
  row: Record<string, unknown>,
  measure: string,
  format: string | undefined,
  /** What the compared keys are, plural, e.g. 'keywords'. */
  keysLabel: string,
  currency?: CurrencyInfo,
  style?: NumberStyle,
): KpiChange | null {
  const start = row[COMPARE_START];
  const end = row[COMPARE_END];
  if (typeof start !== 'string' || typeof end !== 'string') return null;
  const days = dayjs(end).diff(start, 'day') + 1;
  const period = days === 1 ? 'previous day' : `previous ${days} days`;
  const range = start === end ? formatDate(start) : `${formatDate(start)} to ${formatDate(end)}`;
  const keys = Number(row[COMPARE_KEYS] ?? 0);
  const change = row[changeField(measure)];
  const previous = row[previousField(measure)];
  if (typeof change !== 'number' || typeof previous !== 'number') {
    // Not "no change": nothing to compare, and the tile says why rather than a flat 0.
    const why = keys === 0 ? `no ${keysLabel} in both periods` : `no value in the ${period}`;
    return {
      direction: 'none',
      delta: '—',
      against: why,
      detail: `Change vs ${range}: ${why}.`,
    };
  }
  const points = format === 'percent';
  const size = points
    ? `${Math.abs(change).toFixed(1)} pts`
    : formatValue(Math.abs(change), format, currency, style);
  const shown = points ? Math.round(change * 10) / 10 : change;
  const direction = shown > 0 ? 'up' : shown < 0 ? 'down' : 'flat';
  const arrow = { up: '▲', down: '▼', flat: '■' }[direction];
  const fmt = (v: number) => formatValue(v, format, currency, style);
  return {
    direction,
    delta: `${arrow} ${size}`,
    against: `vs ${period}`,
    detail: `Change vs ${range}, over the ${formatInteger(keys, 'indian')} ${keysLabel} present in both periods: ${fmt(previous)} then ${fmt(previous + change)}.`,
  };
}
