import type { Kysely } from 'kysely';
import type { Store } from '../platform/store/store.js';
import { DEMO_CHANNELS } from './warehouse/places.js';
import type { FixtureMarket } from './fixtureMarket/startFixtureMarket.js';
import type { CrawlTables } from '../features/crawl/crawlTables.js';
import {
  CURSOR_PAGED,
  fixtureCrawlSettings,
  fixtureProductTemplate,
} from '../features/crawl/fixtureProfiles.js';
import {
  APP_BESTSELLER_SCHEMA,
  APP_LISTING_SCHEMA,
  APP_PRODUCT_SCHEMA,
  WEB_BESTSELLER_SCHEMA,
  WEB_LISTING_SCHEMA,
  WEB_PRODUCT_SCHEMA,
} from '../features/crawl/defaultModelSchemas.js';

const ENGINE = 'fixture-market';

/** Where a fixture channel's listing pages are (`{keyword}` / `{category}`, `{page}`; a scrolled channel's first page). */
function listingTemplates(channelId: number, isWeb: boolean) {
  if (CURSOR_PAGED.has(channelId))
    return {
      search_url_template: `/app/${channelId}/v1/search?q={keyword}`,
      display_url_template: `/app/${channelId}/v1/categories/{category}/products`,
    };
  return isWeb
    ? {
        search_url_template: `/web/${channelId}/s?k={keyword}&page={page}`,
        display_url_template: `/web/${channelId}/c/{category}?page={page}`,
      }
    : {
        search_url_template: `/app/${channelId}/v1/search?q={keyword}&page={page}`,
        display_url_template: `/app/${channelId}/v1/categories/{category}/products?page={page}`,
      };
}

/** Where a fixture channel's bestseller lists are (`{category}`, `{page}`). */
function bestsellerTemplate(channelId: number, isWeb: boolean): string {
  return isWeb
    ? `/web/${channelId}/gp/bestsellers/{category}?page={page}`
    : `/app/${channelId}/v1/categories/{category}/bestsellers?page={page}`;
}

/**
 * Demo mode: gives a group a web (HTML) and an app (JSON) product schema, the same for listing
 * pages (search results, category listings) and for bestseller lists, and a channel profile per
 * demo channel, pointing at
 * the fixture marketplace. Runs at every start: the market's port is new
 * each time, so the fixture profiles are re-pointed; profiles an admin made are left alone.
 */
