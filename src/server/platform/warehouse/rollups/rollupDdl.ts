import { createHash } from 'node:crypto';
import type { DatasetConfig } from '../../../../shared/config.gen.js';
import { ident } from '../sql/sqlBuilder.js';
import { ROLLUP_ROWS, rollupSumColumn, rollupValuesColumn } from '../sql/factRows.js';
import { requireTenantKey } from '../schema/tenantKey.js';
import type { RollupTable } from './rollupCatalog.js';

export type RollupDeclaration = NonNullable<DatasetConfig['rollups']>[number];

/** A declared rollup of one fact table, with every name its DDL uses. */
export interface RollupPlan {
  fact: string;
  /** The declaration's id: the table is rollup_<fact>_<id>. */
  id: string;
  table: string;
  keys: string[];
  /** Keys that may be NULL: matched with IS NOT DISTINCT FROM, one NULL key per rollup row. */
  nullable: string[];
  sums: string[];
  /** Stored as the table's comment: a changed declaration rebuilds the rollup. */
  signature: string;
}

export const ROLLUP_COMMENT_PREFIX = 'shelfscope rollup ';

/** The statements a rollup's triggers (and their functions, of the same names) fire on. */
const TRIGGERS = ['ins', 'del', 'upd', 'trunc'] as const;

export function rollupPlan(ds: DatasetConfig, rollup: RollupDeclaration): RollupPlan {
  const keys = [...new Set([requireTenantKey(ds.table), ds.dateColumn, ...rollup.columns])];
  const sums = rollup.sums ?? [];
  // The grain's previous date is NULL on a row that starts a new run of its unit, or that a load
  // has not derived yet (stockPreviousCrawl.ts); every other key column is NOT NULL.
  const nullable = keys.filter((k) => k === ds.grainPreviousDate);
  const table = `rollup_${ds.table}_${rollup.id}`;
  // Every name it makes (triggers, their functions, the key index) must be an identifier:
  // 63 characters at most.
  for (const suffix of [...TRIGGERS, 'keys']) ident(`${table}_${suffix}`);
  const declared = nullable.length ? { keys, sums, nullable } : { keys, sums };
  const hash = createHash('sha256').update(JSON.stringify(declared)).digest('hex').slice(0, 16);
  return {
    fact: ds.table,
    id: rollup.id,
    table,
    keys,
    nullable,
    sums,
    signature: `${ROLLUP_COMMENT_PREFIX}${hash}`,
  };
}

/** Every column of the rollup table. */
export function rollupColumns(plan: RollupPlan): string[] {
  return [
    ...plan.keys,
    ROLLUP_ROWS,
    ...plan.sums.flatMap((c) => [rollupSumColumn(c), rollupValuesColumn(c)]),
  ];
}

/** The catalog's entry of a rollup: its table and every column a query may read from it. */
export function rollupTableOf(plan: RollupPlan): RollupTable {
  return { table: plan.table, columns: new Set(rollupColumns(plan)) };
}

/** The rollup's rows computed from a set of fact rows (the fact table, or a trigger's transition table). */
function aggregateOf(plan: RollupPlan, from: string): string {
  const keys = plan.keys.map(ident).join(', ');
  const sums = plan.sums.flatMap((c) => [
    `SUM(${ident(c)}) AS ${ident(rollupSumColumn(c))}`,
    `COUNT(${ident(c)}) AS ${ident(rollupValuesColumn(c))}`,
  ]);
  return `SELECT ${[keys, `COUNT(*) AS ${ident(ROLLUP_ROWS)}`, ...sums].join(', ')} FROM ${from} GROUP BY ${keys}`;
}

/** Equal keys; a nullable key also matches NULL to NULL (its index treats NULLs as equal). */
const keysMatch = (plan: RollupPlan, a: string, b: string) =>
  plan.keys
    .map(
      (k) => `${a}.${ident(k)} ${plan.nullable.includes(k) ? 'IS NOT DISTINCT FROM' : '='} ${b}.${ident(k)}`,
    )
    .join(' AND ');

/** Adds a set of fact rows to the rollup (an upsert per rollup row). */
function addRows(plan: RollupPlan, from: string): string {
  const t = ident(plan.table);
  const cols = rollupColumns(plan).map(ident).join(', ');
  const counted = [ROLLUP_ROWS, ...plan.sums.map(rollupValuesColumn)].map(
    (c) => `${ident(c)} = r.${ident(c)} + EXCLUDED.${ident(c)}`,
  );
  // A sum over only NULLs is NULL: add what is there.
  const summed = plan.sums.map(rollupSumColumn).map((c) => {
    const [old, add] = [`r.${ident(c)}`, `EXCLUDED.${ident(c)}`];
    return `${ident(c)} = COALESCE(${old} + ${add}, ${old}, ${add})`;
  });
  return `INSERT INTO ${t} AS r (${cols}) ${aggregateOf(plan, from)}
    ON CONFLICT (${plan.keys.map(ident).join(', ')}) DO UPDATE SET ${[...counted, ...summed].join(', ')}`;
}

