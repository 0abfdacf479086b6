import { DIM_TABLES_DDL } from './dimTables.js';
import { FACT_TABLES_DDL } from './factTables.js';

/** Column names of every table in DDL order, read from the DDL itself so they cannot drift. */
function parse(ddl: readonly string[]): Map<string, readonly string[]> {
  const tables = new Map<string, readonly string[]>();
  for (const statement of ddl) {
    const name = /CREATE TABLE IF NOT EXISTS (\w+)/.exec(statement)?.[1];
    if (!name) throw new Error(`Unparsable DDL: ${statement.slice(0, 60)}`);
    const body = statement.slice(statement.indexOf('(') + 1, statement.lastIndexOf(')'));
    const columns = body
      .split(/,\s*\n/)
      .map((line) => line.trim().split(/\s+/)[0] ?? '')
      .filter((word) => /^[a-z_]+$/.test(word));
    tables.set(name, columns);
  }
  return tables;
}

const TABLES = parse([...DIM_TABLES_DDL, ...FACT_TABLES_DDL]);

export type TableName = string;

export function tableColumns(table: TableName): readonly string[] {
  const columns = TABLES.get(table);
  if (!columns) throw new Error(`Unknown warehouse table "${table}"`);
  return columns;
}

export function tableNames(): readonly string[] {
  return [...TABLES.keys()];
}
