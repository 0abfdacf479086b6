import type { Kysely } from 'kysely';
import type { Deps } from '../../platform/deps.js';
import type { CrawlTables } from './crawlTables.js';
import { configureProxyKey } from './proxySecrets.js';

/**
 * Sets the key proxy endpoints are sealed with (CRAWL_PROXY_KEY). A store whose profiles hold
 * sealed endpoints and a server without the key would crawl those channels direct or fail each
 * run: it refuses to start instead, saying which setting is missing.
 */
export async function configureProxySecrets(deps: Deps): Promise<void> {
  configureProxyKey(deps.env.CRAWL_PROXY_KEY);
  if (deps.env.CRAWL_PROXY_KEY !== '') return;
  const db = deps.store.db.withTables<CrawlTables>() as unknown as Kysely<CrawlTables>;
  const sealed = await db
    .selectFrom('channel_profiles')
    .select(['group_id', 'channel_id'])
    .where('crawl_settings', 'like', '%sealed:v1.%')
    .execute();
  if (sealed.length > 0)
    throw new Error(
      `CRAWL_PROXY_KEY is not set, yet ${sealed.length} channel profile(s) hold encrypted proxy endpoints ` +
        `(${sealed.map((p) => `group ${p.group_id} channel ${p.channel_id}`).join(', ')}): ` +
        'start with the CRAWL_PROXY_KEY they were saved with.',
    );
}
