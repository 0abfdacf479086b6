/** The leads that make a spreadsheet program read a text cell as a formula (OWASP CSV injection). */
export const FORMULA_LEADS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** Prefixes such a text cell with a single quote so it stays text; other values pass through. */
export function escapeCell(value: unknown): unknown {
  if (typeof value === 'string' && FORMULA_LEADS.some((lead) => value.startsWith(lead))) return `'${value}`;
  return value;
}
