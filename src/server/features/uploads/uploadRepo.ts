import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { RowError } from './rowValidator.js';

export type RunStatus = 'running' | 'loaded' | 'rejected' | 'refused' | 'failed';

export interface RunSummary {
  id: number;
  user_name: string;
  file_name: string;
  status: string;
  rows_ok: number;
  rows_failed: number;
  message: string;
  started_at: string;
  finished_at: string | null;
}

export interface SliceRow {
  slice: Record<string, string | number>;
  rows: number;
  updated_at: string;
  run_id: number | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Upload history and loaded slices in the store; every read and write is scoped to one group. */
export class UploadRepo {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async start(groupId: number, userId: number, key: string, fileName: string): Promise<number> {
    const user = await this.db
      .selectFrom('users')
      .select('user_name')
      .where('id', '=', userId)
      .executeTakeFirst();
    const row = await this.db
      .insertInto('upload_runs')
      .values({
        group_id: groupId,
        user_id: userId,
        user_name: user?.user_name ?? String(userId),
        upload_key: key,
        file_name: fileName.slice(0, 255),
        status: 'running',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async finish(
    runId: number,
    outcome: { status: RunStatus; rowsOk: number; rowsFailed: number; message: string; errors?: RowError[] },
  ): Promise<void> {
    await this.db
      .updateTable('upload_runs')
      .set({
        status: outcome.status,
        rows_ok: outcome.rowsOk,
        rows_failed: outcome.rowsFailed,
        message: outcome.message,
        errors: JSON.stringify(outcome.errors ?? []),
        finished_at: new Date(),
      })
      .where('id', '=', runId)
      .execute();
  }

  /** Rows staged so far, for a client polling the history while its upload runs. */
  async progress(runId: number, rowsOk: number): Promise<void> {
    await this.db.updateTable('upload_runs').set({ rows_ok: rowsOk }).where('id', '=', runId).execute();
  }

  /** Records the slices a load replaced, in one store transaction. */
  async saveSlices(
    groupId: number,
    key: string,
    runId: number,
    slices: Iterable<{ slice: Record<string, string | number>; rows: number }>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const { slice, rows } of slices) {
        const values = {
          group_id: groupId,
          upload_key: key,
          slice_key: sliceKey(slice),
          slice: JSON.stringify(slice),
          rows,
          run_id: runId,
          updated_at: new Date(),
        };
        await trx
          .insertInto('upload_slices')
          .values(values)
          .onConflict((oc) =>
            oc.columns(['group_id', 'upload_key', 'slice_key']).doUpdateSet({
              slice: values.slice,
              rows,
              run_id: runId,
              updated_at: values.updated_at,
            }),
          )
          .execute();
      }
    });
  }

  async hasSlice(groupId: number, key: string, slice: Record<string, string | number>): Promise<boolean> {
    const row = await this.db
      .selectFrom('upload_slices')
      .select('rows')
      .where('group_id', '=', groupId)
      .where('upload_key', '=', key)
      .where('slice_key', '=', sliceKey(slice))
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteSlice(groupId: number, key: string, slice: Record<string, string | number>): Promise<boolean> {
    const result = await this.db
      .deleteFrom('upload_slices')
      .where('group_id', '=', groupId)
      .where('upload_key', '=', key)
      .where('slice_key', '=', sliceKey(slice))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async runs(groupId: number, key: string, limit: number, offset: number): Promise<RunSummary[]> {
    const rows = await this.db
      .selectFrom('upload_runs')
      .select([
        'id',
        'user_name',
        'file_name',
        'status',
        'rows_ok',
        'rows_failed',
        'message',
        'started_at',
        'finished_at',
      ])
      .where('group_id', '=', groupId)
      .where('upload_key', '=', key)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({ ...r, started_at: iso(r.started_at)!, finished_at: iso(r.finished_at) }));
  }

  async run(
    groupId: number,
    key: string,
    runId: number,
  ): Promise<(RunSummary & { errors: RowError[] }) | null> {
    const row = await this.db
      .selectFrom('upload_runs')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('upload_key', '=', key)
      .where('id', '=', runId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      user_name: row.user_name,
      file_name: row.file_name,
      status: row.status,
      rows_ok: row.rows_ok,
      rows_failed: row.rows_failed,
      message: row.message,
      started_at: iso(row.started_at)!,
      finished_at: iso(row.finished_at),
      errors: row.errors as RowError[],
    };
  }

  async slices(groupId: number, key: string, limit: number, offset: number): Promise<SliceRow[]> {
    const rows = await this.db
      .selectFrom('upload_slices')
      .select(['slice', 'rows', 'updated_at', 'run_id'])
      .where('group_id', '=', groupId)
      .where('upload_key', '=', key)
      .orderBy('updated_at', 'desc')
      .orderBy('slice_key')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({ ...r, updated_at: iso(r.updated_at)! }));
  }

  /** Runs a killed server left 'running': nothing of them was loaded (the swap is one transaction). */
  async failInterrupted(message: string): Promise<number> {
    const result = await this.db
      .updateTable('upload_runs')
      .set({ status: 'failed', message, finished_at: new Date() })
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

/** Canonical text of a slice (keys sorted), its identity in the store. */
export function sliceKey(slice: Record<string, string | number>): string {
  return JSON.stringify(
    Object.keys(slice)
      .sort()
      .map((k) => [k, slice[k]]),
  );
}
