/**
 * The report-mailer form's timing builder (docs/jobs.md): Daily at HH:mm, Weekly on chosen weekdays
 * at HH:mm, Monthly on day N at HH:mm, or a custom cron expression. A timing compiles to the one
 * cron expression the mailer stores (with its time zone); a stored expression of one of those
 * shapes parses back to its mode, anything else opens as Custom.
 */

export type TimingMode = 'daily' | 'weekly' | 'monthly' | 'custom';

export interface Timing {
  mode: TimingMode;
  /** HH:mm, 24-hour. */
  time: string;
  /** 0 Sunday .. 6 Saturday (weekly). */
  weekdays: number[];
  /** 1..31 (monthly). */
  dayOfMonth: number;
  /** The expression itself (custom). */
  cron: string;
}

export const TIMING_MESSAGES = {
  time: 'Enter the time as HH:mm, 00:00 to 23:59',
  weekdays: 'Choose at least one weekday',
  dayOfMonth: 'Day of month must be a whole number from 1 to 31',
  cron: 'Enter a cron expression: minute hour day month weekday',
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const NUMBER = /^\d{1,2}$/;

/** The builder's starting values where the stored expression says nothing (e.g. weekly's days). */
const DEFAULTS: Timing = { mode: 'weekly', time: '09:00', weekdays: [1], dayOfMonth: 1, cron: '0 9 * * 1' };

/** Weekday list as cron writes it: runs of three or more as ranges (1-5), the rest with commas. */
function weekdayField(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}-${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.join(',');
}

/** `1-5`, `1,3,5`, `0,6` or `7` (Sunday) to days 0..6; null for names, steps or anything else. */
function parseWeekdays(field: string): number[] | null {
  const days = new Set<number>();
  for (const part of field.split(',')) {
    const range = /^(\d)(?:-(\d))?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from > 7 || to > 7 || to < from) return null;
    for (let d = from; d <= to; d++) days.add(d % 7);
  }
  return [...days].sort((a, b) => a - b);
}

/** What is wrong with a timing, in words; null when it compiles. */
export function timingProblem(t: Timing): string | null {
  if (t.mode === 'custom') return t.cron.trim().split(/\s+/).length === 5 ? null : TIMING_MESSAGES.cron;
  if (!TIME.test(t.time)) return TIMING_MESSAGES.time;
  if (t.mode === 'weekly' && !t.weekdays.some((d) => Number.isInteger(d) && d >= 0 && d <= 6))
    return TIMING_MESSAGES.weekdays;
  if (t.mode === 'monthly' && !(Number.isInteger(t.dayOfMonth) && t.dayOfMonth >= 1 && t.dayOfMonth <= 31))
    return TIMING_MESSAGES.dayOfMonth;
  return null;
}

/** The cron expression of a timing (the server checks it again on save); throws when it has a problem. */
export function compileTiming(t: Timing): string {
  const problem = timingProblem(t);
  if (problem) throw new Error(problem);
  if (t.mode === 'custom') return t.cron.trim().split(/\s+/).join(' ');
  const [hh, mm] = t.time.split(':').map(Number);
  const at = `${mm} ${hh}`;
  if (t.mode === 'daily') return `${at} * * *`;
  if (t.mode === 'weekly') return `${at} * * ${weekdayField(t.weekdays.filter((d) => d >= 0 && d <= 6))}`;
  return `${at} ${t.dayOfMonth} * *`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The builder's mode and fields for a stored expression; Custom when it is none of the three shapes. */
export function parseTiming(cron: string | undefined): Timing {
  const text = (cron ?? '').trim().split(/\s+/).join(' ');
  const custom: Timing = { ...DEFAULTS, mode: 'custom', cron: text };
  const fields = text.split(' ');
  if (fields.length !== 5) return custom;
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string];
  if (!NUMBER.test(minute) || !NUMBER.test(hour) || month !== '*') return custom;
  const m = Number(minute);
  const h = Number(hour);
  if (m > 59 || h > 23) return custom;
  const base = { ...DEFAULTS, time: `${pad(h)}:${pad(m)}`, cron: text };
  if (day === '*' && weekday === '*') return { ...base, mode: 'daily' };
  if (day === '*') {
    const days = parseWeekdays(weekday);
    return days ? { ...base, mode: 'weekly', weekdays: days } : custom;
  }
  if (weekday === '*' && NUMBER.test(day) && Number(day) >= 1 && Number(day) <= 31)
    return { ...base, mode: 'monthly', dayOfMonth: Number(day) };
  return custom;
}
