import type { WarehouseDialect } from '../warehouse.js';
import { FACT_TABLE_ROWS, type FactRows } from './factRows.js';

export { alias, ident } from './sqlIdent.js';

/** Collects bind values; every value reaches SQL only as a `$n` placeholder. */
export class SqlParams {
  /**
   * @param rows how counts and sums read the rows `f` (a rollup's pre-summed rows, or the fact
   *   table): carried here because every part of one compile shares this object.
   * @param values the bound values, shared with the SqlParams this one was made from (reading).
   */
  constructor(
    readonly dialect: WarehouseDialect,
    readonly rows: FactRows = FACT_TABLE_ROWS,
    readonly values: unknown[] = [],
  ) {}

  /** The same bound values, with counts and sums reading `rows`: a plan over a rollup and the facts. */
  reading(rows: FactRows): SqlParams {
    return new SqlParams(this.dialect, rows, this.values);
  }

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  date(value: string): string {
    return `CAST(${this.add(value)} AS DATE)`;
  }

  list(values: readonly unknown[], cast?: 'DATE'): string {
    return values.map((v) => (cast ? `CAST(${this.add(v)} AS DATE)` : this.add(v))).join(', ');
  }
}

export interface CompiledSql {
  sql: string;
  params: unknown[];
}
