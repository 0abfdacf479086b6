import type { WarehouseDialect } from '../../platform/warehouse/warehouse.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { whereClauses } from './filterSql.js';
import { ident, SqlParams, type CompiledSql } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { SuggestionRequest } from './suggestionRequest.js';
import { TOTAL_COLUMN } from './compileDatasetQuery.js';
import { tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';

/** `LIKE` pattern text with its wildcards escaped (escape character: backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Options of a filter: the keys present in the group's facts (narrowed by the date range and the
 * sibling selections it depends on), named from the dimension table, matched by the prefix at
 * the start of the name or of any word in it, ordered by name, one page. Rows: key, name, __total.
 */
export function compileSuggestionQuery(
  ds: DatasetIndex,
  req: SuggestionRequest,
  groupId: number,
  dialect: WarehouseDialect,
): CompiledSql {
  const p = new SqlParams(dialect);
  const where = whereClauses(
    ds,
    { groupId, startDate: req.startDate, endDate: req.endDate, conditions: req.conditions },
    p,
  );
  const tenant = '$1'; // whereClauses binds the group first
  const dim = ds.dimensions.get(req.filter.field)!;
  let keyCol: string;
  let nameCol: string;
  let searchCol: string;
  let from: string;
  let dimTenant: string | null;
  let factKey: string;
  if (dim.kind === 'column') {
    const lookup = dim.lookup!;
    factKey = `f.${ident(dim.column)}`;
    keyCol = `l.${ident(lookup.key)}`;
    nameCol = `l.${ident(lookup.labelColumn)}`;
    searchCol = `l.${ident(lookup.searchColumn ?? lookup.labelColumn)}`;
    from = ident(lookup.table);
    dimTenant = tenantKeyOf(lookup.table);
  } else {
    const target = ds.dimensions.get(dim.into)!;
    factKey = `f.${ident(target.kind === 'column' ? target.column : target.id)}`;
    keyCol = `l.${ident(dim.column)}`;
    nameCol = `l.${ident(dim.labelColumn!)}`;
    searchCol = nameCol;
    from = ident(dim.table);
    dimTenant = tenantKeyOf(dim.table);
  }
  // For a mapped dimension the fact holds the target's keys (category ids), matched on the table's key.
  const joinKey = dim.kind === 'column' ? keyCol : `l.${ident(dim.key)}`;
  const inFacts = `${joinKey} IN (SELECT DISTINCT ${factKey} FROM ${ident(ds.config.table)} f WHERE ${where.join(' AND ')})`;
  // Named keys (a link's ids) are looked up in the group's own dimension rows, whatever the period
  // (req.keys has no dates); a dimension shared by all groups answers only the keys in its facts.
  const conds = req.keys
    ? [`${keyCol} IN (${req.keys.map((k) => p.add(k)).join(', ')})`, ...(dimTenant ? [] : [inFacts])]
    : [inFacts];
  if (dimTenant) conds.push(`l.${ident(dimTenant)} = ${tenant}`);
  if (req.prefix) {
    const text = escapeLike(req.prefix.toLowerCase());
    conds.push(
      `(LOWER(${searchCol}) LIKE ${p.add(`${text}%`)} ESCAPE '\\' OR LOWER(${searchCol}) LIKE ${p.add(`% ${text}%`)} ESCAPE '\\')`,
    );
  }
  // A label category / city zone carries the category / city ids it stands for (filter tags).
  const ids = dim.kind === 'mapped' ? `, array_agg(DISTINCT ${joinKey} ORDER BY ${joinKey}) AS "ids"` : '';
  const sql = [
    `SELECT ${keyCol} AS "key", MIN(${nameCol}) AS "name"${ids}, COUNT(*) OVER () AS "${TOTAL_COLUMN}"`,
    `FROM ${from} l`,
    `WHERE ${conds.join(' AND ')}`,
    `GROUP BY ${keyCol}`,
    `ORDER BY "name" ASC, "key" ASC`,
    `LIMIT ${p.add(req.size)} OFFSET ${p.add(req.offset)}`,
  ].join('\n');
  return { sql, params: p.values };
}
