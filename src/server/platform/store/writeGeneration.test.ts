import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pgliteDialect.js';
import { WriteGeneration } from './writeGeneration.js';

interface Db {
  notes: { id: number; text: string };
}

describe('WriteGeneration', () => {
  const writes = new WriteGeneration();
  let pglite: PGlite;
  let db: Kysely<Db>;

  beforeAll(async () => {
    pglite = await PGlite.create();
    db = new Kysely<Db>({ dialect: new PGliteDialect(pglite), plugins: [writes] });
    await sql`CREATE TABLE notes (id integer PRIMARY KEY, text text NOT NULL)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await pglite.close();
  });

  it('stays put on reads, built or raw', async () => {
    const before = writes.current();
    await db.selectFrom('notes').selectAll().execute();
    await sql`SELECT count(*) FROM notes`.execute(db);
    expect(writes.current()).toBe(before);
  });

  it('moves on insert, update and delete, once when sent and once when done', async () => {
    let g = writes.current();
    await db.insertInto('notes').values({ id: 1, text: 'a' }).execute();
    expect(writes.current()).toBe(g + 2);
    g = writes.current();
    await db.updateTable('notes').set({ text: 'b' }).where('id', '=', 1).execute();
    expect(writes.current()).toBe(g + 2);
    g = writes.current();
    await db.deleteFrom('notes').where('id', '=', 1).execute();
    expect(writes.current()).toBe(g + 2);
  });

  it('moves on raw statements that change data', async () => {
    const g = writes.current();
    await sql`INSERT INTO notes (id, text) VALUES (2, 'c')`.execute(db);
    await sql`  update notes SET text = 'd'`.execute(db);
    expect(writes.current()).toBe(g + 4);
  });

  it('has moved already while a write is still running', async () => {
    const g = writes.current();
    const pending = db.insertInto('notes').values({ id: 3, text: 'e' }).execute();
    expect(writes.current()).toBeGreaterThan(g);
    await pending;
  });
});
