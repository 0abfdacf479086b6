import type { ScreenQuery } from '../../../shared/config.gen.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { compileDatasetQuery, screenCompileInput } from './compileDatasetQuery.js';
import { compileBothPeriods } from './bothPeriods.js';
import { distinctColumns } from './dayShareMeasures.js';
import type { DataRequest, QueryContext } from './dataRequest.js';
import type { CompiledSql } from '../../platform/warehouse/sql/sqlBuilder.js';

/** A data call's parsed request and the page SQL compiled from it. */
export interface PreparedQuery {
  request: DataRequest;
  page: Readonly<CompiledSql>;
}

interface Entry {
  dataset: DatasetIndex;
  prepared: PreparedQuery | null;
}

/** Query strings remembered per screen query; the oldest is dropped first. */
const MAX_PER_QUERY = 64;

/**
 * Parsed requests and compiled SQL of recent data calls, keyed by screen query, group and the
 * call's query string. Parsing and compiling are pure functions of these, and on the request
 * path they cost ~60 µs (the warehouse query before has evicted their code and data from the
 * CPU caches; a hot loop takes 10 µs): a screen reopened or a filter bar toggled back asks for
 * the same strings again. Only the SQL text is kept: every call still runs on the warehouse.
 * Entries of an old config snapshot are never served (the dataset index is compared) and go
 * with their ScreenQuery object.
 */
export class PreparedQueries {
  private readonly byQuery = new WeakMap<ScreenQuery, Map<string, Entry>>();

  constructor(private readonly warehouse: Pick<Warehouse, 'dialect' | 'rollups'>) {}

  /** `parse` runs on a miss; what it throws (a 400) is not remembered. */
  prepare(ctx: QueryContext, queryString: string, groupId: number, parse: () => DataRequest): PreparedQuery {
    return this.remember(ctx, `${groupId}?${queryString}`, () => {
      const request = parse();
      return { request, page: compileDatasetQuery(this.input(ctx, request, groupId)) };
    })!;
  }

  /**
   * A one-row call's request and the period just before it in one statement (bothPeriods.ts),
   * or null when one scan cannot answer both. `request` is the call's prepared request. Null on
   * PostgreSQL: it runs a statement on one core and plans some KPIs' two weeks far worse than one
   * (price/competitors/stats 1.7 s, against 0.37 s for the two periods' own statements side by
   * side on two connections: docs/bench.md, "Both periods on PostgreSQL"). DuckDB spreads one
   * statement over every core, and there the one scan saves the second's work, except for a
   * distinct count: grouped by period, DuckDB's COUNT(DISTINCT) took ~3x its ungrouped one
   * (visibility/data/stats, 21.8 against 6.7 ms; the two periods side by side 9.4 ms).
   */
  prepareBoth(
    ctx: QueryContext,
    queryString: string,
    groupId: number,
    request: DataRequest,
    previous: { start: string; end: string },
  ): PreparedQuery | null {
    if (this.warehouse.dialect === 'postgres' || countsDistinct(ctx)) return null;
    return this.remember(ctx, `${groupId}?${queryString}#both`, () => {
      const page = compileBothPeriods(this.input(ctx, request, groupId), previous);
      return page && { request, page };
    });
  }

  private input(ctx: QueryContext, request: DataRequest, groupId: number) {
    return screenCompileInput(this.warehouse, ctx, request, groupId, 'page');
  }

  private remember(ctx: QueryContext, key: string, build: () => PreparedQuery | null): PreparedQuery | null {
    let entries = this.byQuery.get(ctx.query);
    if (!entries) this.byQuery.set(ctx.query, (entries = new Map<string, Entry>()));
    const hit = entries.get(key);
    if (hit?.dataset === ctx.dataset) return hit.prepared;
    const built = build();
    if (built) Object.freeze(built.page.params);
    const prepared = built && { request: built.request, page: Object.freeze(built.page) };
    if (!hit && entries.size >= MAX_PER_QUERY) entries.delete(entries.keys().next().value!);
    entries.set(key, { prepared, dataset: ctx.dataset });
    return prepared;
  }
}

/** Whether a query counts some column distinct (directly or through the measures it is built from). */
function countsDistinct(ctx: QueryContext): boolean {
  return ctx.query.measures.some(
    (id) => distinctColumns(ctx.dataset, ctx.dataset.measures.get(id)!).length > 0,
  );
}
