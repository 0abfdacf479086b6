import type { DatasetIndex } from '../../language/model/datasetIndex.js';
import { TOTAL_COLUMN } from '../../language/query/compileDatasetQuery.js';
import { escapeLike } from '../../language/query/compileSuggestionQuery.js';
import { ident, SqlParams, type CompiledSql } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { SuggestionRequest } from '../../language/query/suggestionRequest.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { targetSignature, type IndexTarget } from './indexSources.js';
import { requireTenantKey } from '../../platform/warehouse/schema/tenantKey.js';

const isoDay = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);

/** The index target a dataset's suggestion filter would have been built from, if indexable. */
function targetOf(ds: DatasetIndex, req: SuggestionRequest): IndexTarget | null {
  const dim = ds.dimensions.get(req.filter.field);
  if (dim?.kind !== 'column' || !dim.lookup || dim.type !== 'integer') return null;
  const c = ds.config;
  return {
    factTable: c.table,
    dateColumn: c.dateColumn,
    column: dim.column,
    lookup: dim.lookup,
  };
}

/**
 * The index query for a suggestion request the elastic trigger's index covers: no sibling
 * selections, both dates inside the window last rebuilt for this source and fact table, from the
 * same columns. Null: not covered, read the facts. Same rows, names and order as the facts' query.
 */
export async function suggestionIndexQuery(
  warehouse: Warehouse,
  ds: DatasetIndex,
  source: string,
  req: SuggestionRequest,
  groupId: number,
): Promise<CompiledSql | null> {
  const target = targetOf(ds, req);
  if (!target || req.conditions.length || !req.startDate || !req.endDate) return null;
  const [state] = await warehouse.query<{ from_date: unknown; to_date: unknown; target: string }>(
    `SELECT from_date, to_date, target FROM suggestion_index_state
      WHERE group_id = $1 AND source = $2 AND fact_table = $3`,
    [groupId, source, target.factTable],
  );
  if (!state || state.target !== targetSignature(target)) return null;
  if (req.startDate < isoDay(state.from_date) || req.endDate > isoDay(state.to_date)) return null;
  const p = new SqlParams(warehouse.dialect);
  const conds = [
    `l.${ident(requireTenantKey('suggestion_index'))} = ${p.add(groupId)}`,
    `l.source = ${p.add(source)}`,
    `l.fact_table = ${p.add(target.factTable)}`,
    `l.crawl_date >= ${p.date(req.startDate)}`,
    `l.crawl_date <= ${p.date(req.endDate)}`,
  ];
  if (req.prefix) {
    const text = escapeLike(req.prefix.toLowerCase());
    conds.push(
      `(LOWER(l.search_name) LIKE ${p.add(`${text}%`)} ESCAPE '\\' OR LOWER(l.search_name) LIKE ${p.add(`% ${text}%`)} ESCAPE '\\')`,
    );
  }
  const sql = [
    `SELECT l.entry_key AS "key", MIN(l.name) AS "name", COUNT(*) OVER () AS "${TOTAL_COLUMN}"`,
    `FROM suggestion_index l`,
    `WHERE ${conds.join(' AND ')}`,
    `GROUP BY l.entry_key`,
    `ORDER BY "name" ASC, "key" ASC`,
    `LIMIT ${p.add(req.size)} OFFSET ${p.add(req.offset)}`,
  ].join('\n');
  return { sql, params: p.values };
}
