/** A cell as the validator sees it: formulas arrive as their text, never as a computed result. */
export type RawCell = string | number | boolean | Date | null;

interface FormulaValue {
  formula?: string;
  sharedFormula?: string;
}

/**
 * Flattens an exceljs cell value. A formula cell becomes "=<formula>" (the cached result is
 * ignored: an upload stores what the sheet says, it evaluates nothing); rich text and hyperlinks
 * become their text; error cells their code.
 */
export function rawCell(value: unknown): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as FormulaValue & { richText?: { text: string }[]; text?: unknown; error?: string };
    if (v.formula !== undefined || v.sharedFormula !== undefined) return `=${v.formula ?? v.sharedFormula}`;
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return rawCell(v.text);
    if (v.error !== undefined) return v.error;
  }
  // Anything else exceljs may add later is refused by the column's type check, not guessed at.
  return JSON.stringify(value) ?? null;
}
