import { SUGGESTION_INDEX_DDL } from './suggestionIndexTables.js';
import { AD_TABLES_DDL, AD_VIEWS } from './adTables.js';
import { DIM_TABLES_DDL } from './dimTables.js';
import { FACT_TABLES_DDL } from './factTables.js';
import { LIVE_TRACKING_TABLES_DDL, LIVE_TRACKING_VIEWS } from './liveTrackingTables.js';
import { SETUP_TABLES_DDL } from './setupTables.js';
import { WAREHOUSE_VIEWS } from './views.js';

/** Column names of every table in DDL order, read from the DDL itself so they cannot drift. */
export interface ColumnInfo {
  name: string;
  /** SQL type as written in the DDL, e.g. INTEGER, DOUBLE, VARCHAR, DATE. */
  type: string;
  /** Declared NOT NULL (a view's columns: false, not known). */
  notNull: boolean;
}

function parse(ddl: readonly string[]): Map<string, readonly ColumnInfo[]> {
  const tables = new Map<string, readonly ColumnInfo[]>();
  for (const statement of ddl) {
    const name = /CREATE TABLE IF NOT EXISTS (\w+)/.exec(statement)?.[1];
    if (!name) throw new Error(`Unparsable DDL: ${statement.slice(0, 60)}`);
    const body = statement.slice(statement.indexOf('(') + 1, statement.lastIndexOf(')'));
    const columns = body
      .split(/,\s*\n/)
      .map((line) => ({ words: line.trim().split(/\s+/), notNull: /\bNOT NULL\b/i.test(line) }))
      .filter(({ words: [word] }) => word !== undefined && /^[a-z_]+$/.test(word))
      .map(({ words: [name, type], notNull }) => ({ name: name!, type: type ?? '', notNull }));
    tables.set(name, columns);
  }
  return tables;
}

const TABLES = parse([
  ...DIM_TABLES_DDL,
  ...FACT_TABLES_DDL,
  ...SETUP_TABLES_DDL,
  ...AD_TABLES_DDL,
  ...LIVE_TRACKING_TABLES_DDL,
  ...SUGGESTION_INDEX_DDL,
]);
const VIEWS = new Map(
  [...WAREHOUSE_VIEWS, ...AD_VIEWS, ...LIVE_TRACKING_VIEWS].map((v) => [
    v.name,
    v.columns.map((name) => ({ name, type: '', notNull: false })),
  ]),
);

export type TableName = string;

export function tableColumnInfo(table: TableName): readonly ColumnInfo[] {
  const columns = TABLES.get(table) ?? VIEWS.get(table);
  if (!columns) throw new Error(`Unknown warehouse table "${table}"`);
  return columns;
}

export function tableColumns(table: TableName): readonly string[] {
  return tableColumnInfo(table).map((c) => c.name);
}

/** Tables only (what loads and deletes write to); views are in readableNames(). */
export function tableNames(): readonly string[] {
  return [...TABLES.keys()];
}

/** Tables and views: what a dataset may read. */
export function readableNames(): readonly string[] {
  return [...TABLES.keys(), ...VIEWS.keys()];
}
