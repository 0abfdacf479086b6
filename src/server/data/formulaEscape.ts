/**
 * A text cell starting with = + - @ (or a tab / carriage return) would be read as a formula by
 * spreadsheet programs: prefix it with a single quote so it stays text (OWASP CSV injection).
 */
export function escapeCell(value: unknown): unknown {
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value)) return `'${value}`;
  return value;
}
