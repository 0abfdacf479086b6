import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { requireAdminActivity } from '../../access/auth/guards.js';
import { answers } from '../../platform/http/schemaKit.js';
import { nextSendTimes, schedulePreview } from './schedulePreview.js';
import { searchGroupTags, taggableGroups } from './recipientGroups.js';
import { exportContext } from '../reports/exportContext.js';
import { acceptedFilters } from '../../language/query/dataRequest.js';

const ACTIVITY = ADMIN_ACTIVITIES.reportMailer.url;
/** Same words as a save with a bad timing (mailerRoutes' BAD_TIMING). */
const BAD_TIMING = 'Invalid cron expression or time zone';
/** How many upcoming sends the form previews. */
const PREVIEW_COUNT = 5;

const timingQuery = {
  type: 'object',
  required: ['cron', 'timeZone'],
  additionalProperties: false,
  properties: {
    cron: { type: 'string', maxLength: 200 },
    timeZone: { type: 'string', maxLength: 100 },
  },
} as const;
const tagQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    prefix: { type: 'string', maxLength: 100, default: '' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
  },
} as const;

const reportQuery = {
  type: 'object',
  required: ['reportType'],
  additionalProperties: false,
  properties: { reportType: { type: 'string', pattern: '^[a-zA-Z0-9_/-]{1,200}$' } },
} as const;

/** One filter a report declares, as the mailer's filter builder offers it. */
interface ReportFilter {
  field: string;
  label: string;
  /** The filter's own values where it lists them (stock status, promotion); else typed. */
  options?: { value: string; label: string }[];
}

/**
 * What the mailer form asks while it is filled in: the timing in words with the next send times
 * (spec "timing"), and the recipient tag searches in the style of search_user_tags — the caller's
 * group's active users by user name (their e-mail), nobody of another group — and
 * search_group_tags — the caller's groups (their session group and those where they run mailers).
 */
export function registerMailerFormRoutes(app: FastifyInstance): void {
  const db = app.deps.store.db;

  app.get<{ Querystring: { cron: string; timeZone: string } }>(
    '/report-mailers/timing',
    {
      schema: {
        summary: 'A mailer timing in words and its next send times',
        querystring: timingQuery,
        response: answers(),
      },
    },
    (request) => {
      requireAdminActivity(request, ACTIVITY);
      const { cron, timeZone } = request.query;
      try {
        return ok({
          timing: schedulePreview(cron, timeZone),
          next: nextSendTimes(cron, timeZone, PREVIEW_COUNT),
        });
      } catch {
        throw new BadRequestError(BAD_TIMING);
      }
    },
  );

  /** The filters the chosen report's screen declares (the ones a save accepts), in its order. */
  app.get<{ Querystring: { reportType: string } }>(
    '/report-mailers/report-filters',
    {
      schema: {
        summary: 'The filters a report type declares, for the mailer filter builder',
        querystring: reportQuery,
        response: answers(),
      },
    },
    (request) => {
      requireAdminActivity(request, ACTIVITY);
      const ctx = exportContext(app.deps.config.current(), request.query.reportType);
      const accepted = acceptedFilters(ctx);
      const filters: ReportFilter[] = [];
      for (const f of ctx.screen.filters ?? []) {
        if (!('field' in f) || !accepted.has(f.field)) continue;
        const options = 'options' in f && f.options?.length ? f.options : undefined;
        filters.push({
          field: f.field,
          label: 'label' in f && f.label ? f.label : f.field,
          ...(options ? { options: options.map((o) => ({ value: String(o.value), label: o.label })) } : {}),
        });
      }
      return ok(filters);
    },
  );

  app.get<{ Querystring: { prefix: string; limit: number } }>(
    '/report-mailers/recipient-tags',
    {
      schema: {
        summary: 'Users of the caller’s group for the recipients tag input (search_user_tags style)',
        querystring: tagQuery,
        response: answers(),
      },
    },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const like = `${request.query.prefix
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .selectFrom('users as u')
        .select(['u.id', 'u.user_name as name'])
        .where('u.status', '=', 'active')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_group_roles as m')
              .select('m.user_id')
              .whereRef('m.user_id', '=', 'u.id')
              .where('m.group_id', '=', auth.groupId),
          ),
        )
        .where(sql<boolean>`u.user_name like ${like}`)
        .orderBy('u.user_name')
        .limit(request.query.limit)
        .execute();
      return ok(rows);
    },
  );

  app.get<{ Querystring: { prefix: string; limit: number } }>(
    '/report-mailers/group-tags',
    {
      schema: {
        summary: 'The caller’s groups for the recipients tag input (search_group_tags style)',
        querystring: tagQuery,
        response: answers(),
      },
    },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const scope = await taggableGroups(db, auth.userId, auth.groupId);
      return ok(await searchGroupTags(db, scope, request.query.prefix, request.query.limit));
    },
  );
}
