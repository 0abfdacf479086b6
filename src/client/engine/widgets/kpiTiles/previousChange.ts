import dayjs from 'dayjs';
import {
  formatDate,
  formatTileValue,
  formatValue,
  type CurrencyInfo,
  type NumberStyle,
} from '../../../../shared/format/index.js';
import type { ValueFormat } from '../../../../shared/config.gen.js';
import type { CompareTo } from '../../../../shared/insights/previousPeriod.js';

/** What a KPI tile shows of its value against the previous period (QueryResult.previous). */
export interface PreviousChange {
  /** 'good' / 'bad' by the measure's goodDirection; 'neutral' without one or without a change. */
  tone: 'good' | 'bad' | 'neutral';
  /** e.g. '▲ 2.3 pts', '▼ 12.5%', 'New' (nothing before), 'No data' (nothing either side). */
  delta: string;
  /** e.g. 'vs 1.2k previous 7 days': the previous value in the tile's own (short) form. */
  against: string;
  /** The same with the previous value in full, e.g. 'vs 1,204 previous 7 days' (its hover). */
  againstFull: string;
  /** Sentence for the tile's definition: the previous period and both values. */
  detail: string;
}

export interface PreviousInput {
  current: unknown;
  previous: unknown;
  period: { start: string; end: string };
  /** The comparison chosen: the previous period (default) or the same period last year. */
  to?: CompareTo | undefined;
  /** The warehouse holds nothing of the comparison period: never shown as a 0. */
  noData?: boolean | undefined;
  format?: ValueFormat;
  goodDirection?: 'up' | 'down' | 'neutral';
  currency?: CurrencyInfo;
  style?: NumberStyle;
}

/**
 * The change of a tile's value from the previous period: points for percentages (a share moving
 * from 40% to 45% rose 5 points, not 12.5%), a relative % for counts and money.
 */
export function previousChange(input: PreviousInput): PreviousChange {
  const { current, previous, period, to, format, goodDirection, currency, style } = input;
  const days = dayjs(period.end).diff(period.start, 'day') + 1;
  const range =
    period.start === period.end
      ? formatDate(period.start)
      : `${formatDate(period.start)} to ${formatDate(period.end)}`;
  const fmt = (v: unknown) => (typeof v === 'number' ? formatValue(v, format, currency, style) : 'no value');
  const prevText = fmt(previous);
  const lastYear = to === 'last_year';
  if (input.noData) {
    const delta = lastYear ? 'No data last year' : 'No data before';
    const detail = `No data for ${range} (${delta.toLowerCase()}).`;
    return { tone: 'neutral', delta, against: '', againstFull: '', detail };
  }
  // The line reads as the tile does (short from 1,000 on); the full figure is its hover.
  const prevTile = typeof previous === 'number' ? formatTileValue(previous, format, currency, style) : null;
  const periodWords = lastYear ? 'same period last year' : `previous ${days === 1 ? 'day' : `${days} days`}`;
  const vs = (text: string) => `vs ${text} ${periodWords}`;
  // Nothing to compare with reads as such, not 'vs no value previous 7 days'.
  const none = `(none in the ${periodWords})`;
  const against = prevTile ? vs(prevTile.text) : none;
  const againstFull = prevTile ? vs(prevTile.full) : none;
  const detail = `${lastYear ? 'Same period last year' : 'Previous period'} ${range}: ${prevText}, now ${fmt(current)}.`;
  const unchanged = { against, againstFull, detail };
  if (typeof current !== 'number' || typeof previous !== 'number') {
    const delta = typeof current === 'number' ? 'New' : 'No data';
    return { tone: 'neutral', delta, ...unchanged };
  }
  const change = current - previous;
  let size: number;
  let text: string;
  if (format === 'percent') {
    size = Math.round(change * 10) / 10;
    text = `${Math.abs(size).toFixed(1)} pts`;
  } else if (previous === 0) {
    return { tone: 'neutral', delta: change === 0 ? '■ 0%' : 'New', ...unchanged };
  } else {
    size = Math.round((change / Math.abs(previous)) * 1000) / 10;
    text = `${Math.abs(size).toFixed(1)}%`;
  }
  const arrow = size > 0 ? '▲' : size < 0 ? '▼' : '■';
  const sign = Math.sign(size) * (goodDirection === 'down' ? -1 : goodDirection === 'up' ? 1 : 0);
  const tone = sign > 0 ? 'good' : sign < 0 ? 'bad' : 'neutral';
  return { tone, delta: `${arrow} ${text}`, ...unchanged };
}
