import type { UploadDeclaration } from '../../../shared/config.gen.js';
import type { RawCell } from './cellText.js';
import { lookupKey, scopedLookupKey, type LookupHit, type LookupTable } from './lookups.js';
import { CellFailure, compileCell, type CellParser } from './parseCell.js';
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

/** Where a target column's value comes from, as the row loop reads it. */
const enum Fill {
  Cell,
  Also,
  Fixed,
  Zero,
  Blank,
  Tenant,
}

/** Distinct cell texts a lookup column remembers its answer for (then it starts over). */
const LOOKUP_MEMO = 50_000;

/**
 * Validates rows into staged rows (the plan's staged columns, in table order) or errors. Every cell of
 * a row is checked, so the error file names each bad cell, not just the first of a row. The
 * template's checks are compiled once (compileCell), and a lookup column remembers the answer
 * for each text it met, so a million rows naming a few hundred SKUs match each SKU once.
 */
export class RowValidator {
  private readonly parsers: CellParser[];
  /** Per template column, the earlier columns its lookup is `within` (empty: none). */
  private readonly within: number[][];
  private readonly memos: (Map<string, LookupHit | null> | null)[];
  private readonly fills: { fill: Fill; column: number; index: number; value: unknown }[];

  constructor(
    private readonly upload: UploadDeclaration,
    plan: UploadPlan,
    private readonly positions: readonly number[],
    private readonly lookups: readonly (LookupTable | null)[],
    groupId: number,
  ) {
    const columns = upload.columns;
    this.parsers = columns.map(compileCell);
    this.within = columns.map((column, c) =>
      (column.lookup?.within ?? []).map((field) =>
        columns.findIndex((col, i) => i < c && col.field === field),
      ),
    );
    this.memos = columns.map((_, c) => (lookups[c] && this.within[c]!.length === 0 ? new Map() : null));
    this.fills = plan.staged.map((t) => {
      const { source } = plan.targets[t]!;
      switch (source.kind) {
        case 'cell':
          return { fill: Fill.Cell, column: source.column, index: 0, value: null };
        case 'also':
          return { fill: Fill.Also, column: source.column, index: source.index, value: null };
        case 'fixed':
          return { fill: Fill.Fixed, column: 0, index: 0, value: source.value };
        case 'generated':
        case 'derived':
          return { fill: Fill.Zero, column: 0, index: 0, value: 0 };
        case 'blank':
          return { fill: Fill.Blank, column: 0, index: 0, value: '' };
        default:
          return { fill: Fill.Tenant, column: 0, index: 0, value: groupId };
      }
    });
  }

  /**
   * Appends the row's staged values to `out` (one array per staged column) and returns true, or
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
    const cellBad = this.cellBad;
    let bad = false;
    for (let c = 0; c < columns.length; c++) {
      const raw = cells[this.positions[c]!] ?? null;
      cellBad[c] = true;
      const value = this.parsers[c]!(raw);
      if (value instanceof CellFailure) {
        bad = true;
        errors({ row: line, column: columns[c]!.header, value: shown(raw), message: value.message });
        continue;
      }
      const table = this.lookups[c];
      if (table && value !== null) {
        const hit = this.lookup(c, table, String(value));
        // An earlier cell of the scope was bad: that cell's error says it, this one cannot be judged.
        if (hit === undefined) {
          bad = true;
          continue;
        }
        if (hit === null) {
          bad = true;
          const header = columns[c]!.header;
          errors({
            row: line,
            column: header,
            value: shown(raw),
            message: unknownLookup(header, String(value)),
          });
          continue;
        }
        values[c] = hit.key;
        also[c] = hit.also;
      } else {
        values[c] = value;
        also[c] = undefined;
      }
      cellBad[c] = false;
    }
    if (bad || !out) return !bad;
    const fills = this.fills;
    for (let t = 0; t < fills.length; t++) {
      const f = fills[t]!;
      out[t]!.push(
        f.fill === Fill.Cell
          ? values[f.column]
          : f.fill === Fill.Also
            ? (also[f.column]?.[f.index] ?? null)
            : f.value,
      );
    }
    return true;
  }

  /** The dimension row a cell names: null when none, undefined when its scope was bad. */
  private lookup(c: number, table: LookupTable, text: string): LookupHit | null | undefined {
    const memo = this.memos[c];
    if (memo) {
      let hit = memo.get(text);
      if (hit === undefined) {
        if (memo.size >= LOOKUP_MEMO) memo.clear();
        memo.set(text, (hit = table.get(lookupKey(text)) ?? null));
      }
      return hit;
    }
    const scope = this.scopeOf(c);
    if (scope === null) return undefined;
    return table.get(scope.length > 0 ? scopedLookupKey(scope, text) : lookupKey(text)) ?? null;
  }

  /**
   * The values of the earlier columns a lookup's `within` names, as this row resolved them; null
   * when one of them was bad in this row.
   */
  private scopeOf(c: number): unknown[] | null {
    const scope: unknown[] = [];
    for (const at of this.within[c]!) {
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
