import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES, PLATFORM_ACTION_REFUSED } from '../../../shared/admin/adminActivities.js';
import { CRAWL_TYPES } from '../../../shared/crawl/crawlVocabulary.js';
import { checkModelSchema, MODEL_SCHEMA_MSG } from '../../../shared/crawl/modelSchemaRules.js';
import { requireAdminActivity } from '../../access/auth/guards.js';
import { requirePlatformStaff } from '../../access/auth/requirePlatformStaff.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { CrawlRepo } from './crawlRepo.js';
import { testModelSchema } from './testModelSchema.js';
import { requireFittingSources } from './schemaSources.js';
import { crawlOutbound } from './crawlOutbound.js';
import * as s from './crawlRouteSchemas.js';

const SCHEMAS = ADMIN_ACTIVITIES.modelSchemas.url;
const KNOWN_TYPES = new Set<number>(CRAWL_TYPES.map((t) => t.id));

/** The spec's checks, the crawl type, then the sources against the response type: nothing broken is saved. */
function checked(text: string, crawlType: number, responseType: string): string {
  const check = checkModelSchema(text);
  if (!check.ok) throw new BadRequestError(check.msg);
  if (!KNOWN_TYPES.has(crawlType)) throw new BadRequestError(MODEL_SCHEMA_MSG.invalidType);
  requireFittingSources(check.schema, responseType);
  return JSON.stringify(check.schema, null, 2);
}

/** Model schemas and channel profiles of the caller's group: list, insert, update, and a dry run. */
export function registerModelSchemaRoutes(app: FastifyInstance): void {
  const repo = new CrawlRepo(app.deps.store.db);

  app.get('/modelschemas/list', { schema: { response: s.listAnswer } }, async (request) => {
    const auth = requireAdminActivity(request, SCHEMAS);
    return ok(await repo.schemas(auth.groupId));
  });

  app.post<{ Body: { name: string; crawl_type: number; response_type: string; schema: string } }>(
    '/modelschemas/insert',
    { schema: { body: s.schemaInsertBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, SCHEMAS);
      const json = checked(request.body.schema, request.body.crawl_type, request.body.response_type);
      const id = await repo.insertSchema({
        groupId: auth.groupId,
        name: request.body.name,
        crawlType: request.body.crawl_type,
        responseType: request.body.response_type,
        json,
      });
      await auditChange(app.deps.store.db, {
        actor: auth.userId,
        groupId: auth.groupId,
        entity: 'modelSchema',
        entityId: id,
        action: 'modelSchema.inserted',
        before: null,
        after: {
          name: request.body.name,
          crawl_type: request.body.crawl_type,
          response_type: request.body.response_type,
          schema: json,
        },
      });
      return ok({ id }, MODEL_SCHEMA_MSG.inserted);
    },
  );

  app.put<{ Body: { id: number; name: string; crawl_type: number; schema: string } }>(
    '/modelschemas/update',
    { schema: { body: s.schemaUpdateBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, SCHEMAS);
      const before = await repo.schemaOf(auth.groupId, request.body.id);
      if (!before) throw new BadRequestError(MODEL_SCHEMA_MSG.updateFailed);
      const json = checked(request.body.schema, request.body.crawl_type, before.response_type);
      const updated = await repo.updateSchema(auth.groupId, request.body.id, {
        name: request.body.name,
        crawlType: request.body.crawl_type,
        json,
      });
      if (!updated) throw new BadRequestError(MODEL_SCHEMA_MSG.updateFailed);
      await auditChange(app.deps.store.db, {
        actor: auth.userId,
        groupId: auth.groupId,
        entity: 'modelSchema',
        entityId: before.id,
        action: 'modelSchema.updated',
        before: { name: before.name, crawl_type: before.crawl_type, schema: before.schema_json },
        after: { name: request.body.name, crawl_type: request.body.crawl_type, schema: json },
      });
      return ok({ id: request.body.id }, MODEL_SCHEMA_MSG.updated);
    },
  );

  app.post<{ Body: { channel_id: number; schema: string; response_type?: string } }>(
    '/modelschemas/test',
    { schema: { body: s.schemaTestBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, SCHEMAS);
      const check = checkModelSchema(request.body.schema);
      if (!check.ok) throw new BadRequestError(check.msg);
      const profile = await repo.profileOf(auth.groupId, request.body.channel_id);
      if (!profile) throw new BadRequestError('No channel profile for this channel');
      // The sample is parsed as the channel answers: a schema for the other kind cannot read it.
      const reads = request.body.response_type;
      if (reads && reads !== profile.response_type)
        throw new BadRequestError(
          `This schema reads ${reads} pages; the sample page of this channel is ${profile.response_type}.`,
          [{ path: 'channel_id', message: `The sample page of this channel is ${profile.response_type}.` }],
        );
      requireFittingSources(check.schema, profile.response_type);
      return ok(
        await testModelSchema(app.deps.warehouse, repo, profile, check.schema, crawlOutbound(app.deps)),
      );
    },
  );

  app.get('/channelprofile/list', { schema: { response: s.listAnswer } }, async (request) => {
    const auth = requireAdminActivity(request, SCHEMAS);
    const profiles = await repo.profiles(auth.groupId);
    return ok(profiles.map(({ sample_page: _sample, sample_pages: _samples, ...rest }) => rest));
  });

  // Politeness: how hard a crawl of the channel may press its site; the crawler's queue honours it.
  // The site is every group's (and the platform's standing with it), so the setting is the
  // channel's, platform staff's to change, written to every group's profile of the channel.
  app.put<{ Body: { channel_id: number; concurrency: number; requests_per_second: number } }>(
    '/channelprofile/politeness',
    { schema: { body: s.politenessBody, response: s.objectAnswer } },
    async (request) => {
      const { channel_id: channelId, concurrency, requests_per_second: requestsPerSecond } = request.body;
      const db = app.deps.store.db;
      const auth = await requirePlatformStaff(db, request, {
        message: PLATFORM_ACTION_REFUSED.politeness,
        entity: 'channelProfile',
        asked: { channel_id: channelId, concurrency, requests_per_second: requestsPerSecond },
      });
      const before = await repo.profilesOfChannel(channelId);
      if (before.length === 0) throw new NotFoundError('No channel profile for this channel');
      await db.transaction().execute(async (tx) => {
        await new CrawlRepo(tx).setPoliteness(channelId, { concurrency, requestsPerSecond });
        for (const profile of before)
          await auditChange(tx, {
            actor: auth.userId,
            groupId: profile.group_id,
            entity: 'channelProfile',
            entityId: profile.id,
            action: 'update',
            before: { concurrency: profile.concurrency, requests_per_second: profile.requests_per_second },
            after: { concurrency, requests_per_second: requestsPerSecond },
          });
      });
      return ok(
        {
          channel_id: channelId,
          concurrency,
          requests_per_second: requestsPerSecond,
          profiles: before.length,
        },
        'Channel Profile Updated Successfully',
      );
    },
  );
}
