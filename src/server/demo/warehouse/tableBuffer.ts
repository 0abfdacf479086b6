import { tableColumnInfo } from '../../platform/warehouse/schema/tableColumns.js';
import { decodeColumn, isoDays, type EncodedColumn } from './columnBatch.js';

/** How a column is held: plain values, or numbers in a typed array (dates as days since 1970). */
const Kind = { Plain: 0, Int32: 1, Int16: 2, Double: 3, Date: 4 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

const FIRST_CAPACITY = 1024;

function kindOf(type: string): Kind {
  if (type === 'INTEGER') return Kind.Int32;
  if (type === 'SMALLINT') return Kind.Int16;
  if (type === 'DOUBLE') return Kind.Double;
  if (type === 'DATE') return Kind.Date;
  return Kind.Plain;
}

/**
 * One table's generated rows, column by column: numbers and dates straight into typed arrays
 * (grown by doubling), anything else (text, wide integers) as values. The rows are then handed
 * on as typed columns, which DuckDB's appender copies in one go and the generation worker moves
 * to the writing thread without a copy. Pushing 25M rows value by value into JS arrays (and
 * encoding them afterwards) was a third of a first start's generation time. A number column
 * that meets a value it cannot hold (a fraction in an INTEGER column, a non-date in a DATE
 * column) holds plain values from then on, so every value arrives as it was pushed.
 */
export class TableBuffer {
  rows = 0;
  private capacity = FIRST_CAPACITY;
  private readonly kinds: Kind[];
  private readonly numbers: (Int32Array | Float64Array | null)[];
  private readonly nulls: (Uint8Array | null)[];
  private readonly plain: (unknown[] | null)[];

  constructor(readonly table: string) {
    this.kinds = tableColumnInfo(table).map((c) => kindOf(c.type));
    this.numbers = this.kinds.map((k) => this.newNumbers(k, this.capacity));
    this.nulls = this.kinds.map(() => null);
    this.plain = this.kinds.map((k) => (k === Kind.Plain ? [] : null));
  }

  push(row: readonly unknown[]): void {
    if (row.length !== this.kinds.length) {
      throw new Error(`${this.table}: row has ${row.length} values, table has ${this.kinds.length} columns`);
    }
    if (this.rows === this.capacity) this.grow();
    const r = this.rows++;
    for (let c = 0; c < row.length; c++) {
      const value = row[c];
      const kind = this.kinds[c]!;
      if (kind === Kind.Plain) {
        this.plain[c]!.push(value);
      } else if (value === null || value === undefined) {
        (this.nulls[c] ??= new Uint8Array(this.capacity))[r] = 1;
      } else {
        const number = this.numberOf(kind, value);
        if (number === undefined) this.toPlain(c, r, value);
        else this.numbers[c]![r] = number;
      }
    }
  }

  /** The rows as columns (typed where they could be), trimmed to the rows held. */
  take(): EncodedColumn[] {
    return this.kinds.map((kind, c) => {
      if (kind === Kind.Plain) return this.plain[c]!;
      const nulls = this.nulls[c]?.slice(0, this.rows);
      return { values: this.numbers[c]!.slice(0, this.rows), ...(nulls ? { nulls } : {}) };
    });
  }

  private numberOf(kind: Kind, value: unknown): number | undefined {
    if (kind === Kind.Date) return typeof value === 'string' ? isoDays(value) : undefined;
    if (typeof value !== 'number') return undefined;
    if (kind === Kind.Double) return value;
    const range = kind === Kind.Int16 ? 2 ** 15 : 2 ** 31;
    return Number.isInteger(value) && value >= -range && value < range ? value : undefined;
  }

  /** Column `c` from now on holds plain values: the rows so far as they were pushed, then `value`. */
  private toPlain(c: number, r: number, value: unknown): void {
    const nulls = this.nulls[c]?.subarray(0, r);
    const held = { values: this.numbers[c]!.subarray(0, r), ...(nulls ? { nulls } : {}) };
    const values = decodeColumn(held, this.kinds[c] === Kind.Date);
    values.push(value);
    this.kinds[c] = Kind.Plain;
    this.plain[c] = values;
    this.numbers[c] = null;
    this.nulls[c] = null;
  }

  private grow(): void {
    this.capacity *= 2;
    for (let c = 0; c < this.kinds.length; c++) {
      const old = this.numbers[c];
      if (old) (this.numbers[c] = this.newNumbers(this.kinds[c]!, this.capacity)!).set(old);
      const nulls = this.nulls[c];
      if (nulls) (this.nulls[c] = new Uint8Array(this.capacity)).set(nulls);
    }
  }

  private newNumbers(kind: Kind, capacity: number): Int32Array | Float64Array | null {
    if (kind === Kind.Plain) return null;
    return kind === Kind.Double ? new Float64Array(capacity) : new Int32Array(capacity);
  }
}
