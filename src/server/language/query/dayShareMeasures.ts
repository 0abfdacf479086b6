import type { MeasureCondition, MeasureNode } from '../../../shared/config.gen.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { conditionSql } from '../measures/measureSqlParts.js';
import type { DayShareParts } from '../measures/measureKind.js';
import { measureKind } from '../measures/measureKinds.js';
import { alias, type SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';

/** Key aliases of the per-unit level: one per unit column, the day, and the days per group. */
export const unitKey = (i: number): string => `__unit${i}`;
export const DAY_KEY = '__day';
export const DAYS_KEY = '__days';
/** Units a first-step row stands for (unitFirstRows.ts: the group's listings, not one). */
export const UNITS_KEY = '__units';

/**
 * A query with an entityDayShare measure is computed in two steps: fact rows are first reduced
 * to one row per (group keys, entity, day) — per (group keys, entity) when the dataset's grain
 * allows, see dayShareAggregate — holding partial aggregates, then aggregated per group keys.
 * Exact, and several times faster than COUNT(DISTINCT (entity, day)) over every fact row.
 * Returns the unit's columns when every measure of the query decomposes, else null (one step).
 */
export function dayShareEntity(ds: DatasetIndex, measureIds: readonly string[]): string[] | null {
  const entities = new Map<string, string[]>();
  const visit = (m: MeasureNode, depth: number): boolean => {
    const kind = measureKind(m);
    if (depth > 8 || !kind.dayShare) return false;
    const entity = kind.dayShare.entity?.(m, ds);
    if (entity) entities.set(entity.join(','), entity);
    return (kind.uses?.(m) ?? []).every((id) => visit(ds.measures.get(id)!, depth + 1));
  };
  const ok = measureIds.every((id) => visit(ds.measures.get(id)!, 0));
  if (!ok || entities.size !== 1) return null;
  const [unit] = [...entities.values()];
  const distinctOk = measureIds.every((id) =>
    distinctColumns(ds, ds.measures.get(id)!).every((c) => unit!.includes(c) || c === ds.config.dateColumn),
  );
  return distinctOk ? unit! : null;
}

/** Fact columns a measure (and the measures it is built from) counts distinct. */
export function distinctColumns(ds: DatasetIndex, m: MeasureNode): string[] {
  const kind = measureKind(m);
  const nested = (kind.uses?.(m) ?? []).flatMap((id) => distinctColumns(ds, ds.measures.get(id)!));
  return [...(kind.dayShare?.distinctColumns?.(m) ?? []), ...nested];
}

/**
 * True when the dataset's declared grain is the unit plus the date column: every fact row is
 * then one (unit, day) pair, and unit columns are never NULL. The first step can group by unit
 * alone (not by unit and day), and a day's condition is a plain filtered count.
 */
export function rowsAreUnitDays(ds: DatasetIndex, unit: readonly string[]): boolean {
  const grain = ds.config.grain;
  if (!grain) return false;
  const unitAndDay = new Set([...unit, ds.config.dateColumn]);
  return grain.every((c) => unitAndDay.has(c)) && unit.every((c) => grain.includes(c));
}

/**
 * Builds the partial (inner) select items and the final expression of one measure over rows `d`.
 * Per (unit, day) rows (`perUnit` false), a day qualifies when any of its rows meets the
 * condition, and units and days are counted distinct. Per unit rows (`perUnit`, the grain is
 * unit + day), a unit's qualifying days are its rows meeting the condition, each first-step row
 * is one unit, and the days per group come in `__days` from a second branch (dayShareAggregate).
 * Equal partials (in-stock count and in-stock days) are computed once.
 */
export class DayShareBuilder implements DayShareParts {
  /** `sql AS "pN"` select items of the first step, and their aliases. */
  readonly partials: string[] = [];
  readonly partialAliases: string[] = [];
  private readonly byKey = new Map<string, string>();
  constructor(
    readonly ds: DatasetIndex,
    readonly unit: readonly string[],
    readonly p: SqlParams,
    readonly perUnit = false,
    readonly firstRows = false,
  ) {}

  final(m: MeasureNode): string {
    const parts = measureKind(m).dayShare;
    if (!parts) throw new Error(`Measure kind ${m.kind} does not decompose per entity and day`);
    return parts.final(m, this);
  }

  measure(id: string): string {
    return this.final(this.ds.measures.get(id)!);
  }

  unitRef(i: number): string {
    return `d.${alias(unitKey(i))}`;
  }

  dayRef(): string {
    return `d.${alias(DAY_KEY)}`;
  }

  /** Distinct days of the group: one days-branch row per group carries them. */
  days(): string {
    return `MAX(d.${alias(DAYS_KEY)})`;
  }

  /**
   * Per-unit rows each count one unit (their unit columns are NULL on the days branch); rows of
   * the first-rows plan (`firstRows`) carry their group's count in `__units`.
   */
  units(): string {
    return this.firstRows ? `SUM(d.${alias(UNITS_KEY)})` : `COUNT(${this.unitRef(0)})`;
  }

  countWhere(where: MeasureCondition): string {
    return this.partial(`countIf ${JSON.stringify(where)}`, () => {
      return this.p.rows.count(conditionSql(where, this.p, this.ds));
    });
  }

  sumOf(partialAlias: string): string {
    return `CAST(COALESCE(SUM(d.${partialAlias}), 0) AS BIGINT)`;
  }

  /** The alias of a partial, added on first use; `sql` binds its parameters only then. */
  partial(key: string, sql: () => string): string {
    const known = this.byKey.get(key);
    if (known) return known;
    const name = alias(`p${this.partials.length}`);
    this.partials.push(`${sql()} AS ${name}`);
    this.partialAliases.push(name);
    this.byKey.set(key, name);
    return name;
  }
}

/**
 * A query whose measures do not all decompose (a lost-sales figure beside a day share): the
 * measures that compute a day share over one unit (dayShareEntity of them), for the two-step
 * plan, and the rest, for one step over the same rows; the two are then merged per group
 * (mergedAggregates.ts). Without it
 * the whole query took the one-step plan, whose COUNT(DISTINCT (unit, day)) over every fact row
 * is the slow part of brand/sku/availability (docs/bench.md). Null when one plan answers all.
 */
export function dayShareSplit(
  ds: DatasetIndex,
  measureIds: readonly string[],
): { shares: string[]; rest: string[] } | null {
  if (dayShareEntity(ds, measureIds)) return null;
  // No share, or shares over different units: dayShareEntity answers null for them too.
  const shares = measureIds.filter((id) => dayShareEntity(ds, [id]) !== null);
  if (!dayShareEntity(ds, shares)) return null;
  return { shares, rest: measureIds.filter((id) => !shares.includes(id)) };
}
