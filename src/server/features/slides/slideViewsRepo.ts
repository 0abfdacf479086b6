import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { SlideViewConfig } from '../../../shared/config.gen.js';
import './slideViewsTable.js';

type Db = Kysely<StoreDatabase>;

export interface SlideViewRecord {
  id: number;
  screen: string;
  name: string;
  view: SlideViewConfig;
  createdBy: number | null;
  updatedAt: string;
}

interface Row {
  id: number;
  screen: string;
  name: string;
  doc: string;
  created_by: number | null;
  updated_at: Date | string;
}

const toRecord = (r: Row): SlideViewRecord => ({
  id: r.id,
  screen: r.screen,
  name: r.name,
  view: JSON.parse(r.doc) as SlideViewConfig,
  createdBy: r.created_by,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const COLUMNS = ['id', 'screen', 'name', 'doc', 'created_by', 'updated_at'] as const;

/** One page of a group's decks on a slide screen, newest first, with the total. */
export async function listSlideViews(
  db: Db,
  groupId: number,
  screen: string,
  page: { offset: number; limit: number; onlyId?: number },
): Promise<{ rows: SlideViewRecord[]; total: number }> {
  let base = db.selectFrom('slide_views').where('group_id', '=', groupId).where('screen', '=', screen);
  if (page.onlyId !== undefined) base = base.where('id', '=', page.onlyId);
  const [rows, count] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRecord), total: Number(count.n) };
}

/** A deck of the group, or undefined (another group's id is as unknown as a missing one). */
export async function findSlideView(
  db: Db,
  groupId: number,
  id: number,
): Promise<SlideViewRecord | undefined> {
  const row = await db
    .selectFrom('slide_views')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function nameTaken(db: Db, groupId: number, screen: string, name: string, exceptId?: number) {
  let q = db
    .selectFrom('slide_views')
    .select('id')
    .where('group_id', '=', groupId)
    .where('screen', '=', screen)
    .where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertSlideView(
  db: Db,
  input: { groupId: number; userId: number; screen: string; name: string; view: SlideViewConfig },
): Promise<number> {
  const row = await db
    .insertInto('slide_views')
    .values({
      group_id: input.groupId,
      screen: input.screen,
      name: input.name,
      doc: JSON.stringify(input.view),
      created_by: input.userId,
      updated_by: input.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSlideView(
  db: Db,
  input: { id: number; groupId: number; userId: number; name: string; view: SlideViewConfig },
): Promise<boolean> {
  const result = await db
    .updateTable('slide_views')
    .set({
      name: input.name,
      doc: JSON.stringify(input.view),
      updated_by: input.userId,
      updated_at: new Date(),
    })
    .where('id', '=', input.id)
    .where('group_id', '=', input.groupId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSlideView(db: Db, groupId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('slide_views')
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
