import type { Warehouse, WarehouseStatement } from '../../platform/warehouse/warehouse.js';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import { targetSignature, type IndexTarget } from './indexSources.js';
import { requireTenantKey, tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';

export interface IndexRequest {
  groupId: number;
  source: string;
  runId: number;
  /** Entries written per INSERT (the trigger's Limit). */
  batchLimit: number;
  /** Crawl days covered, back from the fact table's latest day (the trigger's Time Interval). */
  intervalDays: number;
}

export interface IndexOutcome {
  entries: number;
  batches: number;
  fromDate: string | null;
  toDate: string | null;
}

/** A rebuild that would take more statements than this is refused (raise the Limit). */
export const MAX_BATCHES = 2_000;

const DAY_MS = 86_400_000;
const isoDay = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(day) - n * DAY_MS).toISOString().slice(0, 10);

/** The keys on each crawl day of the window with their names: what a suggestion lookup matches. */
function entriesSql(t: IndexTarget): string {
  const l = t.lookup;
  const lookupKey = tenantKeyOf(l.table);
  const tenant = lookupKey ? ` AND l.${ident(lookupKey)} = $1` : '';
  return `SELECT DISTINCT f.d AS crawl_date, l.${ident(l.key)} AS entry_key, l.${ident(l.labelColumn)} AS name,
            l.${ident(l.searchColumn ?? l.labelColumn)} AS search_name
       FROM (SELECT DISTINCT ${ident(t.dateColumn)} AS d, ${ident(t.column)} AS k FROM ${ident(t.factTable)}
              WHERE ${ident(requireTenantKey(t.factTable))} = $1 AND ${ident(t.dateColumn)} >= CAST($2 AS DATE)
                AND ${ident(t.dateColumn)} <= CAST($3 AS DATE)) f
       JOIN ${ident(l.table)} l ON l.${ident(l.key)} = f.k${tenant}`;
}

/**
 * Rebuilds one source's index for a group: per fact table, the window of `intervalDays` crawl days
 * ending on its latest day, written `batchLimit` entries per INSERT ... SELECT (server side, ordered
 * so the batches partition the entries). Each table's old entries and window are replaced in one
 * transaction, so a lookup never reads a half-built index.
 */
export async function buildSuggestionIndex(
  warehouse: Warehouse,
  targets: readonly IndexTarget[],
  req: IndexRequest,
): Promise<IndexOutcome> {
  const outcome: IndexOutcome = { entries: 0, batches: 0, fromDate: null, toDate: null };
  for (const t of targets) {
    const [latest] = await warehouse.query<{ d: unknown }>(
      `SELECT MAX(${ident(t.dateColumn)}) AS d FROM ${ident(t.factTable)} WHERE ${ident(requireTenantKey(t.factTable))} = $1`,
      [req.groupId],
    );
    if (latest?.d == null) continue;
    const to = isoDay(latest.d);
    const from = daysBefore(to, req.intervalDays - 1);
    const window = [req.groupId, from, to];
    const [counted] = await warehouse.query<{ n: number }>(
      `SELECT COUNT(*)::INTEGER AS n FROM (${entriesSql(t)}) e`,
      window,
    );
    const n = Number(counted?.n ?? 0);
    const batches = Math.ceil(n / req.batchLimit);
    if (outcome.batches + batches > MAX_BATCHES)
      throw new Error(`${n} entries in batches of ${req.batchLimit} exceed ${MAX_BATCHES} batches`);
    const key = [req.groupId, req.source, t.factTable];
    const statements: WarehouseStatement[] = [
      {
        sql: 'DELETE FROM suggestion_index WHERE group_id = $1 AND source = $2 AND fact_table = $3',
        params: key,
      },
      {
        sql: 'DELETE FROM suggestion_index_state WHERE group_id = $1 AND source = $2 AND fact_table = $3',
        params: key,
      },
    ];
    for (let b = 0; b < batches; b++)
      statements.push({
        sql: `INSERT INTO suggestion_index (group_id, source, fact_table, crawl_date, entry_key, name, search_name)
              SELECT $1, $4, $5, e.crawl_date, e.entry_key, e.name, e.search_name FROM (${entriesSql(t)}) e
               ORDER BY e.crawl_date, e.entry_key, e.name, e.search_name LIMIT $6 OFFSET $7`,
        params: [...window, req.source, t.factTable, req.batchLimit, b * req.batchLimit],
      });
    statements.push({
      sql: `INSERT INTO suggestion_index_state (group_id, source, fact_table, target, from_date, to_date, entries, run_id)
            VALUES ($1, $2, $3, $4, CAST($5 AS DATE), CAST($6 AS DATE), $7, $8)`,
      params: [...key, targetSignature(t), from, to, n, req.runId],
    });
    await warehouse.transaction(statements);
    outcome.entries += n;
    outcome.batches += batches;
    outcome.fromDate = !outcome.fromDate || from < outcome.fromDate ? from : outcome.fromDate;
    outcome.toDate = !outcome.toDate || to > outcome.toDate ? to : outcome.toDate;
  }
  return outcome;
}
