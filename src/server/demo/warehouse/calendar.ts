/** UTC calendar arithmetic on 'YYYY-MM-DD' strings (the warehouse's date form). */
const DAY_MS = 86_400_000;

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function parseIsoDate(iso: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new Error(`Not a YYYY-MM-DD date: "${iso}"`);
  const ms = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new Error(`Not a YYYY-MM-DD date: "${iso}"`);
  return ms;
}

export function addDays(iso: string, days: number): string {
  return isoDate(parseIsoDate(iso) + days * DAY_MS);
}

/** The `days` dates ending with `endDate`, oldest first. */
export function dateRange(endDate: string, days: number): string[] {
  const end = parseIsoDate(endDate);
  return Array.from({ length: days }, (_, i) => isoDate(end - (days - 1 - i) * DAY_MS));
}

/** Days since 1970-01-01. */
export function dayNumber(iso: string): number {
  return parseIsoDate(iso) / DAY_MS;
}

/** 0 Sunday .. 6 Saturday. */
export function weekday(iso: string): number {
  return new Date(parseIsoDate(iso)).getUTCDay();
}

/** Today's date in UTC: the default end of the demo period. */
export function todayIso(): string {
  return isoDate(Date.now());
}