export async function seedCrawlSetup(
  store: Store,
  groupId: number,
  market: FixtureMarket,
  channels = 5,
): Promise<void> {
  const db = store.db.withTables<CrawlTables>() as unknown as Kysely<CrawlTables>;
  const host = new URL(market.baseUrl).host;
  await db.transaction().execute(async (tx) => {
    const schemaId = async (name: string, responseType: string, schema: object) =>
      (
        await tx
          .insertInto('model_schemas')
          .values({
            group_id: groupId,
            name,
            crawl_type: 0,
            response_type: responseType,
            schema_json: JSON.stringify(schema, null, 2),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const existing = await tx
      .selectFrom('channel_profiles')
      .select('id')
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    if (existing) {
      await tx
        .updateTable('channel_profiles')
        .set({ base_url: market.baseUrl, allowed_hosts: JSON.stringify([host]) })
        .where('group_id', '=', groupId)
        .where('engine_type', '=', ENGINE)
        .execute();
      // Profiles from before the market chose cities by session (city in the URL) learn how it does.
      const legacy = await tx
        .selectFrom('channel_profiles')
        .select(['id', 'channel_id', 'response_type'])
        .where('group_id', '=', groupId)
        .where('engine_type', '=', ENGINE)
        .where('crawl_settings', '=', '{}')
        .execute();
      // A scrolled channel's profile from before its market paged only by cursor learns to scroll.
      const unscrolled = await tx
        .selectFrom('channel_profiles')
        .select(['id', 'channel_id', 'response_type', 'crawl_settings'])
        .where('group_id', '=', groupId)
        .where('engine_type', '=', ENGINE)
        .where('channel_id', 'in', [...CURSOR_PAGED])
        .execute();
      for (const p of unscrolled.filter(
        (u) => u.crawl_settings !== '{}' && !u.crawl_settings.includes('"paging"'),
      ))
        await tx
          .updateTable('channel_profiles')
          .set({
            ...listingTemplates(p.channel_id, false),
            crawl_settings: fixtureCrawlSettings(p.channel_id, p.response_type === 'HTML'),
          })
          .where('id', '=', p.id)
          .execute();
      for (const p of legacy) {
        const isWeb = p.response_type === 'HTML';
        await tx
          .updateTable('channel_profiles')
          .set({
            url_template: fixtureProductTemplate(p.channel_id, isWeb),
            crawl_settings: fixtureCrawlSettings(p.channel_id, isWeb),
          })
          .where('id', '=', p.id)
          .execute();
      }
    } else {
      const web = await schemaId('Product page (web)', 'HTML', WEB_PRODUCT_SCHEMA);
      const app = await schemaId('Product answer (app)', 'JSON', APP_PRODUCT_SCHEMA);
      for (const channel of DEMO_CHANNELS.slice(0, channels)) {
        const isWeb = channel.kind === 'Marketplace';
        await tx
          .insertInto('channel_profiles')
          .values({
            group_id: groupId,
            channel_id: channel.channelId,
            channel_name: channel.name,
            response_type: isWeb ? 'HTML' : 'JSON',
            platform: isWeb ? 'WEB' : 'MOBILE APP',
            engine_type: ENGINE,
            base_url: market.baseUrl,
            url_template: fixtureProductTemplate(channel.channelId, isWeb),
            crawl_settings: fixtureCrawlSettings(channel.channelId, isWeb),
            allowed_hosts: JSON.stringify([host]),
            model_schema_id: isWeb ? web : app,
          })
          .execute();
      }
    }
    // Fixture profiles without listing pages (just made, or from a store before listing crawls)
    // learn where they are and get the listing schemas.
    const bare = await tx
      .selectFrom('channel_profiles')
      .select(['id', 'channel_id', 'response_type'])
      .where('group_id', '=', groupId)
      .where('engine_type', '=', ENGINE)
      .where('listing_schema_id', 'is', null)
      .execute();
    if (bare.length > 0) {
      const listing = {
        HTML: await schemaId('Listing page (web)', 'HTML', WEB_LISTING_SCHEMA),
        JSON: await schemaId('Listing answer (app)', 'JSON', APP_LISTING_SCHEMA),
      };
      for (const p of bare) {
        const isWeb = p.response_type === 'HTML';
        await tx
          .updateTable('channel_profiles')
          .set({
            ...listingTemplates(p.channel_id, isWeb),
            listing_schema_id: listing[isWeb ? 'HTML' : 'JSON'],
          })
          .where('id', '=', p.id)
          .execute();
      }
    }
    // The same for bestseller lists (profiles from a store before migration 400 included).
    const noBestsellers = await tx
      .selectFrom('channel_profiles')
      .select(['id', 'channel_id', 'response_type'])
      .where('group_id', '=', groupId)
      .where('engine_type', '=', ENGINE)
      .where('bestseller_schema_id', 'is', null)
      .execute();
    if (noBestsellers.length === 0) return;
    const bestseller = {
      HTML: await schemaId('Bestseller page (web)', 'HTML', WEB_BESTSELLER_SCHEMA),
      JSON: await schemaId('Bestseller answer (app)', 'JSON', APP_BESTSELLER_SCHEMA),
    };
    for (const p of noBestsellers) {
      const isWeb = p.response_type === 'HTML';
      await tx
        .updateTable('channel_profiles')
        .set({
          bestseller_url_template: bestsellerTemplate(p.channel_id, isWeb),
          bestseller_schema_id: bestseller[isWeb ? 'HTML' : 'JSON'],
        })
        .where('id', '=', p.id)
        .execute();
    }
  });
}
