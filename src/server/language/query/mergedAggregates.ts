import { alias } from '../../platform/warehouse/sql/sqlBuilder.js';

/** One aggregate over the query's rows, grouped by its keys, answering some of its measures. */
export interface AggregatePart {
  sql: string;
  measures: readonly string[];
}

/**
 * Aggregates of the same rows by the same keys, each answering its own measures, as one row per
 * group: stacked (UNION ALL, each part's measures beside NULLs for the others') and grouped by the
 * keys again, where each group has one row from each part and MAX picks its non-NULL value. A
 * GROUP BY matches NULL keys and hashes on both engines; a join on IS NOT DISTINCT FROM would do
 * neither on PostgreSQL, which nests loops over it.
 */
export function mergedAggregates(keys: readonly string[], parts: readonly AggregatePart[]): string {
  const keyAliases = keys.map(alias);
  const branches = parts.map((part, i) => {
    const own = new Set(part.measures);
    const cells = parts.flatMap((other) =>
      other.measures.map((id) => (own.has(id) ? `s${i}.${alias(id)}` : 'NULL') + ` AS ${alias(id)}`),
    );
    return `SELECT ${[...keyAliases.map((k) => `s${i}.${k} AS ${k}`), ...cells].join(', ')}\nFROM (${part.sql}) s${i}`;
  });
  const measures = parts.flatMap((p) => p.measures.map((id) => `MAX(u.${alias(id)}) AS ${alias(id)}`));
  return [
    `SELECT ${[...keyAliases.map((k) => `u.${k} AS ${k}`), ...measures].join(', ')}`,
    `FROM (${branches.join('\nUNION ALL\n')}) u`,
    ...(keyAliases.length ? [`GROUP BY ${keyAliases.map((k) => `u.${k}`).join(', ')}`] : []),
  ].join('\n');
}
