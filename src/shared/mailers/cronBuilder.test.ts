import { describe, expect, it } from 'vitest';
import { CronExpressionParser } from 'cron-parser';
import { compileTiming, parseTiming, TIMING_MESSAGES, timingProblem, type Timing } from './cronBuilder.js';

const timing = (over: Partial<Timing>): Timing => ({
  mode: 'daily',
  time: '09:00',
  weekdays: [1],
  dayOfMonth: 1,
  cron: '',
  ...over,
});

describe('timing builder: compile', () => {
  it('compiles each mode to the cron expression it means', () => {
    expect(compileTiming(timing({ mode: 'daily', time: '08:30' }))).toBe('30 8 * * *');
    expect(compileTiming(timing({ mode: 'weekly', time: '09:00', weekdays: [1] }))).toBe('0 9 * * 1');
    expect(compileTiming(timing({ mode: 'weekly', weekdays: [5, 1, 3] }))).toBe('0 9 * * 1,3,5');
    expect(compileTiming(timing({ mode: 'weekly', weekdays: [1, 2, 3, 4, 5] }))).toBe('0 9 * * 1-5');
    expect(compileTiming(timing({ mode: 'weekly', weekdays: [0, 1, 2, 4, 6] }))).toBe('0 9 * * 0-2,4,6');
    expect(compileTiming(timing({ mode: 'monthly', time: '23:59', dayOfMonth: 15 }))).toBe('59 23 15 * *');
    expect(compileTiming(timing({ mode: 'custom', cron: '  30  */6 * * * ' }))).toBe('30 */6 * * *');
  });

  it('every compiled expression is one cron-parser accepts, firing at the chosen time', () => {
    for (const t of [
      timing({ mode: 'daily', time: '00:00' }),
      timing({ mode: 'weekly', time: '17:45', weekdays: [0, 6] }),
      timing({ mode: 'monthly', time: '06:05', dayOfMonth: 31 }),
    ]) {
      const next = CronExpressionParser.parse(compileTiming(t), { tz: 'UTC' }).next().toDate();
      expect(next.toISOString().slice(11, 16)).toBe(t.time);
    }
  });

  it('refuses incomplete timings with a clear message', () => {
    expect(timingProblem(timing({ time: '9:00' }))).toBe(TIMING_MESSAGES.time);
    expect(timingProblem(timing({ time: '24:00' }))).toBe(TIMING_MESSAGES.time);
    expect(timingProblem(timing({ mode: 'weekly', weekdays: [] }))).toBe(TIMING_MESSAGES.weekdays);
    expect(timingProblem(timing({ mode: 'monthly', dayOfMonth: 0 }))).toBe(TIMING_MESSAGES.dayOfMonth);
    expect(timingProblem(timing({ mode: 'monthly', dayOfMonth: 32 }))).toBe(TIMING_MESSAGES.dayOfMonth);
    expect(timingProblem(timing({ mode: 'custom', cron: '0 9 * *' }))).toBe(TIMING_MESSAGES.cron);
    expect(() => compileTiming(timing({ mode: 'weekly', weekdays: [] }))).toThrow(TIMING_MESSAGES.weekdays);
    expect(timingProblem(timing({ mode: 'weekly', weekdays: [2] }))).toBeNull();
  });
});

