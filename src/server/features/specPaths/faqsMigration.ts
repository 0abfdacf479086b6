import type { Kysely } from 'kysely';

/** The FAQ entries a new store starts with; staff edit them in the store afterwards. */
const SEEDED = [
  {
    question: 'How often is the data refreshed?',
    answer: 'Every channel is crawled daily; the header shows the time of the last crawl.',
  },
  {
    question: 'Why does a screen show no data?',
    answer: 'Check the date range and the filters; a channel your group does not track shows nothing.',
  },
  {
    question: 'How do I upload my own data?',
    answer: 'Open the screen that holds it, download its template, fill it in and upload it back.',
  },
  {
    question: 'Who can see my uploads and saved views?',
    answer: 'Only the users of your group; another group never sees them.',
  },
  {
    question: 'How do I share a screen?',
    answer: 'Use Share on the screen: the link opens that screen read-only until it expires.',
  },
];

/** The FAQ the spec's user/faqs/list answers, seeded with the current entries. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('faqs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('faqs' as never)
    .values(SEEDED.map((entry, i) => ({ position: i + 1, ...entry })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('faqs').execute();
}
