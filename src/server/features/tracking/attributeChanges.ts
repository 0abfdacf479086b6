import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';

/**
 * Change detection (docs/crawl.md): for each entity (a listing, a category on a channel) the days on
 * which an attribute differs from the entity's previous crawl day, with the value before and after.
 * One window-function query on either engine; the caller names the table, the entity keys and the
 * attributes (SQL expressions from code, never from a request).
 */
export interface ChangeSpec {
  table: string;
  keys: readonly string[];
  attributes: readonly { label: string; expr: string }[];
  /** Aggregate the rows of an entity's day (expressions are then aggregates). */
  grouped?: boolean;
}

export interface ChangeScope {
  groupId: number;
  /** The first day a change may fall on; the day before it is read for the "before" value. */
  from: string;
  to: string;
  /** Only entities whose key column holds one of these values. */
  where: Readonly<Record<string, readonly number[]>>;
}

export interface ChangeRow {
  keys: Record<string, number>;
  date: string;
  attribute: string;
  before: number;
  after: number;
}

const DAY_MS = 86_400_000;
export const dayBefore = (d: string, n = 1) =>
  new Date(Date.parse(d) - n * DAY_MS).toISOString().slice(0, 10);
export const isoDay = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);

/** Every change in the scope, and every entity seen in it (changed or not). */
export async function attributeChanges(
  warehouse: Warehouse,
  spec: ChangeSpec,
  scope: ChangeScope,
): Promise<{ changes: ChangeRow[]; entities: Record<string, number>[] }> {
  const keys = spec.keys.map(ident);
  const params: unknown[] = [scope.groupId, dayBefore(scope.from), scope.to];
  const filters = Object.entries(scope.where)
    .filter(([, values]) => values.length)
    .map(([column, values]) => {
      const marks = values.map((v) => {
        params.push(v);
        return `$${params.length}`;
      });
      return ` AND f.${ident(column)} IN (${marks.join(', ')})`;
    })
    .join('');
  const values = spec.attributes.map((a, i) => `${a.expr} AS a${i}`).join(', ');
  const lags = spec.attributes
    .map((_, i) => `LAG(a${i}) OVER (PARTITION BY ${keys.join(', ')} ORDER BY crawl_date) AS p${i}`)
    .join(', ');
  const picks = spec.attributes
    .map(
      (_, i) => `SELECT ${keys.join(', ')}, crawl_date, ${i} AS attr,
        CAST(p${i} AS DOUBLE PRECISION) AS before_value, CAST(a${i} AS DOUBLE PRECISION) AS after_value
        FROM l WHERE p${i} IS NOT NULL AND p${i} <> a${i} AND crawl_date >= CAST($${params.length + 1} AS DATE)`,
    )
    .join('\nUNION ALL\n');
  params.push(scope.from);
  const d = `SELECT ${keys.map((k) => `f.${k}`).join(', ')}, f.crawl_date, ${values}
      FROM ${ident(spec.table)} f
     WHERE f.group_id = $1 AND f.crawl_date >= CAST($2 AS DATE) AND f.crawl_date <= CAST($3 AS DATE)${filters}
     ${spec.grouped ? `GROUP BY ${keys.map((k) => `f.${k}`).join(', ')}, f.crawl_date` : ''}`;
  const rows = await warehouse.query<Record<string, unknown>>(
    `WITH d AS (${d}), l AS (SELECT d.*, ${lags} FROM d) ${picks}`,
    params,
  );
  const entities = await warehouse.query<Record<string, unknown>>(
    `WITH d AS (${d}) SELECT DISTINCT ${keys.join(', ')} FROM d WHERE crawl_date >= CAST($${params.length} AS DATE)`,
    params,
  );
  const keyOf = (r: Record<string, unknown>) => Object.fromEntries(spec.keys.map((k) => [k, Number(r[k])]));
  return {
    changes: rows.map((r) => ({
      keys: keyOf(r),
      date: isoDay(r.crawl_date),
      attribute: spec.attributes[Number(r.attr)]!.label,
      before: Number(r.before_value),
      after: Number(r.after_value),
    })),
    entities: entities.map(keyOf),
  };
}
