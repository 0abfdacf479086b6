import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { PLATFORM_ACTION_REFUSED } from '../../../shared/admin/adminActivities.js';
import { checkModelSchema } from '../../../shared/crawl/modelSchemaRules.js';
import { requirePlatformStaff } from '../../access/auth/requirePlatformStaff.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { CrawlRepo, type ChannelProfileRow } from './crawlRepo.js';
import { checkCrawlSettings } from './checkCrawlSettings.js';
import { parseCrawlSettings } from './crawlSettings.js';
import { maskProxy, openProxy } from './proxySecrets.js';
import { parseSamples, samplesSummary, trySamplePages } from './trySamplePages.js';
import { channelBody, profileSaveBody, sampleSaveBody, type ProfileSave } from './channelProfileSchemas.js';
import { objectAnswer } from './crawlRouteSchemas.js';
import { profileFormValues } from './profileFormValues.js';
import { gridRowsQuery } from '../../platform/http/schemaKit.js';

const MAX_SAMPLES = 10;

/** Where a site is: an http(s) origin, else a 400. */
function origin(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BadRequestError('Base URL must be an http(s) address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new BadRequestError('Base URL must be an http(s) address.');
  return url;
}

/**
 * Cursor paging (crawlSettings.ts `paging`) reads a JSON answer and starts each listing at its
 * first page: a profile that declares it otherwise is a 400, not a crawl that pages wrong.
 */
function checkPagingFits(b: ProfileSave): void {
  if (parseCrawlSettings(b.crawl_settings).paging.mode !== 'cursor') return;
  if (b.response_type !== 'JSON')
    throw new BadRequestError(
      'Cursor paging reads the cursor from a JSON answer: the response type must be JSON.',
    );
  if (!b.listing_schema_id) throw new BadRequestError('Cursor paging needs a listing schema.');
  for (const t of [b.search_url_template, b.display_url_template])
    if (t?.includes('{page}'))
      throw new BadRequestError(
        'With cursor paging a listing starts at its first page: search and display URL templates take no {page}.',
      );
}

/** What the audit keeps of a profile: its settings with proxies as host and port only. */
function audited(row: Pick<ChannelProfileRow, 'group_id' | 'crawl_settings'> & Record<string, unknown>) {
  const { sample_page: _s, sample_pages: _p, ...rest } = row;
  const settings = JSON.parse(row.crawl_settings || '{}') as { proxies?: string[] };
  const proxies = parseCrawlSettings(row.crawl_settings).proxies.map((p) => {
    try {
      return maskProxy(openProxy(p, row.group_id));
    } catch {
      return 'sealed';
    }
  });
  return { ...rest, crawl_settings: { ...settings, proxies } };
}

/**
 * A new marketplace without code (docs/crawl.md "Add a marketplace"): platform staff save a
 * group's channel profile whole (pages, location call, walls, render mode, politeness, proxies,
 * cities) pointing at that group's model schemas, save the site's sample pages with it, and try the
 * profile on them before its first crawl. The caller's group only; staff only (a group admin is
 * refused and audited); each write audited, proxies sealed (proxySecrets.ts).
 */
export function registerChannelProfileRoutes(app: FastifyInstance): void {
  const db = app.deps.store.db;
  const repo = new CrawlRepo(db);
  const staffOnly = (request: FastifyRequest, asked: Record<string, unknown>) =>
    requirePlatformStaff(db, request, {
      message: PLATFORM_ACTION_REFUSED.channelProfile,
      entity: 'channelProfile',
      asked,
    });

  app.post<{ Body: ProfileSave }>(
    '/channelprofile/save',
    {
      schema: {
        summary: "Save a group's channel profile whole (platform staff)",
        body: profileSaveBody,
        response: objectAnswer,
      },
    },
    async (request) => {
      const b = request.body;
      const auth = await staffOnly(request, { channel_id: b.channel_id });
      const groupId = auth.groupId;
      const [channel] = await app.deps.warehouse.query<{ channel_id: number }>(
        'SELECT channel_id FROM dim_channel WHERE channel_id = $1',
        [b.channel_id],
      );
      if (!channel) throw new BadRequestError(`Unknown channel ${b.channel_id}.`);
      const base = origin(b.base_url);
      if (!b.url_template.includes('{sku}')) throw new BadRequestError('URL Template must hold {sku}.');
      const hosts = (b.allowed_hosts ?? base.host)
        .split(',')
        .map((h) => h.trim())
        .filter((h) => h !== '');
      if (!hosts.includes(base.host))
        throw new BadRequestError(`Allowed hosts must include the base URL's host ${base.host}.`);
      for (const schemaId of [b.model_schema_id, b.listing_schema_id, b.bestseller_schema_id]) {
        // Another group's schema is as unknown as a missing one.
        if (schemaId !== undefined && !(await repo.schemaOf(groupId, schemaId)))
          throw new BadRequestError(`Model schema ${schemaId} is not one of this group's.`);
      }
      const before = await repo.profileOf(groupId, b.channel_id);
      const kept = before ? parseCrawlSettings(before.crawl_settings).proxies : [];
      const crawlSettings = checkCrawlSettings(b.crawl_settings ?? '{}', groupId, kept);
      checkPagingFits(b);
      const values = {
        channel_name: b.channel_name,
        response_type: b.response_type,
        platform: b.platform ?? (b.response_type === 'HTML' ? 'WEB' : 'MOBILE APP'),
        // A demo fixture profile stays one (seedCrawlSetup re-points it at each start's market).
        engine_type: before?.engine_type ?? 'config',
        base_url: base.origin,
        url_template: b.url_template,
        allowed_hosts: JSON.stringify(hosts),
        model_schema_id: b.model_schema_id,
        listing_schema_id: b.listing_schema_id ?? null,
        bestseller_schema_id: b.bestseller_schema_id ?? null,
        search_url_template: b.search_url_template ?? '',
        display_url_template: b.display_url_template ?? '',
        bestseller_url_template: b.bestseller_url_template ?? '',
        crawl_settings: crawlSettings,
        ...(b.concurrency === undefined ? {} : { concurrency: b.concurrency }),
        ...(b.requests_per_second === undefined ? {} : { requests_per_second: b.requests_per_second }),
        // A new address: the stored sample fetched from the old one is stale.
        ...(before && before.base_url !== base.origin ? { sample_page: '' } : {}),
      };
      const id = await db.transaction().execute(async (tx) => {
        const saved = await new CrawlRepo(tx).saveProfile(groupId, b.channel_id, values);
        await auditChange(tx, {
          actor: auth.userId,
          groupId,
          entity: 'channelProfile',
          entityId: saved,
          action: before ? 'channelProfile.updated' : 'channelProfile.created',
          before: before ? audited(before) : null,
          after: audited({ ...values, group_id: groupId, channel_id: b.channel_id }),
        });
        return saved;
      });
      return ok({ id, channel_id: b.channel_id }, 'Channel Profile Saved Successfully');
    },
  );

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/channelprofile/rows',
    {
      schema: {
        summary:
          "The group's channel profiles as the profile form edits them, proxies masked (platform staff)",
        querystring: gridRowsQuery,
        response: objectAnswer,
      },
    },
    async (request) => {
      const auth = await staffOnly(request, {});
      const { limit, offset } = request.query;
      const profiles = await repo.profiles(auth.groupId);
      return ok({
        rows: profiles.slice(offset, offset + limit).map(profileFormValues),
        total: profiles.length,
      });
    },
  );

  const profileOrNotFound = async (groupId: number, channelId: number) => {
    const profile = await repo.profileOf(groupId, channelId);
    if (!profile) throw new NotFoundError('No channel profile for this channel');
    return profile;
  };

  app.post<{ Body: { channel_id: number; name: string; status?: number; page: string } }>(
    '/channelprofile/sample',
    {
      schema: {
        summary: 'Save a sample page of a channel (platform staff)',
        body: sampleSaveBody,
        response: objectAnswer,
      },
    },
    async (request) => {
      const { channel_id: channelId, name, status = 200, page } = request.body;
      const auth = await staffOnly(request, { channel_id: channelId, sample: name });
      const profile = await profileOrNotFound(auth.groupId, channelId);
      const samples = parseSamples(profile.sample_pages).filter((s) => s.name !== name);
      if (samples.length >= MAX_SAMPLES)
        throw new BadRequestError(`A channel keeps ${MAX_SAMPLES} sample pages at most.`);
      samples.push({ name, status, body: page });
      await db.transaction().execute(async (tx) => {
        await new CrawlRepo(tx).saveSamplePages(profile.id, JSON.stringify(samples));
        await auditChange(tx, {
          actor: auth.userId,
          groupId: auth.groupId,
          entity: 'channelProfile',
          entityId: profile.id,
          action: 'channelProfile.sample_saved',
          before: null,
          after: { name, status, bytes: Buffer.byteLength(page) },
        });
      });
      return ok({ channel_id: channelId, samples: samples.map((s) => s.name) }, 'Sample Page Saved');
    },
  );

  app.post<{ Body: { channel_id: number } }>(
    '/channelprofile/test',
    {
      schema: {
        summary: 'Try a channel profile on its saved sample pages (platform staff)',
        body: channelBody,
        response: objectAnswer,
      },
    },
    async (request) => {
      const auth = await staffOnly(request, { channel_id: request.body.channel_id });
      const profile = await profileOrNotFound(auth.groupId, request.body.channel_id);
      const schemaRow =
        profile.model_schema_id === null
          ? undefined
          : await repo.schemaOf(auth.groupId, profile.model_schema_id);
      if (!schemaRow) throw new BadRequestError('The channel profile has no model schema');
      const schema = checkModelSchema(schemaRow.schema_json);
      if (!schema.ok) throw new BadRequestError(`Model schema ${schemaRow.name}: ${schema.msg}`);
      const samples = trySamplePages(
        parseSamples(profile.sample_pages),
        profile.response_type,
        profile.crawl_settings,
        schema.schema.dataModel,
      );
      return ok({ channel_id: profile.channel_id, samples }, samplesSummary(samples));
    },
  );
}
