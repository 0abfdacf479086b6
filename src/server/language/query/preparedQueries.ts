import type { ScreenQuery } from '../../../shared/config.gen.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { compileDatasetQuery, compileTarget } from './compileDatasetQuery.js';
import type { DataRequest, QueryContext } from './dataRequest.js';
import type { CompiledSql } from '../../platform/warehouse/sql/sqlBuilder.js';

/** A data call's parsed request and the page SQL compiled from it. */
export interface PreparedQuery {
  request: DataRequest;
  page: Readonly<CompiledSql>;
}

interface Entry extends PreparedQuery {
  dataset: DatasetIndex;
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
    let entries = this.byQuery.get(ctx.query);
    if (!entries) this.byQuery.set(ctx.query, (entries = new Map<string, Entry>()));
    const key = `${groupId}?${queryString}`;
    const hit = entries.get(key);
    if (hit?.dataset === ctx.dataset) return hit;
    const request = parse();
    const page = compileDatasetQuery({
      dataset: ctx.dataset,
      query: ctx.query,
      request,
      groupId,
      ...compileTarget(this.warehouse, ctx.dataset),
      mode: 'page',
    });
    Object.freeze(page.params);
    const entry: Entry = { request, page: Object.freeze(page), dataset: ctx.dataset };
    if (!hit && entries.size >= MAX_PER_QUERY) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    return entry;
  }
}
