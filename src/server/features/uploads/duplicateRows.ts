import type { UploadDeclaration } from '../../../shared/config.gen.js';
import type { RowError } from './rowValidator.js';
import type { UploadPlan } from './uploadPlan.js';

/**
 * The target's key (`target.unique`) across one file: a second row with the same key is a row
 * error naming the first, so a file never reaches the swap only to fail on the table's key. The
 * error names the key's columns and shows their cells as written (not the looked-up ids).
 */
export class DuplicateRows {
  private readonly seen = new Map<string, number>();
  private readonly at: number[];
  private readonly header: string;
  /** Template columns that fill the key (a key column filled otherwise has no cell to show). */
  private readonly cellColumns: number[];

  constructor(upload: UploadDeclaration, plan: UploadPlan) {
    const unique = upload.target.unique ?? [];
    // Positions among the staged columns (the plan stages every unique key column).
    const staged = plan.staged.map((t) => plan.targets[t]!);
    this.at = unique.map((name) => staged.findIndex((t) => t.name === name));
    this.cellColumns = [];
    for (const t of this.at) {
      const source = staged[t]?.source;
      if (source && (source.kind === 'cell' || source.kind === 'also')) this.cellColumns.push(source.column);
    }
    this.header = this.cellColumns.map((c) => upload.columns[c]!.header).join(' / ') || (unique[0] ?? '');
  }

  /**
   * Checks the row last appended to `columns`; a repeat is removed from them and reported, its
   * cells shown by `shownCells` (the validator's view of the file row).
   */
  check(
    line: number,
    columns: unknown[][],
    errors: (e: RowError) => void,
    shownCells: (templateColumns: readonly number[]) => string,
  ): boolean {
    if (this.at.length === 0) return true;
    const last = columns[0]!.length - 1;
    const values = this.at.map((t) => String(columns[t]![last]));
    const key = values.join('\u0000');
    const first = this.seen.get(key);
    if (first === undefined) {
      this.seen.set(key, line);
      return true;
    }
    for (const column of columns) column.pop();
    errors({
      row: line,
      column: this.header,
      value: this.cellColumns.length > 0 ? shownCells(this.cellColumns) : values.join(' / '),
      message: `Repeats row ${first}.`,
    });
    return false;
  }
}
