import type { WarehouseDialect } from '../warehouse/warehouse.js';

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Quotes a config identifier. The schema already restricts identifiers to this pattern; checking
 * again here means no code path can put other text into SQL, whatever called it.
 */
export function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`Refusing SQL identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** Output aliases are config ids (dimension/measure ids), which may contain capitals. */
export function alias(name: string): string {
  if (!/^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/.test(name))
    throw new Error(`Refusing SQL alias ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** Collects bind values; every value reaches SQL only as a `$n` placeholder. */
export class SqlParams {
  readonly values: unknown[] = [];
  constructor(readonly dialect: WarehouseDialect) {}

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
