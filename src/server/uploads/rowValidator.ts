import type { UploadDeclaration } from '../../shared/config.gen.js';
import type { RawCell } from './cellText.js';
import { lookupKey, scopedLookupKey, type LookupTable } from './lookups.js';
import { parseCell } from './parseCell.js';
import type { UploadPlan } from './uploadPlan.js';
import { unknownLookup } from './uploadMessages.js';

/** One bad cell, as the error file lists it. */
export interface RowError {
  row: number;
  column: string;
  value: string;
  message: string;
}

/** Where each template column sits in the file, or the headers the file lacks. */
export function matchHeader(
  upload: UploadDeclaration,
  header: readonly RawCell[],
): { positions: number[]; missing: string[] } {
  const seen = header.map((h) => (h === null ? '' : String(h).trim().toLowerCase()));
  const positions = upload.columns.map((c) => seen.indexOf(c.header.trim().toLowerCase()));
  const missing = upload.columns.filter((_, i) => positions[i]! < 0).map((c) => c.header);
  return { positions, missing };
}

const shown = (raw: RawCell): string =>
  raw === null ? '' : raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).slice(0, 200);

/**
 * Validates rows into target rows (the plan's columns, in table order) or errors. Every cell of
 * a row is checked, so the error file names each bad cell, not just the first of a row.
 */
export class RowValidator {
  constructor(
    private readonly upload: UploadDeclaration,
    private readonly plan: UploadPlan,
    private readonly positions: readonly number[],
    private readonly lookups: readonly (LookupTable | null)[],
    private readonly groupId: number,
  ) {}

  /**
   * Appends the row's target values to `out` (one array per target column) and returns true, or
   * reports its bad cells to `errors` and returns false. Values go straight into the columns: a
   * million-row file allocates no per-row target arrays.
   */
  validate(
    line: number,
    cells: readonly RawCell[],
    errors: (e: RowError) => void,
    out: unknown[][] | null,
  ): boolean {
    const columns = this.upload.columns;
    const values = this.values;
    const also = this.also;
    let bad = false;
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c]!;
      const raw = cells[this.positions[c]!] ?? null;
      this.cellBad[c] = true;
      const parsed = parseCell(column, raw);
      if (!parsed.ok) {
        bad = true;
        errors({ row: line, column: column.header, value: shown(raw), message: parsed.message });
        continue;
      }
      const table = this.lookups[c];
      if (table && parsed.value !== null) {
        const scope = this.scopeOf(c);
        // An earlier cell of the scope was bad: that cell's error says it, this one cannot be judged.
        if (scope === null) {
          bad = true;
          continue;
        }
        const hit = table.get(
          scope.length > 0 ? scopedLookupKey(scope, String(parsed.value)) : lookupKey(String(parsed.value)),
        );
        if (!hit) {
          bad = true;
          errors({
            row: line,
            column: column.header,
            value: shown(raw),
            message: unknownLookup(column.header, String(parsed.value)),
          });
          continue;
        }
        values[c] = hit.key;
        also[c] = hit.also;
      } else {
        values[c] = parsed.value;
        also[c] = undefined;
      }
      this.cellBad[c] = false;
    }
    if (bad || !out) return !bad;
    const targets = this.plan.targets;
    for (let t = 0; t < targets.length; t++) {
      const source = targets[t]!.source;
      out[t]!.push(
        source.kind === 'cell'
          ? values[source.column]
          : source.kind === 'also'
            ? (also[source.column]?.[source.index] ?? null)
            : source.kind === 'fixed'
              ? source.value
              : source.kind === 'generated' || source.kind === 'derived'
                ? 0
                : source.kind === 'blank'
                  ? ''
                  : this.groupId,
      );
    }
    return true;
  }

  /**
   * The values of the earlier columns a lookup's `within` names, as this row resolved them; null
   * when one of them was bad in this row.
   */
  private scopeOf(c: number): unknown[] | null {
    const within = this.upload.columns[c]!.lookup?.within ?? [];
    const scope: unknown[] = [];
    for (const field of within) {
      const at = this.upload.columns.findIndex((col, i) => i < c && col.field === field);
      const value = at < 0 ? undefined : this.values[at];
      if (value === undefined || value === null || this.cellBad[at] === true) return null;
      scope.push(value);
    }
    return scope;
  }

  /** The row's cells of the given template columns as the file shows them, joined. */
  shownCells(cells: readonly RawCell[], templateColumns: readonly number[]): string {
    return templateColumns.map((c) => shown(cells[this.positions[c]!] ?? null)).join(' / ');
  }

  private readonly values: unknown[] = [];
  private readonly also: ((number | string)[] | undefined)[] = [];
  /** Which cells of the current row were bad (a `within` lookup cannot be judged after one). */
  private readonly cellBad: boolean[] = [];
}
