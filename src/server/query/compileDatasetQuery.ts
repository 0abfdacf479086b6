import type { ScreenQuery } from '../../shared/config.gen.js';
import type { WarehouseDialect } from '../warehouse/warehouse.js';
import { columnDimension, type DatasetIndex } from '../config/datasetIndex.js';
import type { DataRequest } from './dataRequest.js';
import { whereClauses } from './filterSql.js';
import { measureSql } from './measureSql.js';
import { alias, ident, SqlParams, type CompiledSql } from './sqlBuilder.js';

/** Column carrying the row count before paging (window function), stripped from rows. */
export const TOTAL_COLUMN = '__total';
/** Most rows an xlsx export holds. */
export const MAX_EXPORT_ROWS = 100_000;

export interface CompileInput {
  dataset: DatasetIndex;
  query: ScreenQuery;
  request: DataRequest;
  groupId: number;
  dialect: WarehouseDialect;
  /** 'page': the request's page (paged queries); 'export': every row up to MAX_EXPORT_ROWS. */
  mode: 'page' | 'export';
}

/**
 * One screen query + parsed request -> parameterised SQL. Identifiers come only from the
 * (validated) config; request values only as `$n` parameters. Both dialects take the same text.
 */
export function compileDatasetQuery(input: CompileInput): CompiledSql {
  const { dataset: ds, query, request } = input;
  const p = new SqlParams(input.dialect);
  const select: string[] = [];
  const groupBy: string[] = [];
  const joins: string[] = [];
  const tieBreak: string[] = [];
  (query.groupBy ?? []).forEach((id, i) => {
    const dim = columnDimension(ds, id)!;
    const col = `f.${ident(dim.column)}`;
    select.push(`${col} AS ${alias(dim.id)}`);
    groupBy.push(col);
    tieBreak.push(alias(dim.id));
    if (!dim.lookup) return;
    const l = `l${i}`;
    const tenant = dim.lookup.tenantColumn
      ? ` AND ${l}.${ident(dim.lookup.tenantColumn)} = f.${ident(ds.config.tenantColumn)}`
      : '';
    joins.push(
      `LEFT JOIN ${ident(dim.lookup.table)} ${l} ON ${l}.${ident(dim.lookup.key)} = ${col}${tenant}`,
    );
    for (const c of [dim.lookup.labelColumn, ...(dim.lookup.attributes ?? [])]) {
      select.push(`${l}.${ident(c)} AS ${alias(c)}`);
      groupBy.push(`${l}.${ident(c)}`);
    }
  });
  for (const id of query.measures) select.push(`${measureSql(ds, ds.measures.get(id)!, p)} AS ${alias(id)}`);
  const paged = Boolean(query.paged) && input.mode === 'page';
  if (paged) select.push(`COUNT(*) OVER () AS ${alias(TOTAL_COLUMN)}`);

  const where = whereClauses(ds, { ...request, groupId: input.groupId, constants: query.where }, p);
  const lines = [
    `SELECT ${select.join(', ')}`,
    `FROM ${ident(ds.config.table)} f`,
    ...joins,
    `WHERE ${where.join(' AND ')}`,
  ];
  if (groupBy.length) lines.push(`GROUP BY ${groupBy.join(', ')}`);
  const order = orderBy(query, request, tieBreak);
  if (order) lines.push(`ORDER BY ${order}`);
  if (paged) lines.push(`LIMIT ${p.add(request.limit)} OFFSET ${p.add(request.offset)}`);
  else if (input.mode === 'export') lines.push(`LIMIT ${p.add(MAX_EXPORT_ROWS)}`);
  else if (query.limit !== undefined && groupBy.length) lines.push(`LIMIT ${p.add(query.limit)}`);
  return { sql: lines.join('\n'), params: p.values };
}

/** The request's sort, else the config's, then the group keys so pages never overlap. */
function orderBy(query: ScreenQuery, request: DataRequest, tieBreak: string[]): string {
  const sorts = request.sort
    ? [request.sort]
    : (query.sort ?? []).map((s) => ({ field: s.field, order: s.order ?? 'desc' }));
  const parts = sorts.map((s) => `${alias(s.field)} ${s.order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`);
  const used = new Set(sorts.map((s) => alias(s.field)));
  for (const key of tieBreak) if (!used.has(key)) parts.push(`${key} ASC`);
  return parts.join(', ');
}
