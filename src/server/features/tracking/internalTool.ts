import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { FACT_DATE_COLUMN } from '../../platform/warehouse/schema/factTables.js';
import { isoDay } from './attributeChanges.js';

/**
 * internal-tools/internal-tool, the staff page (docs/crawl.md): what support staff check first when a
 * client says "my numbers look wrong" — how much of each fact table the group has and how fresh
 * it is, and what the suggestion index (the elastic trigger's) covers. Read-only, group-scoped.
 */
export async function factFreshness(warehouse: Warehouse, groupId: number) {
  const out = [];
  for (const [table, dateColumn] of Object.entries(FACT_DATE_COLUMN)) {
    const d = ident(dateColumn);
    const [r] = await warehouse.query<Record<string, unknown>>(
      `SELECT COUNT(*)::INTEGER AS rows_total, COUNT(DISTINCT ${d})::INTEGER AS days,
              MIN(${d}) AS first_date, MAX(${d}) AS last_date
         FROM ${ident(table)} WHERE group_id = $1`,
      [groupId],
    );
    const last = r?.last_date ? isoDay(r.last_date) : null;
    const [l] = last
      ? await warehouse.query<{ n: number }>(
          `SELECT COUNT(*)::INTEGER AS n FROM ${ident(table)} WHERE group_id = $1 AND ${d} = CAST($2 AS DATE)`,
          [groupId, last],
        )
      : [];
    out.push({
      id: table,
      fact_table: table,
      rows_total: Number(r?.rows_total ?? 0),
      days: Number(r?.days ?? 0),
      first_date: r?.first_date ? isoDay(r.first_date) : null,
      last_date: last,
      last_day_rows: Number(l?.n ?? 0),
    });
  }
  const latest = out
    .map((t) => t.last_date ?? '')
    .sort()
    .at(-1);
  return out.map((t) => ({
    ...t,
    status: t.rows_total === 0 ? 'Empty' : t.last_date === latest ? 'Fresh' : 'Behind',
  }));
}

/** The suggestion index of the group: each source and fact table, its window and entries. */
export async function suggestionIndexCoverage(warehouse: Warehouse, groupId: number) {
  const rows = await warehouse.query<Record<string, unknown>>(
    `SELECT source, fact_table, from_date, to_date, entries, run_id FROM suggestion_index_state
      WHERE group_id = $1 ORDER BY source, fact_table`,
    [groupId],
  );
  return rows.map((r) => ({
    id: `${String(r.source)}-${String(r.fact_table)}`,
    source: r.source,
    fact_table: r.fact_table,
    from_date: isoDay(r.from_date),
    to_date: isoDay(r.to_date),
    entries: Number(r.entries),
    run_id: Number(r.run_id),
  }));
}
