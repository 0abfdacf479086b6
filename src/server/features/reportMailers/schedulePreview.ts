import { CronExpressionParser } from 'cron-parser';
import { parseTiming } from '../../../shared/mailers/cronBuilder.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A mailer's timing as a person reads it: "every Monday 09:00 Asia/Kolkata, next: 30-Nov-2026
 * 09:00" (the next run in the mailer's own time zone). Throws on a bad expression or zone, so
 * the route can answer 400 before anything is saved.
 */
export function schedulePreview(cron: string, timeZone: string, from = new Date()): string {
  const next = CronExpressionParser.parse(cron, { tz: timeZone, currentDate: from }).next().toDate();
  return `${cadence(cron)} ${timeZone}, next: ${wallClock(next, timeZone)}`;
}

/**
 * The next `count` send times on the zone's wall clock (DD-Mon-YYYY HH:mm), for the mailer
 * form's preview as the timing is typed. Throws on a bad expression or zone, like the preview.
 */
export function nextSendTimes(cron: string, timeZone: string, count: number, from = new Date()): string[] {
  const it = CronExpressionParser.parse(cron, { tz: timeZone, currentDate: from });
  return Array.from({ length: count }, () => wallClock(it.next().toDate(), timeZone));
}

/** "Monday", "Tuesday and Thursday", "Monday, Wednesday and Friday". */
function dayList(days: number[]): string {
  const names = days.map((d) => DAYS[d]!);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}

/** The timing builder's shapes in words (cronBuilder.ts); anything else is shown as the expression itself. */
function cadence(cron: string): string {
  const t = parseTiming(cron);
  if (t.mode === 'daily') return `every day ${t.time}`;
  if (t.mode === 'monthly') return `every month on day ${t.dayOfMonth} ${t.time}`;
  if (t.mode === 'weekly') {
    if (t.weekdays.length === 7) return `every day ${t.time}`;
    if (t.weekdays.join() === '1,2,3,4,5') return `every weekday ${t.time}`;
    return `every ${dayList(t.weekdays)} ${t.time}`;
  }
  return `cron "${cron.trim()}"`;
}

/** DD-Mon-YYYY HH:mm on the zone's wall clock. */
function wallClock(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${MONTHS[Number(parts.month) - 1]}-${parts.year} ${parts.hour}:${parts.minute}`;
}
