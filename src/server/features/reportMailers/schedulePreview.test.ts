import { describe, expect, it } from 'vitest';
import { nextSendTimes, schedulePreview } from './schedulePreview.js';

// Wednesday 25 Nov 2026 10:00 UTC = 15:30 in Asia/Kolkata.
const NOW = new Date('2026-11-25T10:00:00Z');

describe('mailer schedule preview', () => {
  it('reads a weekly cron in its time zone, with the next run on that zone’s clock', () => {
    expect(schedulePreview('0 9 * * 1', 'Asia/Kolkata', NOW)).toBe(
      'every Monday 09:00 Asia/Kolkata, next: 30-Nov-2026 09:00',
    );
  });

  it('daily, weekday and monthly shapes; the zone moves the next run', () => {
    expect(schedulePreview('30 8 * * *', 'Asia/Kolkata', NOW)).toBe(
      'every day 08:30 Asia/Kolkata, next: 26-Nov-2026 08:30',
    );
    // 16:00 in Kolkata is still ahead today; in New York 05:00 has passed (it is 05:00 there).
    expect(schedulePreview('0 16 * * 1-5', 'Asia/Kolkata', NOW)).toBe(
      'every weekday 16:00 Asia/Kolkata, next: 25-Nov-2026 16:00',
    );
    expect(schedulePreview('0 5 * * *', 'America/New_York', NOW)).toBe(
      'every day 05:00 America/New_York, next: 26-Nov-2026 05:00',
    );
    expect(schedulePreview('15 7 * * 2,4', 'UTC', NOW)).toBe(
      'every Tuesday and Thursday 07:15 UTC, next: 26-Nov-2026 07:15',
    );
    expect(schedulePreview('0 9 * * 1,3,5', 'UTC', NOW)).toBe(
      'every Monday, Wednesday and Friday 09:00 UTC, next: 27-Nov-2026 09:00',
    );
    expect(schedulePreview('0 6 1 * *', 'UTC', NOW)).toBe(
      'every month on day 1 06:00 UTC, next: 01-Dec-2026 06:00',
    );
  });

  it('shows an unusual expression as itself and refuses a bad one or a bad zone', () => {
    expect(schedulePreview('*/15 * * * *', 'UTC', NOW)).toBe(
      'cron "*/15 * * * *" UTC, next: 25-Nov-2026 10:15',
    );
    expect(() => schedulePreview('61 9 * * 1', 'UTC', NOW)).toThrow();
    expect(() => schedulePreview('0 9 * * 1', 'Mars/Olympus', NOW)).toThrow();
  });
});

describe('next send times', () => {
  it('lists the next runs on the zone’s clock, in order', () => {
    expect(nextSendTimes('0 9 * * 1', 'Asia/Kolkata', 3, NOW)).toEqual([
      '30-Nov-2026 09:00',
      '07-Dec-2026 09:00',
      '14-Dec-2026 09:00',
    ]);
    // 10:00 UTC is 15:30 in Kolkata: today's 16:00 is still ahead, then the next weekdays.
    expect(nextSendTimes('0 16 * * 1-5', 'Asia/Kolkata', 3, NOW)).toEqual([
      '25-Nov-2026 16:00',
      '26-Nov-2026 16:00',
      '27-Nov-2026 16:00',
    ]);
    expect(() => nextSendTimes('0 9 * * 1', 'Mars/Olympus', 3, NOW)).toThrow();
  });
});
