import { mkdirSync } from 'node:fs';
import { loadEnv } from '../../src/server/platform/settings/env.js';
import { startServer } from '../../src/server/startServer.js';
import { monitoringQueries } from '../bench/monitoringQueries.js';

/** A screen as the load run opens it: its data calls with their opening parameters. */
export interface LoadScreen {
  key: string;
  calls: { endpoint: string; params: Record<string, string>; paged: boolean }[];
}

export const analystName = (i: number): string =>
  `analyst-${String(i + 1).padStart(3, '0')}@load.shelfscope.test`;

/**
 * Builds the demo tenant in `dataDir` on first use (the same startServer as the product) and
 * gives it `analysts` more users of the demo group, each a copy of the demo user (same role,
 * password and accepted agreement), so every simulated analyst signs in as someone of their own:
 * the per-user-name login limit is per person. Returns the monitoring screens' opening calls.
 */
export async function prepareLoadData(dataDir: string, analysts: number): Promise<LoadScreen[]> {
  mkdirSync(dataDir, { recursive: true });
  const env = loadEnv({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    WAREHOUSE_URL: '',
  });
  const server = await startServer(env, { watchConfig: false, logger: false });
  try {
    const db = server.app.deps.store.db;
    const demo = await db
      .selectFrom('users')
      .selectAll()
      .where('user_name', '=', env.DEMO_USER)
      .executeTakeFirstOrThrow();
    const roles = await db
      .selectFrom('user_group_roles')
      .selectAll()
      .where('user_id', '=', demo.id)
      .execute();
    const agreements = await db
      .selectFrom('agreement_acceptances')
      .selectAll()
      .where('user_id', '=', demo.id)
      .execute();
    for (let i = 0; i < analysts; i++) {
      const name = analystName(i);
      if (await db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirst())
        continue;
      const { id: _id, ...copy } = demo;
      await db.transaction().execute(async (tx) => {
        const user = { ...copy, user_name: name };
        const { id } = await tx.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
        for (const { id: _role, ...r } of roles)
          await tx
            .insertInto('user_group_roles')
            .values({ ...r, user_id: id })
            .execute();
        for (const a of agreements)
          await tx
            .insertInto('agreement_acceptances')
            .values({ ...a, user_id: id })
            .execute();
      });
    }
    const [last] = await server.app.deps.warehouse.query<{ d: string }>(
      'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
      [1],
    );
    const byScreen = new Map<string, LoadScreen>();
    for (const q of monitoringQueries(server.app.deps.config.current(), String(last!.d))) {
      const screen = byScreen.get(q.screenKey) ?? { key: q.screenKey, calls: [] };
      screen.calls.push({ endpoint: q.endpoint, params: q.params, paged: Boolean(q.ctx.query.paged) });
      byScreen.set(q.screenKey, screen);
    }
    return [...byScreen.values()];
  } finally {
    await server.close();
  }
}
