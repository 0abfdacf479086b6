/**
 * A cell as the validator sees it: text, a number, a boolean, a Date (a number in a date
 * style), or null. Formulas arrive as "=<their text>", never as a computed result.
 */
export type RawCell = string | number | boolean | Date | null;
