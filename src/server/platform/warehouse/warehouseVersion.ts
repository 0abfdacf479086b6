/** Leading keyword of a statement that changes data or schema (a plain read starts with SELECT). */
const WRITE_SQL =
  /^\s*(insert|update|delete|merge|truncate|alter|drop|create|copy|attach|detach|load|import)\b/i;
/** A write anywhere in a WITH statement: its main statement or a data-modifying CTE (PostgreSQL). */
const WRITE_IN_WITH = /\b(insert|update|delete|merge)\b/i;
/** String literals and comments, where a write keyword is only text. */
const NOT_SQL = /'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g;

/**
 * Whether a statement may change the warehouse. A WITH statement is a read unless it writes: the
 * insights and case rules read through CTEs while requests are served, and counting those as
 * writes moved the version under every cached answer (a miss on a repeated call).
 */
export function isWriteSql(sql: string): boolean {
  if (WRITE_SQL.test(sql)) return true;
  if (!/^\s*with\b/i.test(sql)) return false;
  return WRITE_IN_WITH.test(sql.replace(NOT_SQL, ' '));
}

/**
 * Counts writes to the warehouse so answers computed from it (the result cache) can be keyed by
 * what they read. The counter moves when a write starts and again when it ends: an answer read
 * while a load ran is stored under a version no request after the load asks for.
 */
export class WarehouseVersion {
  private value = 0;

  current(): number {
    return this.value;
  }

  async around<T>(write: () => Promise<T>): Promise<T> {
    this.value++;
    try {
      return await write();
    } finally {
      this.value++;
    }
  }
}