/** Takes a set of fact rows out of the rollup, then drops the rollup rows left with none. */
function subtractRows(plan: RollupPlan, from: string): string[] {
  const t = ident(plan.table);
  const counted = [ROLLUP_ROWS, ...plan.sums.map(rollupValuesColumn)].map(
    (c) => `${ident(c)} = r.${ident(c)} - d.${ident(c)}`,
  );
  const summed = plan.sums.map((c) => {
    const [s, n] = [ident(rollupSumColumn(c)), ident(rollupValuesColumn(c))];
    return `${s} = CASE WHEN r.${n} - d.${n} = 0 THEN NULL ELSE r.${s} - COALESCE(d.${s}, 0) END`;
  });
  return [
    `UPDATE ${t} AS r SET ${[...counted, ...summed].join(', ')} FROM (${aggregateOf(plan, from)}) d WHERE ${keysMatch(plan, 'r', 'd')}`,
    `DELETE FROM ${t} AS r USING (SELECT DISTINCT ${plan.keys.map(ident).join(', ')} FROM ${from}) d
      WHERE ${keysMatch(plan, 'r', 'd')} AND r.${ident(ROLLUP_ROWS)} <= 0`,
  ];
}

const fn = (name: string, body: string[]) =>
  `CREATE OR REPLACE FUNCTION ${ident(name)}() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  ${body.join(';\n  ')};
  RETURN NULL;
END
$body$`;

/**
 * The statements that create the rollup, fill it from the facts and keep it in step: statement
 * triggers with transition tables, so one COPY or one DELETE of a day costs one grouped upsert
 * (not a trigger call per row). Run in one transaction holding a lock that keeps writers out
 * between the fill and the triggers (EXCLUSIVE lets readers in).
 */
export function createRollupStatements(plan: RollupPlan): string[] {
  const t = ident(plan.table);
  const f = ident(plan.fact);
  const name = (kind: string) => `${plan.table}_${kind}`;
  return [
    `LOCK TABLE ${f} IN EXCLUSIVE MODE`,
    `CREATE TABLE ${t} AS ${aggregateOf(plan, f)}`,
    // NULLS NOT DISTINCT (PostgreSQL 15): one row per key with a NULL, which the upsert finds.
    `CREATE UNIQUE INDEX ${ident(`${plan.table}_keys`)} ON ${t} (${plan.keys.map(ident).join(', ')})${plan.nullable.length ? ' NULLS NOT DISTINCT' : ''}`,
    `COMMENT ON TABLE ${t} IS '${plan.signature}'`,
    fn(name('ins'), [addRows(plan, 'new_rows')]),
    fn(name('del'), subtractRows(plan, 'old_rows')),
    fn(name('upd'), [...subtractRows(plan, 'old_rows'), addRows(plan, 'new_rows')]),
    fn(name('trunc'), [`TRUNCATE ${t}`]),
    `CREATE TRIGGER ${ident(name('ins'))} AFTER INSERT ON ${f} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${ident(name('ins'))}()`,
    `CREATE TRIGGER ${ident(name('del'))} AFTER DELETE ON ${f} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${ident(name('del'))}()`,
    `CREATE TRIGGER ${ident(name('upd'))} AFTER UPDATE ON ${f} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${ident(name('upd'))}()`,
    `CREATE TRIGGER ${ident(name('trunc'))} AFTER TRUNCATE ON ${f} FOR EACH STATEMENT EXECUTE FUNCTION ${ident(name('trunc'))}()`,
    `ANALYZE ${t}`,
  ];
}

/** Drops a rollup table, its triggers and their functions (a declaration removed or changed). */
export function dropRollupStatements(fact: string, table: string): string[] {
  return [
    ...TRIGGERS.map((k) => `DROP TRIGGER IF EXISTS ${ident(`${table}_${k}`)} ON ${ident(fact)}`),
    ...TRIGGERS.map((k) => `DROP FUNCTION IF EXISTS ${ident(`${table}_${k}`)}()`),
    // CASCADE: its views (rollupViews.ts) go with it; ensureRollups makes them again.
    `DROP TABLE IF EXISTS ${ident(table)} CASCADE`,
  ];
}
