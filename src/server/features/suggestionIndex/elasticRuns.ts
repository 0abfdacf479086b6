import { sql, type Kysely } from 'kysely';
import { PROCESS_STATUS, PROCESS_STATUS_NAMES } from '../../../shared/crawl/crawlVocabulary.js';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';

/** The store's elastic runs (migration 330), each read and written within its group. */
export interface ElasticRun {
  id: number;
  group_id: number;
  source: string;
  batch_limit: number;
  interval_days: number;
  status: number;
}

type Db = Kysely<StoreDatabase>;

export async function createElasticRun(
  db: Db,
  run: { groupId: number; source: string; limit: number; intervalDays: number; userId: number },
): Promise<ElasticRun> {
  const { rows } = await sql<ElasticRun>`
    INSERT INTO elastic_runs (group_id, source, batch_limit, interval_days, status, requested_by)
    VALUES (${run.groupId}, ${run.source}, ${run.limit}, ${run.intervalDays}, ${PROCESS_STATUS.waiting}, ${run.userId})
    RETURNING id, group_id, source, batch_limit, interval_days, status`.execute(db);
  return rows[0]!;
}

/** A run of this source that has not finished: a second one would rebuild the same index twice. */
export async function unfinishedRun(db: Db, groupId: number, source: string): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM elastic_runs WHERE group_id = ${groupId} AND source = ${source}
       AND status IN (${PROCESS_STATUS.waiting}, ${PROCESS_STATUS.inProgress}) LIMIT 1`.execute(db);
  return rows[0]?.id ?? null;
}

export async function elasticRunById(db: Db, id: number): Promise<ElasticRun | undefined> {
  const { rows } = await sql<ElasticRun>`
    SELECT id, group_id, source, batch_limit, interval_days, status FROM elastic_runs WHERE id = ${id}`.execute(
    db,
  );
  return rows[0];
}

export async function startElasticRun(db: Db, id: number): Promise<void> {
  await sql`UPDATE elastic_runs SET status = ${PROCESS_STATUS.inProgress}, started_at = now() WHERE id = ${id}`.execute(
    db,
  );
}

export async function finishElasticRun(
  db: Db,
  id: number,
  end: {
    status: number;
    message: string;
    entries?: number;
    batches?: number;
    from?: string | null;
    to?: string | null;
  },
): Promise<void> {
  await sql`
    UPDATE elastic_runs SET status = ${end.status}, message = ${end.message.slice(0, 500)},
           entries = ${end.entries ?? 0}, batches = ${end.batches ?? 0},
           from_date = ${end.from ?? null}, to_date = ${end.to ?? null}, finished_at = now()
     WHERE id = ${id}`.execute(db);
}

/** The process monitor's grid: the group's runs, newest first, one page. */
export async function elasticRunRows(db: Db, groupId: number, page: { limit: number; offset: number }) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT r.id, r.source, r.batch_limit, r.interval_days, r.status, r.from_date, r.to_date, r.entries,
           r.batches, r.message, r.created_at, r.started_at, r.finished_at, u.user_name AS requested_by
      FROM elastic_runs r LEFT JOIN users u ON u.id = r.requested_by
     WHERE r.group_id = ${groupId} ORDER BY r.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const { rows: counted } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM elastic_runs WHERE group_id = ${groupId}`.execute(db);
  const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
  return {
    rows: rows.map((r) => ({
      ...r,
      status_name: PROCESS_STATUS_NAMES[Number(r.status)] ?? String(r.status),
      created_at: iso(r.created_at),
      started_at: iso(r.started_at),
      finished_at: iso(r.finished_at),
    })),
    total: counted[0]?.n ?? 0,
  };
}
