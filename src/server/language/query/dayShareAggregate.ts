import type { ScreenQuery } from '../../../shared/config.gen.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import {
  DAY_KEY,
  DAYS_KEY,
  DayShareBuilder,
  rowsAreUnitDays,
  UNITS_KEY,
  unitKey,
} from './dayShareMeasures.js';
import { firstRowCondition, type FirstRows } from './unitFirstRows.js';
import { alias, ident, type SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';

export interface DayShareInput {
  ds: DatasetIndex;
  query: ScreenQuery;
  /** Fact columns of the unit a day share is computed per. */
  unit: readonly string[];
  /** `f."column" AS "dimension id"` of each group key. */
  keySelect: string[];
  /** `f."column"` of each group key. */
  keyColumns: string[];
  /** FROM and WHERE over the fact rows `f`. */
  from: string;
  p: SqlParams;
  /** Count units as their first rows in the period (unitFirstRows.ts), when it applies. */
  firstRows?: FirstRows | null;
  /**
   * FROM and WHERE over the fact table's own rows, shaped as the rollup's (factsAsRollup), when
   * `from` reads a rollup: the first-rows plan's per-unit branch (a load not derived yet) groups
   * by the unit's columns, which a rollup may not keep.
   */
  factsFrom?: string;
}

/**
 * Step one reduces the fact rows to partials per (keys, unit, day), or per (keys, unit) when the
 * dataset's grain is unit + day; step two aggregates them per keys. With that grain a fact row
 * already is one (unit, day), and grouping by the day again only copies the rows: the per-unit
 * plan is 3x faster on the large tenant (stock/data 160 -> 52 ms) and gives the same answers
 * (dayShareAggregate.test.ts compares both plans on both engines).
 */
export function dayShareAggregate(input: DayShareInput): string {
  const { ds, query, unit, p } = input;
  const perUnit = rowsAreUnitDays(ds, unit);
  const firstRows = perUnit ? (input.firstRows ?? null) : null;
  const b = new DayShareBuilder(ds, unit, p, perUnit, firstRows !== null);
  const finals = query.measures.map((id) => `${b.final(ds.measures.get(id)!)} AS ${alias(id)}`);
  const step1 = firstRows
    ? firstRowsStep(input, b, firstRows)
    : perUnit
      ? perUnitStep(input, b)
      : perUnitDayStep(input, b);
  const ids = (query.groupBy ?? []).map((id) => `d.${alias(id)}`);
  const select = [...ids.map((k) => `${k} AS ${k.slice(2)}`), ...finals];
  return [
    ...(firstRows ? [`WITH ${FIRST_ROWS} AS (${firstRowsGroups(input, b, firstRows)})`] : []),
    `SELECT ${select.join(', ')}`,
    `FROM (${step1}) d`,
    ...(ids.length ? [`GROUP BY ${ids.join(', ')}`] : []),
  ].join('\n');
}

const unitSelect = ({ unit }: DayShareInput): string[] =>
  unit.map((c, i) => `f.${ident(c)} AS ${alias(unitKey(i))}`);

/** One row per (keys, unit, day): a day qualifies when any of its rows does. */
function perUnitDayStep(input: DayShareInput, b: DayShareBuilder): string {
  const { ds, unit, keySelect, keyColumns, from } = input;
  const dayCol = `f.${ident(ds.config.dateColumn)}`;
  return [
    `SELECT ${[...keySelect, ...unitSelect(input), `${dayCol} AS ${alias(DAY_KEY)}`, ...b.partials].join(', ')}`,
    from,
    `GROUP BY ${[...keyColumns, ...unit.map((c) => `f.${ident(c)}`), dayCol].join(', ')}`,
  ].join('\n');
}

/**
 * One row per (keys, unit) with the partials, then (UNION ALL, same rows) one row per keys with
 * its distinct days in `__days` and NULL units and partials, which the final aggregates skip.
 */
function perUnitStep(input: DayShareInput, b: DayShareBuilder): string {
  const { unit } = input;
  const nulls = [...unit.map((_, i) => alias(unitKey(i))), ...b.partialAliases].map((a) => `NULL AS ${a}`);
  return [
    unitRows(input, [...unitSelect(input), `CAST(NULL AS BIGINT) AS ${alias(DAYS_KEY)}`], b),
    'UNION ALL',
    input.p.dialect === 'postgres' ? hashedDays(input, nulls) : distinctDays(input, nulls),
  ].join('\n');
}

/** The rows grouped per (keys, unit): the key items, `extra` items, then the partials. */
function unitRows({ unit, keySelect, keyColumns, from }: DayShareInput, extra: string[], b: DayShareBuilder) {
  const groupBy = [...new Set([...keyColumns, ...unit.map((c) => `f.${ident(c)}`)])];
  return [
    `SELECT ${[...keySelect, ...extra, ...b.partials].join(', ')}`,
    from,
    `GROUP BY ${groupBy.join(', ')}`,
  ].join('\n');
}

const FIRST_ROWS = '"__first_rows"';
const UNDERIVED = alias('__underived');
const DAY_MASK = alias('__day_mask');

/**
 * The first-rows plan's groups: per keys, the partials, the rows that are their unit's first in
 * the period (its units) and the rows whose previous date is not derived yet. One aggregate per
 * keys, not per unit: 3.2x faster for a week of the large tenant's stock (447 -> 138 ms).
 */
function firstRowsGroups(input: DayShareInput, b: DayShareBuilder, first: FirstRows): string {
  const { keySelect, keyColumns, from, p } = input;
  const units = `CAST(${p.rows.count(firstRowCondition(first, p))} AS BIGINT) AS ${alias(UNITS_KEY)}`;
  const underived = `${p.rows.count(`${first.previous} IS NULL`)} AS ${UNDERIVED}`;
  const day = `f.${ident(input.ds.config.dateColumn)}`;
  // A day mask implies a period start (firstRowsOf).
  const mask = first.dayMask
    ? [`BIT_OR(CAST(1 AS BIGINT) << (${day} - ${first.start!})) AS ${DAY_MASK}`]
    : [];
  return [
    `SELECT ${[...keySelect, units, underived, ...mask, ...b.partials].join(', ')}`,
    from,
    ...(keyColumns.length ? [`GROUP BY ${keyColumns.join(', ')}`] : []),
    // No group over no rows, as the per-unit plan (an aggregate without keys answers one row).
    'HAVING COUNT(*) > 0',
  ].join('\n');
}

/** The first-rows plan's groups alone (what they read, to choose a rollup for them). */
export function firstRowsGroupsSql(input: DayShareInput, first: FirstRows): string {
  return firstRowsGroups(input, measuresBuilder(input), first);
}

/** A first-rows builder holding the query's partials, in the order the query's finals add them. */
function measuresBuilder(input: DayShareInput): DayShareBuilder {
  const b = new DayShareBuilder(input.ds, input.unit, input.p, true, true);
  for (const id of input.query.measures) b.final(input.ds.measures.get(id)!);
  return b;
}

/**
 * Rows of (keys, `__days`, `__units`, partials): the first-rows groups when every row of the
 * period has its previous date, else (a load not derived yet) the per-unit groups counting one
 * unit each; PostgreSQL runs only the branch its one-time EXISTS filter lets through. Then the
 * days per keys.
 */
function firstRowsStep(input: DayShareInput, b: DayShareBuilder, first: FirstRows): string {
  const keys = (input.query.groupBy ?? []).map((id) => `fr.${alias(id)}`);
  const noDays = `CAST(NULL AS BIGINT) AS ${alias(DAYS_KEY)}`;
  const pending = `EXISTS (SELECT 1 FROM ${FIRST_ROWS} u WHERE u.${UNDERIVED} > 0)`;
  const partials = b.partialAliases.map((a) => `fr.${a}`);
  const nulls = [alias(UNITS_KEY), ...b.partialAliases].map((a) => `NULL AS ${a}`);
  return [
    `SELECT ${[...keys, noDays, `fr.${alias(UNITS_KEY)}`, ...partials].join(', ')}`,
    `FROM ${FIRST_ROWS} fr WHERE NOT ${pending}`,
    'UNION ALL',
    `SELECT * FROM (${unitRows(perUnitInput(input), [noDays, `CAST(1 AS BIGINT) AS ${alias(UNITS_KEY)}`], b)}) h WHERE ${pending}`,
    'UNION ALL',
    first.dayMask
      ? maskedDays(keys, nulls)
      : // No unit columns on these rows: the days come right after the keys, then `nulls`.
        hashedDays({ ...input, unit: [] }, nulls),
  ].join('\n');
}

/** The per-unit branch's rows: the fact table's when the first rows read a rollup. */
const perUnitInput = (input: DayShareInput): DayShareInput =>
  input.factsFrom ? { ...input, from: input.factsFrom } : input;

/**
 * The days per keys as the bits set in the first-rows groups' day masks: the same number as
 * hashedDays without a second scan of the period's rows (stock/data on the large tenant: 160 of
 * 360 ms; the mask adds ~15 to the first rows' scan).
 */
function maskedDays(keys: readonly string[], nulls: readonly string[]): string {
  const days = `CAST(bit_count(CAST(fr.${DAY_MASK} AS BIT(64))) AS BIGINT) AS ${alias(DAYS_KEY)}`;
  return `SELECT ${[...keys, days, ...nulls].join(', ')}\nFROM ${FIRST_ROWS} fr`;
}

/** The days branch as COUNT(DISTINCT day) per keys: DuckDB hashes it. */
function distinctDays({ ds, unit, keySelect, keyColumns, from }: DayShareInput, nulls: string[]): string {
  const days = `COUNT(DISTINCT f.${ident(ds.config.dateColumn)}) AS ${alias(DAYS_KEY)}`;
  return [
    `SELECT ${[...keySelect, ...nulls.slice(0, unit.length), days, ...nulls.slice(unit.length)].join(', ')}`,
    from,
    ...(keyColumns.length ? [`GROUP BY ${keyColumns.join(', ')}`] : []),
  ].join('\n');
}

/**
 * The days branch on PostgreSQL: its COUNT(DISTINCT) sorts every row of the period (626 of the
 * large tenant's 890 ms stock KPI, docs/bench.md), so the (keys, day) pairs are hash-grouped first
 * and counted per keys: the same number, from a hash aggregate of a few thousand rows.
 */
function hashedDays(
  { ds, query, unit, keySelect, keyColumns, from }: DayShareInput,
  nulls: string[],
): string {
  const keys = (query.groupBy ?? []).map((id) => alias(id));
  const day = `f.${ident(ds.config.dateColumn)}`;
  const pairs = [
    `SELECT ${[...keySelect, `${day} AS ${alias(DAY_KEY)}`].join(', ')}`,
    from,
    `GROUP BY ${[...keyColumns, day].join(', ')}`,
  ];
  const days = `CAST(COUNT(*) AS BIGINT) AS ${alias(DAYS_KEY)}`;
  return [
    `SELECT ${[...keys.map((k) => `k.${k} AS ${k}`), ...nulls.slice(0, unit.length), days, ...nulls.slice(unit.length)].join(', ')}`,
    `FROM (${pairs.join('\n')}) k`,
    ...(keys.length ? [`GROUP BY ${keys.map((k) => `k.${k}`).join(', ')}`] : []),
  ].join('\n');
}
