import type { MeasureCondition, MeasureNode } from '../../shared/config.gen.js';
import type { DatasetIndex } from '../config/datasetIndex.js';
import { conditionSql, entityColumns } from './measureSql.js';
import { alias, ident, type SqlParams } from './sqlBuilder.js';

/** Key aliases of the per-unit level: one per unit column, the day, and the days per group. */
export const unitKey = (i: number): string => `__unit${i}`;
export const DAY_KEY = '__day';
export const DAYS_KEY = '__days';

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
    if (depth > 8) return false;
    switch (m.kind) {
      case 'count':
      case 'countIf':
      case 'sum':
      case 'avg':
      case 'min':
      case 'max':
        return true;
      case 'countDistinct':
        return true; // checked below: only the entity or the day survive the first step
      case 'ratio':
        return (
          visit(ds.measures.get(m.numerator)!, depth + 1) && visit(ds.measures.get(m.denominator)!, depth + 1)
        );
      case 'entityDayShare': {
        const columns = entityColumns(ds, m.entity);
        entities.set(columns.join(','), columns);
        return true;
      }
      default:
        return false;
    }
  };
  const ok = measureIds.every((id) => visit(ds.measures.get(id)!, 0));
  if (!ok || entities.size !== 1) return null;
  const [unit] = [...entities.values()];
  const distinctOk = measureIds.every((id) =>
    distinctColumns(ds, ds.measures.get(id)!).every((c) => unit!.includes(c) || c === ds.config.dateColumn),
  );
  return distinctOk ? unit! : null;
}

function distinctColumns(ds: DatasetIndex, m: MeasureNode): string[] {
  if (m.kind === 'countDistinct') return [m.column];
  if (m.kind === 'ratio')
    return [
      ...distinctColumns(ds, ds.measures.get(m.numerator)!),
      ...distinctColumns(ds, ds.measures.get(m.denominator)!),
    ];
  return [];
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
export class DayShareBuilder {
  /** `sql AS "pN"` select items of the first step, and their aliases. */
  readonly partials: string[] = [];
  readonly partialAliases: string[] = [];
  private readonly byKey = new Map<string, string>();
  constructor(
    private readonly ds: DatasetIndex,
    private readonly unit: readonly string[],
    private readonly p: SqlParams,
    private readonly perUnit = false,
  ) {}

  final(m: MeasureNode): string {
    const col = (name: string) => `f.${ident(name)}`;
    switch (m.kind) {
      case 'count':
        return this.sumOf(this.partial('count', () => 'COUNT(*)'));
      case 'countIf':
        return this.sumOf(this.countWhere(m.where));
      case 'sum':
        return `CAST(SUM(d.${this.partial(`sum ${m.column}`, () => `SUM(${col(m.column)})`)}) AS DOUBLE PRECISION)`;
      case 'min':
      case 'max': {
        const fn = m.kind.toUpperCase();
        return `CAST(${fn}(d.${this.partial(`${fn} ${m.column}`, () => `${fn}(${col(m.column)})`)}) AS DOUBLE PRECISION)`;
      }
      case 'avg': {
        const sum = this.partial(`sum ${m.column}`, () => `SUM(${col(m.column)})`);
        const count = this.partial(`count ${m.column}`, () => `COUNT(${col(m.column)})`);
        return `CAST(SUM(d.${sum}) AS DOUBLE PRECISION) / NULLIF(SUM(d.${count}), 0)`;
      }
      case 'countDistinct': {
        const i = this.unit.indexOf(m.column);
        if (i >= 0) return `COUNT(DISTINCT d.${alias(unitKey(i))})`;
        return this.perUnit ? this.days() : `COUNT(DISTINCT d.${alias(DAY_KEY)})`;
      }
      case 'ratio': {
        const num = this.final(this.ds.measures.get(m.numerator)!);
        const den = this.final(this.ds.measures.get(m.denominator)!);
        return `CAST(${num} AS DOUBLE PRECISION) * CAST(${this.p.add(m.scale ?? 1)} AS DOUBLE PRECISION) / NULLIF(${den}, 0)`;
      }
      case 'entityDayShare': {
        const q = this.perUnit
          ? this.countWhere(m.where)
          : this.partial(`any ${JSON.stringify(m.where)}`, () => {
              return `MAX(CASE WHEN ${conditionSql(m.where, this.p)} THEN 1 ELSE 0 END)`;
            });
        const units = this.unit.map((_, i) => `d.${alias(unitKey(i))}`).join(', ');
        const pairs = this.perUnit
          ? `COUNT(d.${alias(unitKey(0))}) * ${this.days()}` // unit columns are NULL on the days branch
          : `COUNT(DISTINCT (${units})) * COUNT(DISTINCT d.${alias(DAY_KEY)})`;
        return `CAST(SUM(d.${q}) AS DOUBLE PRECISION) * CAST(${this.p.add(m.scale ?? 1)} AS DOUBLE PRECISION) / NULLIF(${pairs}, 0)`;
      }
      default:
        throw new Error(`Measure kind ${m.kind} does not decompose per entity and day`);
    }
  }

  /** Distinct days of the group: one days-branch row per group carries them. */
  private days(): string {
    return `MAX(d.${alias(DAYS_KEY)})`;
  }

  private countWhere(where: MeasureCondition): string {
    return this.partial(`countIf ${JSON.stringify(where)}`, () => {
      return `COUNT(*) FILTER (WHERE ${conditionSql(where, this.p)})`;
    });
  }

  private sumOf(partialAlias: string): string {
    return `CAST(COALESCE(SUM(d.${partialAlias}), 0) AS BIGINT)`;
  }

  /** The alias of a partial, added on first use; `sql` binds its parameters only then. */
  private partial(key: string, sql: () => string): string {
    const known = this.byKey.get(key);
    if (known) return known;
    const name = alias(`p${this.partials.length}`);
    this.partials.push(`${sql()} AS ${name}`);
    this.partialAliases.push(name);
    this.byKey.set(key, name);
    return name;
  }
}
