import type { ScreenQuery } from '../../../shared/config.gen.js';
import type { WarehouseDialect } from '../../platform/warehouse/warehouse.js';
import { alias, ident, SqlParams, type CompiledSql } from '../../platform/warehouse/sql/sqlBuilder.js';
import { tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';
import { conditionSql, factColumn } from '../measures/measureSqlParts.js';
import { measureSql } from '../measures/measureSql.js';
import type { DrillSqlContext, MeasureDrill } from '../measures/measureKind.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import type { DataRequest } from './dataRequest.js';
import type { DrillUnit } from './drillUnit.js';
import { whereClauses } from './filterSql.js';
import { joinsSql } from './measureJoins.js';
import { commonDaysSpan, withinSpan } from './commonDays.js';

/** Column of the totals row holding the number of drill rows. */
export const DRILL_ROWS = '__rows';

export interface DrillQueryInput {
  ds: DatasetIndex;
  /** The tile's (or chart's) query: its fixed `where` applies as on the tile. */
  query: ScreenQuery;
  /** The screen's filters and dates, plus a chart point's dimensions as conditions. */
  request: DataRequest;
  groupId: number;
  dialect: WarehouseDialect;
  plan: MeasureDrill;
  unit: DrillUnit;
  /** Keep only the fact rows the measure reads (the plan's `where`): the removable condition. */
  condition: boolean;
}

/**
 * The rows behind a tile: the fact rows under the tile's own filters, period and tenant (the same
 * WHERE its query compiles to), grouped per drill row with the plan's figures; `page` is one
 * sorted page with the rows' labels, `totals` the number of rows and each figure over all of them.
 */
export function compileDrillQuery(input: DrillQueryInput): { page: CompiledSql; totals: CompiledSql } {
  return { page: pageSql(input), totals: totalsSql(input) };
}

function grouped(input: DrillQueryInput, p: SqlParams): string {
  const { ds, request, plan, unit } = input;
  const where = () =>
    whereClauses(
      ds,
      {
        conditions: request.conditions,
        groupId: input.groupId,
        startDate: request.startDate,
        endDate: request.endDate,
        constants: input.query.where,
      },
      p,
    );
  const clauses = where();
  if (input.condition && plan.where?.length)
    clauses.push(`(${plan.where.map((w) => conditionSql(w.condition, p, ds)).join(' OR ')})`);
  const table = ident(ds.config.table);
  // A ratio over its sources' common days lists the rows of those days, as its tile reads them.
  const span = plan.commonDays?.commonDays
    ? `\nCROSS JOIN (${commonDaysSpan({ ds, measure: { ...plan.commonDays, commonDays: plan.commonDays.commonDays }, groupId: input.groupId, startDate: request.startDate, endDate: request.endDate, p })}) w`
    : '';
  if (span) clauses.push(withinSpan(ds, 'w'));
  let days: string | undefined;
  const ctx: DrillSqlContext = {
    ds,
    p,
    measure: (id) => measureSql(ds, ds.measures.get(id)!, p, 1),
    // The selection's days, without the measure's condition (every unit is counted on every day).
    get days() {
      days ??= `(SELECT COUNT(DISTINCT ${factColumn(ds.config.dateColumn)}) FROM ${table} f WHERE ${where().join(' AND ')})`;
      return days;
    },
  };
  const keys = unit.keys.map((k) => factColumn(k.column));
  const select = [
    ...unit.keys.map((k, i) => `${keys[i]} AS ${alias(k.field)}`),
    ...plan.parts.map((part) => `${part.sql(ctx)} AS ${alias(part.id)}`),
  ];
  // Relations the parts read (lost sales); the tenant is $1, bound first by whereClauses.
  const joined = joinsSql(plan.joins ?? [], {
    ds,
    p,
    tenant: '$1',
    startDate: request.startDate,
    endDate: request.endDate,
  });
  return [
    `SELECT ${select.join(', ')}`,
    `FROM ${table} f${joined}${span}`,
    `WHERE ${clauses.join(' AND ')}`,
    ...(keys.length ? [`GROUP BY ${keys.join(', ')}`] : []),
  ].join('\n');
}

function pageSql(input: DrillQueryInput): CompiledSql {
  const p = new SqlParams(input.dialect);
  const inner = grouped(input, p);
  const tenant = '$1'; // whereClauses binds the group first
  const outer: string[] = [];
  const joins: string[] = [];
  input.unit.keys.forEach((k, i) => {
    outer.push(`a.${alias(k.field)}`);
    const lookup = k.dimension?.lookup;
    if (!lookup) return;
    const l = `l${i}`;
    const key = tenantKeyOf(lookup.table);
    const scope = key ? ` AND ${l}.${ident(key)} = ${tenant}` : '';
    joins.push(
      `LEFT JOIN ${ident(lookup.table)} ${l} ON ${l}.${ident(lookup.key)} = a.${alias(k.field)}${scope}`,
    );
    outer.push(`${l}.${ident(lookup.labelColumn)} AS ${alias(lookup.labelColumn)}`);
  });
  for (const part of input.plan.parts) outer.push(`a.${alias(part.id)}`);
  const sort = input.request.sort ?? { field: input.plan.parts[0]!.id, order: 'desc' as const };
  const order = [
    `${alias(sort.field)} ${sort.order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`,
    ...input.unit.keys.filter((k) => k.field !== sort.field).map((k) => `a.${alias(k.field)} ASC`),
  ];
  const sql = [
    `SELECT ${outer.join(', ')}`,
    `FROM (${inner}) a`,
    ...joins,
    `ORDER BY ${order.join(', ')}`,
    `LIMIT ${p.add(input.request.limit)} OFFSET ${p.add(input.request.offset)}`,
  ].join('\n');
  return { sql, params: p.values };
}

function totalsSql(input: DrillQueryInput): CompiledSql {
  const p = new SqlParams(input.dialect);
  const inner = grouped(input, p);
  const fn = input.plan.combine === 'min' ? 'MIN' : input.plan.combine === 'max' ? 'MAX' : 'SUM';
  const figures = input.plan.parts.map((part) => `${fn}(a.${alias(part.id)}) AS ${alias(part.id)}`);
  const sql = `SELECT COUNT(*) AS ${alias(DRILL_ROWS)}, ${figures.join(', ')}\nFROM (${inner}) a`;
  return { sql, params: p.values };
}
