/**
 * An Athena sync run's stored status ('requested', 'completed', 'in progress') as the grids show
 * every other status: each word capitalised (Requested, Completed, In Progress).
 */
export function runStatusLabel(status: unknown): string | null {
  if (typeof status === 'number') return String(status);
  if (typeof status !== 'string') return null;
  return status.replace(
    /(^|[\s_-])(\p{Ll})/gu,
    (_, sep: string, ch: string) => `${sep === '_' ? ' ' : sep}${ch.toUpperCase()}`,
  );
}
