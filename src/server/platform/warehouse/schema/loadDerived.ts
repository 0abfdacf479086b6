import type { WarehouseStatement } from '../warehouse.js';
import { supersededStatements, type SalesRows } from './salesSuperseded.js';

interface LoadDerived {
  /** Columns no file fills: loaded rows are staged with 0 and `statements` set them. */
  columns: readonly string[];
  /** Re-derives the columns of the rows a condition (over alias `s`) selects. */
  statements: (rows: SalesRows) => WarehouseStatement[];
}

/**
 * Upload targets with columns derived from other rows of the table. A load or a slice delete
 * changes which rows those depend on, so it runs `statements` over its slices in the same
 * transaction: readers never see the new reported sales next to a still-visible estimate.
 */
const LOAD_DERIVED: Readonly<Record<string, LoadDerived>> = {
  fact_sales: { columns: ['is_superseded'], statements: supersededStatements },
};

export function loadDerived(table: string): LoadDerived | undefined {
  return LOAD_DERIVED[table];
}
