import { sql } from 'kysely';
import type { Db } from './entityRepo.js';

export type Claim = 'claimed' | 'stale' | 'missing';

/**
 * Optimistic concurrency for entities whose write spans several tables (a user with mappings, a
 * role with activities): moves the row's `updated_at` only when it still carries `readAt`, before
 * anything else is written in the transaction. A concurrent writer waits on the row lock and then
 * finds the new value: stale.
 */
export async function claimVersion(
  db: Db,
  table: 'users' | 'roles',
  id: number,
  readAt: Date,
): Promise<Claim> {
  // The two tables share the columns used here; Kysely types one of them.
  const t = table as 'users';
  const row = await db
    .updateTable(t)
    .set({ updated_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    // Dates carry milliseconds, timestamptz microseconds: compare at the precision the client holds.
    .where(sql<Date>`date_trunc('milliseconds', updated_at)`, '=', readAt)
    .returning('id')
    .executeTakeFirst();
  if (row) return 'claimed';
  const exists = await db.selectFrom(t).select('id').where('id', '=', id).executeTakeFirst();
  return exists ? 'stale' : 'missing';
}
