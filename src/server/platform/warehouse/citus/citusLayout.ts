import { SUGGESTION_INDEX_TABLES } from '../schema/suggestionIndexTables.js';
import { tableColumns, tableNames } from '../schema/tableColumns.js';

/**
 * The warehouse laid out on Citus (docs/scale-out.md): every fact table is distributed by the
 * tenant column and co-located with the others, so one tenant's joins stay on one shard; every
 * other table (dimensions, setup, crawl log) is a reference table copied to every node.
 */
export const TENANT_COLUMN = 'group_id';

/** Shards per distributed table: several per worker, so a tenant move or a new node rebalances. */
export const SHARD_COUNT = 32;

/**
 * Facts, and the per-tenant tables derived from them: the suggestion index grows with the facts
 * and its rebuild (DELETE + INSERT ... SELECT from a fact, one transaction) stays on the tenant's
 * shard only when it is co-located with them; as a reference table every rebuild would be a
 * two-phase commit on every node.
 */
const isDistributed = (t: string) => t.startsWith('fact_') || SUGGESTION_INDEX_TABLES.includes(t);

export function distributedTables(): string[] {
  return tableNames().filter(isDistributed);
}

export function referenceTables(): string[] {
  return tableNames().filter((t) => !isDistributed(t));
}

/** Distributed tables that lack the tenant column: Citus could not distribute them (must stay empty). */
export function factsWithoutTenant(): string[] {
  return distributedTables().filter((t) => !tableColumns(t).includes(TENANT_COLUMN));
}

/**
 * The text of scripts/citus/distribute.sql, from the DDL and the config's rollup tables (a unit
 * test keeps the file in step).
 */
export function distributeSql(rollupTables: readonly string[] = []): string {
  const [first, ...rest] = distributedTables();
  return [
    '-- Generated from src/server/platform/warehouse/citus/citusLayout.ts; docs/scale-out.md explains it.',
    '-- Run on the Citus coordinator after the schema exists (the server creates it on first start).',
    'CREATE EXTENSION IF NOT EXISTS citus;',
    `SET citus.shard_count = ${SHARD_COUNT};`,
    '',
    '-- Dimensions, setup tables and the crawl log: small, joined by every query, copied to every node.',
    ...referenceTables().map((t) => `SELECT create_reference_table('${t}');`),
    '',
    `-- Facts and the suggestion index: distributed by ${TENANT_COLUMN}, co-located, so one tenant's queries`,
    '-- route to one shard.',
    `SELECT create_distributed_table('${first}', '${TENANT_COLUMN}', colocate_with => 'none');`,
    ...rest.map(
      (t) => `SELECT create_distributed_table('${t}', '${TENANT_COLUMN}', colocate_with => '${first}');`,
    ),
    ...(rollupTables.length
      ? [
          '',
          '-- Rollups (the datasets declare them; the server creates them on start): per tenant, co-located',
          '-- with their facts. Their triggers run on the shards: Citus needs citus.enable_unsafe_triggers.',
          'SET citus.enable_unsafe_triggers = on;',
          ...rollupTables.map(
            (t) =>
              `SELECT create_distributed_table('${t}', '${TENANT_COLUMN}', colocate_with => '${first}');`,
          ),
        ]
      : []),
    '',
  ].join('\n');
}
