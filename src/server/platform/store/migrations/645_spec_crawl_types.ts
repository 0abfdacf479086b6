import { sql, type Kysely } from 'kysely';

/**
 * The group forms offered crawl types 1 "Daily" and 2 "Weekly", which the spec does not have (§9
 * "Crawling types": 0 Default, 3 Custom, 4 Scheduled, 5 Live Tracking). A group's list keeps its
 * spec ids; one left with none takes Default, so the edit form (which requires one) opens valid.
 * The ids are written out: this migration fixes what the forms wrote when it was written.
 */
const SPEC_IDS = ['0', '3', '4', '5'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const spec = sql.join(SPEC_IDS);
  await sql`
    UPDATE groups g SET crawl_types = COALESCE(
      (SELECT jsonb_agg(DISTINCT e::int) FROM jsonb_array_elements_text(g.crawl_types) e
        WHERE e IN (${spec})),
      '[0]'::jsonb)
     WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.crawl_types) e WHERE e NOT IN (${spec}))`.execute(
    db,
  );
}

/** The dropped ids are not given back: they meant nothing the spec names. */
export function down(): Promise<void> {
  return Promise.resolve();
}
