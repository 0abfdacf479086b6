/** Leading keyword of a statement that changes data or schema (a plain read starts with SELECT). */
const WRITE_SQL =
  /^\s*(insert|update|delete|merge|truncate|alter|drop|create|copy|with|attach|detach|load|import)\b/i;

export function isWriteSql(sql: string): boolean {
  return WRITE_SQL.test(sql);
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
