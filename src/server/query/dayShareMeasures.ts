import type { MeasureNode, ScreenQuery } from '../../shared/config.gen.js';
import type { DatasetIndex } from '../config/datasetIndex.js';
import { conditionSql, entityColumns } from './measureSql.js';
import { alias, ident, type SqlParams } from './sqlBuilder.js';

/** Key aliases of the per (unit, day) level: one per unit column, and the day. */
const unitKey = (i: number): string => `__unit${i}`;
export const DAY_KEY = '__day';

/**
 * A query with an entityDayShare measure is computed in two steps: fact rows are first reduced
 * to one row per (group keys, entity, day) holding partial aggregates, then aggregated per group
 * keys. Exact, and several times faster than COUNT(DISTINCT (entity, day)) over every fact row.
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

/** Builds the partial (inner) select items and the final expression of one measure over rows `d`. */
export class DayShareBuilder {
  readonly partials: string[] = [];
  constructor(
    private readonly ds: DatasetIndex,
    private readonly unit: readonly string[],
    private readonly p: SqlParams,
  ) {}

  final(m: MeasureNode): string {
    const col = (name: string) => `f.${ident(name)}`;
    switch (m.kind) {
      case 'count':
        return this.sumOf('COUNT(*)');
      case 'countIf':
        return this.sumOf(`COUNT(*) FILTER (WHERE ${conditionSql(m.where, this.p)})`);
      case 'sum':
        return `CAST(SUM(d.${this.partial(`SUM(${col(m.column)})`)}) AS DOUBLE PRECISION)`;
      case 'min':
      case 'max':
        return `CAST(${m.kind.toUpperCase()}(d.${this.partial(`${m.kind.toUpperCase()}(${col(m.column)})`)}) AS DOUBLE PRECISION)`;
      case 'avg': {
        const sum = this.partial(`SUM(${col(m.column)})`);
        const count = this.partial(`COUNT(${col(m.column)})`);
        return `CAST(SUM(d.${sum}) AS DOUBLE PRECISION) / NULLIF(SUM(d.${count}), 0)`;
      }
      case 'countDistinct': {
        const i = this.unit.indexOf(m.column);
        return `COUNT(DISTINCT d.${alias(i >= 0 ? unitKey(i) : DAY_KEY)})`;
      }
      case 'ratio': {
        const num = this.final(this.ds.measures.get(m.numerator)!);
        const den = this.final(this.ds.measures.get(m.denominator)!);
        return `CAST(${num} AS DOUBLE PRECISION) * CAST(${this.p.add(m.scale ?? 1)} AS DOUBLE PRECISION) / NULLIF(${den}, 0)`;
      }
      case 'entityDayShare': {
        const q = this.partial(`MAX(CASE WHEN ${conditionSql(m.where, this.p)} THEN 1 ELSE 0 END)`);
        const units = this.unit.map((_, i) => `d.${alias(unitKey(i))}`).join(', ');
        const pairs = `COUNT(DISTINCT (${units})) * COUNT(DISTINCT d.${alias(DAY_KEY)})`;
        return `CAST(SUM(d.${q}) AS DOUBLE PRECISION) * CAST(${this.p.add(m.scale ?? 1)} AS DOUBLE PRECISION) / NULLIF(${pairs}, 0)`;
      }
      default:
        throw new Error(`Measure kind ${m.kind} does not decompose per entity and day`);
    }
  }

  private sumOf(partialSql: string): string {
    return `CAST(COALESCE(SUM(d.${this.partial(partialSql)}), 0) AS BIGINT)`;
  }

  private partial(sql: string): string {
    const name = alias(`p${this.partials.length}`);
    this.partials.push(`${sql} AS ${name}`);
    return name;
  }
}

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
}

/** Step one: one row per (keys, entity, day) with partials; step two: per keys, the measures. */
export function dayShareAggregate({
  ds,
  query,
  unit,
  keySelect,
  keyColumns,
  from,
  p,
}: DayShareInput): string {
  const b = new DayShareBuilder(ds, unit, p);
  const finals = query.measures.map((id) => `${b.final(ds.measures.get(id)!)} AS ${alias(id)}`);
  const unitCols = unit.map((c) => `f.${ident(c)}`);
  const dayCol = `f.${ident(ds.config.dateColumn)}`;
  const unitSelect = unitCols.map((c, i) => `${c} AS ${alias(unitKey(i))}`);
  const step1 = [
    `SELECT ${[...keySelect, ...unitSelect, `${dayCol} AS ${alias(DAY_KEY)}`, ...b.partials].join(', ')}`,
    from,
    `GROUP BY ${[...keyColumns, ...unitCols, dayCol].join(', ')}`,
  ].join('\n');
  const ids = (query.groupBy ?? []).map((id) => `d.${alias(id)}`);
  const select = [...ids.map((k) => `${k} AS ${k.slice(2)}`), ...finals];
  return [
    `SELECT ${select.join(', ')}`,
    `FROM (${step1}) d`,
    ...(ids.length ? [`GROUP BY ${ids.join(', ')}`] : []),
  ].join('\n');
}