describe('timing builder: a stored expression opens in its mode (round trip)', () => {
  it.each([
    ['30 8 * * *', 'daily'],
    ['0 9 * * 1', 'weekly'],
    ['0 9 * * 1-5', 'weekly'],
    ['15 18 * * 0,3,6', 'weekly'],
    ['0 7 1 * *', 'monthly'],
    ['59 23 31 * *', 'monthly'],
  ] as const)('%s opens as %s and compiles back to itself', (cron, mode) => {
    const parsed = parseTiming(cron);
    expect(parsed.mode).toBe(mode);
    expect(compileTiming(parsed)).toBe(cron);
  });

  it('reads the fields of each mode', () => {
    expect(parseTiming('5 7 * * 2,4')).toMatchObject({ mode: 'weekly', time: '07:05', weekdays: [2, 4] });
    expect(parseTiming('0 22 12 * *')).toMatchObject({ mode: 'monthly', time: '22:00', dayOfMonth: 12 });
    // Sunday written as 7 is Sunday (0).
    expect(parseTiming('0 9 * * 7')).toMatchObject({ mode: 'weekly', weekdays: [0] });
  });

  it.each([
    '30 */6 * * *',
    '0 9 * * MON',
    '0 9 1 1 *',
    '0 9 1 * 1',
    '0 9,17 * * *',
    '0 9 L * *',
    '0 9 * * 1/2',
    '0 0 9 * * 1',
    '',
    'every monday',
  ])('%j is none of the shapes: Custom, the expression kept', (cron) => {
    const parsed = parseTiming(cron);
    expect(parsed.mode).toBe('custom');
    expect(parsed.cron).toBe(cron);
  });

  it('any builder timing survives compile -> parse -> compile', () => {
    for (let day = 1; day <= 31; day++) {
      const t = timing({ mode: 'monthly', dayOfMonth: day, time: '04:20' });
      expect(parseTiming(compileTiming(t))).toMatchObject({
        mode: 'monthly',
        dayOfMonth: day,
        time: '04:20',
      });
    }
    for (let mask = 1; mask < 128; mask++) {
      const days = [0, 1, 2, 3, 4, 5, 6].filter((d) => mask & (1 << d));
      const cron = compileTiming(timing({ mode: 'weekly', weekdays: days, time: '13:07' }));
      expect(parseTiming(cron)).toMatchObject({ mode: 'weekly', weekdays: days, time: '13:07' });
    }
  });
});

describe('timing builder: edges', () => {
  it('weekdays outside 0..6 or fractional do not count as chosen, and are left out of the expression', () => {
    for (const weekdays of [[7], [-1], [1.5]])
      expect(timingProblem(timing({ mode: 'weekly', weekdays }))).toBe(TIMING_MESSAGES.weekdays);
    expect(compileTiming(timing({ mode: 'weekly', weekdays: [7, 2, -1] }))).toBe('0 9 * * 2');
  });

  it('the day of month must be a whole number', () => {
    expect(timingProblem(timing({ mode: 'monthly', dayOfMonth: 1.5 }))).toBe(TIMING_MESSAGES.dayOfMonth);
    expect(timingProblem(timing({ mode: 'monthly', dayOfMonth: 31 }))).toBeNull();
  });

  it('a daily timing ignores the weekly and monthly fields', () => {
    expect(timingProblem(timing({ mode: 'daily', weekdays: [], dayOfMonth: 0 }))).toBeNull();
    expect(timingProblem(timing({ mode: 'monthly', weekdays: [] }))).toBeNull();
    expect(timingProblem(timing({ mode: 'weekly', dayOfMonth: 0 }))).toBeNull();
  });

  it('a stored weekday list opens sorted, Sunday 7 as 0', () => {
    expect(parseTiming('0 9 * * 5,1').weekdays).toEqual([1, 5]);
    expect(parseTiming('0 9 * * 7,1').weekdays).toEqual([0, 1]);
    expect(parseTiming('0 9 * * 6-7').weekdays).toEqual([0, 6]);
  });

  it.each([
    '0 9 * * 8',
    '0 9 * * 8-9',
    '0 9 * * 5-8',
    '0 9 * * 5-3',
    '60 9 * * *',
    '0 24 * * *',
    '0 9 0 * *',
    '0 9 32 * *',
  ])('%j is out of range: Custom', (cron) => {
    expect(parseTiming(cron)).toMatchObject({ mode: 'custom', cron });
  });

  it('extra spaces in a stored expression do not matter; nothing stored opens as Custom', () => {
    expect(parseTiming('  0  9 * *   1 ')).toMatchObject({
      mode: 'weekly',
      time: '09:00',
      cron: '0 9 * * 1',
    });
    expect(parseTiming(undefined)).toEqual({
      mode: 'custom',
      time: '09:00',
      weekdays: [1],
      dayOfMonth: 1,
      cron: '',
    });
  });
});
