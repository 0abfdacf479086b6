import type {
  DatasetConfig,
  DimensionNode,
  MeasureCondition,
  MeasureNode,
  ValueFormat,
} from '../../../shared/config.gen.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import type { SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';

/** The measure node of one kind (ColumnAggregateMeasure covers five kinds: narrowed to one). */
export type MeasureOf<K extends MeasureNode['kind']> = MeasureNode & { kind: K };

/** What a kind's SQL may use: the dataset, the bind values, and the SQL of the measures it names. */
export interface MeasureSqlContext {
  ds: DatasetIndex;
  p: SqlParams;
  /** SQL of another measure of the dataset (a ratio's parts), one nesting level deeper. */
  measure: (id: string) => string;
}

/**
 * The two-step day-share plan (query/dayShareAggregate.ts) as a kind sees it: first-step partial
 * aggregates over the fact rows `f`, and references to the first step's rows `d`.
 */
export interface DayShareParts {
  readonly p: SqlParams;
  /** The dataset (a condition's look-up bound reads its dimensions). */
  readonly ds: DatasetIndex;
  /** Fact columns of the unit the day share is computed per. */
  readonly unit: readonly string[];
  /** True when each first-step row is one unit (the grain is unit + day), else one (unit, day). */
  readonly perUnit: boolean;
  /** Alias of a first-step partial, added on first use; equal keys share one partial. */
  partial(key: string, sql: () => string): string;
  /** Alias of the partial counting the fact rows that meet a condition. */
  countWhere(where: NonNullable<MeasureOf<'countIf'>['where']>): string;
  /** The final sum of a count partial (BIGINT, 0 over no rows). */
  sumOf(partialAlias: string): string;
  /** Distinct days of the group. */
  days(): string;
  /** Units of the group, over per-unit rows (`perUnit`). */
  units(): string;
  /** `d."__unitN"`: the unit's n-th column on a first-step row. */
  unitRef(i: number): string;
  /** `d."__day"`: the day of a per (unit, day) first-step row. */
  dayRef(): string;
  /** Final expression of another measure (a ratio's parts). */
  measure(id: string): string;
}

/** What a kind's joined relation may use: the dataset, the bind values, the tenant and the days read. */
export interface MeasureJoinContext {
  ds: DatasetIndex;
  p: SqlParams;
  /** The query's bound tenant (group id), e.g. `$1`. */
  tenant: string;
  /** First and last day of the fact rows the query reads (YYYY-MM-DD), null when open. */
  startDate: string | null;
  endDate: string | null;
}

/** A relation LEFT JOINed to the fact rows `f`, whose columns a kind's SQL reads by its alias. */
export interface MeasureJoin {
  /** Alias of the relation; measures asking for the same alias share one join. */
  alias: string;
  /** `LEFT JOIN ... alias ON ...`, built once per alias. */
  sql(ctx: MeasureJoinContext): string;
  /** Makes what it joins exist in the warehouse (a table built on first use), before the query runs. */
  prepare?(wh: Warehouse): Promise<void>;
}

/** What a drill part's SQL may use: the measure context, and the selection's distinct days. */
export interface DrillSqlContext extends MeasureSqlContext {
  /** Distinct dates of the fact rows under the drill's filters (a day share's divisor). */
  days: string;
}

/** One figure of a drill row: an aggregate over the row's fact rows. */
export interface DrillPart {
  id: string;
  label: string;
  format: ValueFormat;
  sql(ctx: DrillSqlContext): string;
}

/**
 * The rows behind a tile of this measure (GET /insights/drill): fact rows grouped per drill row,
 * each with `parts`, which make the tile by `combine` over all rows: 'sum' of the first part,
 * 'ratio' first x scale / second (sums of each), 'min' or 'max' of the first.
 */
export interface MeasureDrill {
  parts: DrillPart[];
  combine: 'sum' | 'ratio' | 'min' | 'max';
  scale?: number;
  /** Fact columns a row stands for instead of the dataset's drill rows (a distinct count's values). */
  unit?: string[];
  /** What the tile counts, when not fact rows: 'distinct' values of the unit, or 'days'. */
  counts?: 'facts' | 'distinct' | 'days';
  /** The fact rows the tile reads, any of (absent: every row); shown as a removable condition. */
  where?: { label: string; condition: MeasureCondition }[];
  /** Relations its parts read beside the fact rows (lost sales' listing-day table). */
  joins?: MeasureJoin[];
  /** A ratio over the days both its sources have: the rows are read over those days only. */
  commonDays?: MeasureOf<'ratio'>;
}

/** What a kind's drill may look up: the dataset and another measure's drill (a ratio's parts). */
export interface MeasureDrillContext {
  ds: DatasetIndex;
  drillOf(id: string): MeasureDrill | { reason: string };
}

/** What a kind's config check may use; `add` takes the path below `/measures/<i>`. */
export interface MeasureCheckContext {
  ds: DatasetConfig;
  measure(id: string): MeasureNode | undefined;
  dimension(id: string): DimensionNode | undefined;
  /** Kinds a share of total may sum across rows, in registry order. */
  additiveKinds: readonly string[];
  add(path: readonly (string | number)[], message: string): void;
}

/**
 * Everything the engine knows about one measure kind, in one object (Cube's BaseMeasure is the
 * model): adding a kind is one file plus its line in measureKinds.ts and its schema.
 */
export interface MeasureKind<M extends MeasureNode> {
  kind: M['kind'];
  /** A share of total may sum it across grouped rows. */
  additive: boolean;
  /** SQL aggregate over the fact rows aliased `f`; one text for DuckDB and PostgreSQL. */
  sql(m: M, ctx: MeasureSqlContext): string;
  /** Ids of the measures it is built from (checked for existence and nesting by its own check). */
  uses?(m: M): string[];
  /** How it decomposes into the day-share plan; absent = queries with it take the one-step plan. */
  dayShare?: {
    final(m: M, parts: DayShareParts): string;
    /** Fact columns it counts distinct: the plan holds only when they are the unit or the day. */
    distinctColumns?(m: M): string[];
    /** The unit (fact columns) it computes a day share per. */
    entity?(m: M, ds: DatasetIndex): string[];
  };
  /**
   * A per-row figure it reads from a relation beside the fact rows (lost sales: a listing-day's
   * baseline from other days and tables); the one-step plan joins it, rollups never answer it.
   */
  join?(m: M, ds: DatasetIndex): MeasureJoin;
  /** How its tiles list the rows behind them, or why they cannot (shown on the tile's hover). */
  drill?(m: M, ctx: MeasureDrillContext): MeasureDrill | { reason: string };
  /** Cross-references only this kind has (the schema checked the shape). */
  check?(m: M, ctx: MeasureCheckContext): void;
}
