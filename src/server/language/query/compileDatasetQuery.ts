import type { ScreenQuery } from '../../../shared/config.gen.js';
import type { Warehouse, WarehouseDialect } from '../../platform/warehouse/warehouse.js';
import { columnDimension, type DatasetIndex } from '../model/datasetIndex.js';
import type { DataRequest, QueryContext } from './dataRequest.js';
import { whereClauses } from './filterSql.js';
import { measureSql } from '../measures/measureSql.js';
import { dayShareEntity, dayShareSplit } from './dayShareMeasures.js';
import { mergedAggregates } from './mergedAggregates.js';
import { dayShareAggregate, firstRowsGroupsSql } from './dayShareAggregate.js';
import { distinctApart, distinctCountSql, firstRowsAnswer, firstRowsOf } from './unitFirstRows.js';
import { compareSql, previousPeriod } from './compareSql.js';
import { joinsSql, measureJoins } from './measureJoins.js';
import { listingDayTotals, listingDayTotalsSql } from './listingDayTotals.js';
import { commonDaysMeasures, commonDaysSelect, commonDaysSpan, withinSpan } from './commonDays.js';
import { alias, ident, SqlParams, type CompiledSql } from '../../platform/warehouse/sql/sqlBuilder.js';
import {
  factsAsRollup,
  NotOnRollupError,
  ROLLUP_ROWS_READER,
} from '../../platform/warehouse/sql/factRows.js';
import type { RollupTable } from '../../platform/warehouse/rollups/rollupCatalog.js';
import { tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';
import { PERIOD_KEY, periodKey } from './periodKey.js';

/** Column carrying the row count before paging (window function), stripped from rows. */
export const TOTAL_COLUMN = '__total';
/**
 * Most rows an xlsx export holds: a sheet's 1,048,576 rows less the header and the note that
 * says the export stopped there (exports stream, so memory does not set this limit).
 */
export const MAX_EXPORT_ROWS = 1_048_574;

export interface CompileInput {
  dataset: DatasetIndex;
  query: ScreenQuery;
  request: DataRequest;
  groupId: number;
  dialect: WarehouseDialect;
  /**
   * 'page': the request's page (paged queries); 'export': every row up to MAX_EXPORT_ROWS (one
   * sheet, the synchronous download); 'all': every row (export jobs, which roll over to new sheets).
   */
  mode: 'page' | 'export' | 'all';
  /** Rollups of the dataset's fact table the warehouse keeps (PostgreSQL), narrowest first. */
  rollups?: readonly RollupTable[];
  /**
   * The period just before the request's, answered by the same statement (bothPeriods.ts, which
   * says when it may): the rows of both are read at once and grouped by their period.
   */
  previous?: { start: string; end: string };
}

/**
 * What a screen's query compiles from: the group's request in one mode, for this warehouse's
 * dialect and the rollups it keeps of the dataset's table.
 */
export function screenCompileInput(
  warehouse: Pick<Warehouse, 'dialect' | 'rollups'>,
  ctx: Pick<QueryContext, 'dataset' | 'query'>,
  request: DataRequest,
  groupId: number,
  mode: CompileInput['mode'],
): CompileInput {
  return {
    dataset: ctx.dataset,
    query: ctx.query,
    request,
    groupId,
    dialect: warehouse.dialect,
    rollups: warehouse.rollups?.for(ctx.dataset.config.table),
    mode,
  };
}

/**
 * One screen query + parsed request -> parameterised SQL. Identifiers come only from the
 * (validated) config; request values only as `$n` parameters. Both dialects take the same text.
 */
export function compileDatasetQuery(input: CompileInput): CompiledSql {
  for (const rollup of input.rollups ?? []) {
    const onRollup = compileOnRollup(input, rollup);
    if (onRollup) return onRollup;
  }
  return compileOver(input, input.dataset, new SqlParams(input.dialect));
}

/**
 * The query over a rollup (its table in place of the fact table, counts and sums over its
 * pre-summed rows), or null when the SQL would read a column the rollup does not keep or a
 * measure cannot be summed from it: then the facts answer.
 */
function compileOnRollup(input: CompileInput, rollup: RollupTable): CompiledSql | null {
  const config = { ...input.dataset.config, table: rollup.table };
  let compiled: CompiledSql;
  try {
    compiled = compileOver(
      input,
      { ...input.dataset, config },
      new SqlParams(input.dialect, ROLLUP_ROWS_READER),
    );
  } catch (error) {
    if (error instanceof NotOnRollupError) return null;
    throw error;
  }
  return readsOnly(compiled.sql, rollup) ? compiled : null;
}

/**
 * The first rollup that keeps every column `sqlOver(its table)` reads, or null: for a part of a
 * query that may read a rollup while the rest reads the facts (a distinct count beside day shares,
 * a day share's first rows). `sqlOver` binds nothing; it is built to be read, not run. Rollup rows
 * whose fact rows are all gone are deleted, so every kept row stands for at least one fact row.
 */
function heldRollup(
  rollups: readonly RollupTable[] | undefined,
  sqlOver: (table: string) => string,
): RollupTable | null {
  return (rollups ?? []).find((rollup) => readsOnly(sqlOver(rollup.table), rollup)) ?? null;
}

/** True when every column the SQL reads through an alias of the rollup's table is one it has. */
function readsOnly(sql: string, rollup: RollupTable): boolean {
  const aliases = [...sql.matchAll(new RegExp(`"${rollup.table}" ([a-z_][a-z0-9_]*)`, 'g'))].map(
    (m) => m[1]!,
  );
  for (const a of new Set(aliases))
    for (const m of sql.matchAll(new RegExp(`\\b${a}\\."([a-z_][a-z0-9_]*)"`, 'g')))
      if (!rollup.columns.has(m[1]!)) return false;
  return true;
}

function compileOver(input: CompileInput, ds: DatasetIndex, p: SqlParams): CompiledSql {
  const { query, request } = input;
  // Lost sales over whole listing-days: summed from its table's totals, not joined per fact row.
  const totals = listingDayTotals(ds, query, request, p.rows.rollup);
  if (totals && totals.ids.length === query.measures.length && !totals.keys.length && !query.paged) {
    // Nothing left for the fact rows: the totals are the answer (no fact-row bind left unused).
    const tenant = p.add(input.groupId);
    const outer = query.measures.map((id) => `a.${alias(id)} AS ${alias(id)}`);
    const order = orderBy(query, request, []);
    return {
      sql: `SELECT ${outer.join(', ')}\nFROM (${listingDayTotalsSql(ds, totals, request, p, tenant)}) a${order ? `\nORDER BY ${order}` : ''}`,
      params: p.values,
    };
  }
  const whereInput = { conditions: request.conditions, groupId: input.groupId, constants: query.where };
  const where = whereClauses(
    ds,
    { ...whereInput, startDate: input.previous?.start ?? request.startDate, endDate: request.endDate },
    p,
  );
  const tenant = '$1'; // whereClauses binds the group first
  // Aggregate the fact rows by their keys first, then name the (few) groups from the dimension
  // tables: grouping by joined text columns over millions of rows is what makes a grid slow.
  const inner: string[] = [];
  const keys: string[] = [];
  const outer: string[] = [];
  const joins: string[] = [];
  (query.groupBy ?? []).forEach((id, i) => {
    const dim = columnDimension(ds, id)!;
    inner.push(`f.${ident(dim.column)} AS ${alias(dim.id)}`);
    keys.push(`f.${ident(dim.column)}`);
    outer.push(`a.${alias(dim.id)} AS ${alias(dim.id)}`);
    if (!dim.lookup) return;
    const l = `l${i}`;
    const lookupKey = tenantKeyOf(dim.lookup.table);
    const scope = lookupKey ? ` AND ${l}.${ident(lookupKey)} = ${tenant}` : '';
    joins.push(
      `LEFT JOIN ${ident(dim.lookup.table)} ${l} ON ${l}.${ident(dim.lookup.key)} = a.${alias(dim.id)}${scope}`,
    );
    for (const c of [dim.lookup.labelColumn, ...(dim.lookup.attributes ?? [])])
      outer.push(`${l}.${ident(c)} AS ${alias(c)}`);
  });
  if (input.previous && request.startDate) {
    const period = periodKey(ds, request.startDate, p);
    inner.push(period.select);
    keys.push(period.column);
    outer.push(`a.${alias(PERIOD_KEY)} AS ${alias(PERIOD_KEY)}`);
  }
  const moved = new Set(totals?.ids ?? []);
  const measures = query.measures.filter((id) => !moved.has(id));
  // Ratios over the days both their sources have come from an aggregate over those days only.
  const windowed = commonDaysMeasures(ds, measures);
  if (windowed.length && p.rows.rollup) throw new NotOnRollupError('a ratio reads its common days');
  const sourceOf = new Map(windowed.map((m, i) => [m.id, `c${i}`]));
  for (const id of moved) sourceOf.set(id, 't0');
  for (const id of query.measures) outer.push(`${sourceOf.get(id) ?? 'a'}.${alias(id)} AS ${alias(id)}`);
  windowed.forEach((m, i) => outer.push(...commonDaysSelect(m.id, `w${i}`)));
  const paged = Boolean(query.paged) && input.mode === 'page';
  if (paged) outer.push(`COUNT(*) OVER () AS ${alias(TOTAL_COLUMN)}`);

  // Relations some measures read beside the fact rows (lost sales), over every day the query
  // reads: the previous period too when it compares.
  const related = measureJoins(ds, measures);
  if (related.length && p.rows.rollup) throw new NotOnRollupError('a measure joins the fact rows');
  const joinFrom =
    query.compare && request.startDate && request.endDate
      ? previousPeriod(request.startDate, request.endDate).start
      : request.startDate;
  const joined = joinsSql(related, { ds, p, tenant, startDate: joinFrom, endDate: request.endDate });
  /** The period's rows of the fact table (or of a rollup of it, `table`), with `joins`. */
  const factRows = (joins: string, table = ds.config.table) =>
    `FROM ${ident(table)} f${joins}\nWHERE ${where.join(' AND ')}`;
  const from = factRows(joined);
  /** `periodRows`: the rows are the query's own, from its period's first day (`where`). */
  const aggregateOf = (rowsFrom: string, measures: string[], periodRows = false): string => {
    const q = { ...query, measures };
    const unit = dayShareEntity(ds, measures);
    if (!unit) return oneStepAggregate(ds, q, inner, keys, rowsFrom, p);
    const start = periodRows ? (input.previous?.start ?? request.startDate ?? null) : undefined;
    const firstRows = firstRowsOf(ds, q, request, unit, p, start, request.endDate);
    const share = { ds, keySelect: inner, keyColumns: keys, from: rowsFrom, p };
    // A rollup may answer a part of the query when its rows are the fact table's own.
    const rollups = rowsFrom === factRows('') && !p.rows.rollup ? input.rollups : undefined;
    // SKUs beside day shares: the shares by first rows, the SKUs by (keys, SKU) groups. The SKU
    // count reads key columns only, which a rollup keeps as they are, over fewer rows (stock's
    // daily rollup has no city).
    const apart = firstRows || start === undefined ? null : distinctApart(ds, measures);
    if (apart && firstRowsAnswer(ds, { ...q, measures: apart.rest }, request, unit, p)) {
      const distinctOver = (from: string) =>
        distinctCountSql({
          ...share,
          from,
          groupBy: query.groupBy ?? [],
          column: apart.column,
          measures: apart.distinct,
        });
      const held = heldRollup(rollups, (table) => distinctOver(factRows('', table)));
      return mergedAggregates(query.groupBy ?? [], [
        { sql: aggregateOf(rowsFrom, apart.rest, true), measures: apart.rest },
        { sql: distinctOver(held ? factRows('', held.table) : rowsFrom), measures: apart.distinct },
      ]);
    }
    // The first rows from a rollup that keeps every column they read (the previous date too),
    // built on scratch parameters to be checked; its per-unit branch reads the facts shaped as it.
    const rollup = firstRows
      ? heldRollup(rollups, (table) =>
          firstRowsGroupsSql(
            {
              ...share,
              from: factRows('', table),
              query: q,
              unit,
              p: new SqlParams(p.dialect, ROLLUP_ROWS_READER),
            },
            firstRows,
          ),
        )
      : null;
    if (rollup)
      return dayShareAggregate({
        ...share,
        query: q,
        unit,
        firstRows,
        from: factRows('', rollup.table),
        p: p.reading(ROLLUP_ROWS_READER),
        factsFrom: factsAsRollup(rowsFrom, rollup.columns),
      });
    return dayShareAggregate({ ...share, query: q, unit, firstRows });
  };
  // Day shares beside measures that do not decompose: each plan answers its own, over the same
  // rows and keys (the day shares without the joined relations, which they do not read).
  const split = input.previous ? null : dayShareSplit(ds, measures);
  const aggregate = split
    ? mergedAggregates(query.groupBy ?? [], [
        { sql: aggregateOf(factRows(''), split.shares, true), measures: split.shares },
        { sql: aggregateOf(from, split.rest), measures: split.rest },
      ])
    : aggregateOf(from, measures, true);
  const windowJoins = windowed.flatMap((m, i) => {
    const span = () => commonDaysSpan({ ds, measure: m, groupId: input.groupId, ...dates(request), p });
    const rows = `FROM ${ident(ds.config.table)} f${joined}\nCROSS JOIN (${span()}) w\nWHERE ${[
      ...whereClauses(ds, { ...whereInput, ...dates(request) }, p),
      withinSpan(ds, 'w'),
    ].join(' AND ')}`;
    const on = keys.length
      ? `LEFT JOIN (${aggregateOf(rows, [m.id])}) c${i} ON ${(query.groupBy ?? [])
          .map((id) => sameKey(`c${i}.${alias(id)}`, `a.${alias(id)}`))
          .join(' AND ')}`
      : `CROSS JOIN (${aggregateOf(rows, [m.id])}) c${i}`;
    return [on, `CROSS JOIN (${span()}) w${i}`];
  });
  // Config checks keep compare to one-row queries: no keys to join the periods on.
  const cmp = query.compare
    ? compareSql({
        ds,
        compare: query.compare,
        request,
        where: whereInput,
        p,
        joined,
        aggregate: aggregateOf,
      })
    : null;
  const lines = [
    ...(cmp?.with ? [cmp.with] : []),
    `SELECT ${[...outer, ...(cmp?.select ?? [])].join(', ')}`,
    `FROM (${aggregate}) a`,
    ...(totals ? [totalsJoin(listingDayTotalsSql(ds, totals, request, p, tenant), query.groupBy ?? [])] : []),
    ...windowJoins,
    ...joins,
    ...(cmp?.joins ?? []),
  ];
  const tieBreak = (query.groupBy ?? []).map((id) => alias(id));
  const order = orderBy(query, request, tieBreak);
  if (order) lines.push(`ORDER BY ${order}`);
  if (paged) lines.push(`LIMIT ${p.add(request.limit)} OFFSET ${p.add(request.offset)}`);
  else if (input.mode === 'export') lines.push(`LIMIT ${p.add(MAX_EXPORT_ROWS)}`);
  else if (query.limit !== undefined && (query.groupBy ?? []).length)
    lines.push(`LIMIT ${p.add(query.limit)}`);
  return { sql: lines.join('\n'), params: p.values };
}

/**
 * The totals' row beside the one-row aggregate, or its groups' rows joined on the keys. The keys
 * are listing columns and attributes, NOT NULL in the stock rows (a NULL listing never matched the
 * per-row join either), so plain equality: PostgreSQL hashes it, where IS NOT DISTINCT FROM made
 * the grid's thousands of groups a nested loop (stock/data 1.0 -> 1.5 s on the 500-SKU tenant).
 */
function totalsJoin(sql: string, keys: readonly string[]): string {
  if (!keys.length) return `CROSS JOIN (${sql}) t0`;
  return `LEFT JOIN (${sql}) t0 ON ${keys.map((id) => `t0.${alias(id)} = a.${alias(id)}`).join(' AND ')}`;
}

/**
 * `left IS NOT DISTINCT FROM right` (a NULL key matches a NULL key) as equalities of each side's
 * own expressions, which both engines hash: PostgreSQL runs IS NOT DISTINCT FROM as a nested loop,
 * 4.9M comparisons for a grid of 2,206 listings (ams/sku/level on the large tenant). The text
 * form is the same for equal values of one column on one engine; the NULL flag tells NULL from ''.
 */
function sameKey(left: string, right: string): string {
  const text = (e: string) => `COALESCE(CAST(${e} AS VARCHAR), '')`;
  return `${text(left)} = ${text(right)} AND (${left} IS NULL) = (${right} IS NULL)`;
}

const dates = (r: DataRequest) => ({ startDate: r.startDate, endDate: r.endDate });

/** Every measure over the fact rows, grouped by the keys. */
function oneStepAggregate(
  ds: DatasetIndex,
  query: ScreenQuery,
  keySelect: string[],
  keys: string[],
  from: string,
  p: SqlParams,
): string {
  const select = [
    ...keySelect,
    ...query.measures.map((id) => `${measureSql(ds, ds.measures.get(id)!, p)} AS ${alias(id)}`),
  ];
  return [`SELECT ${select.join(', ')}`, from, ...(keys.length ? [`GROUP BY ${keys.join(', ')}`] : [])].join(
    '\n',
  );
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
