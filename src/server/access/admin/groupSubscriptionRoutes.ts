import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { PLATFORM_ACTION_REFUSED } from '../../../shared/admin/adminActivities.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../../shared/errors.js';
import { idSchema } from '../../platform/http/ids.js';
import { CRAWL_TYPE_IDS } from '../../../shared/crawl/crawlVocabulary.js';
import { answers, gridRowsQuery, objectAnswer } from '../../platform/http/schemaKit.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { updateGroup, type GroupRow } from '../../platform/store/groupRepo.js';
import { GROUP_SUBSCRIPTION_FIELDS } from '../../language/entities/staffOnlyChanges.js';
import { channelChoices, refuseUnknownChannels } from '../../language/entities/channelChoices.js';
import { success } from '../auth/reply.js';
import type { AuthKit } from '../auth/kit.js';
import { requirePlatformStaff } from '../auth/requirePlatformStaff.js';

const idList = (minItems: number) =>
  ({ type: 'array', minItems, maxItems: 100, uniqueItems: true, items: idSchema }) as const;

/** What a subscription edit sends: the row's id and updated_at as read, and the five fields. */
const subscriptionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'updated_at', 'end_date', 'channels', 'crawl_types'],
  properties: {
    id: idSchema,
    updated_at: { type: 'string', maxLength: 40 },
    end_date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 },
    channels: idList(1),
    crawl_types: { ...idList(1), items: { type: 'integer', enum: CRAWL_TYPE_IDS } },
    schema_types: idList(0),
    operation_type: { type: 'integer', minimum: 0, maximum: 100 },
  },
} as const;

interface SubscriptionBody {
  id: number;
  updated_at: string;
  end_date: string;
  channels: number[];
  crawl_types: number[];
  schema_types?: number[];
  operation_type?: number;
}

type Subscription = Pick<GroupRow, (typeof GROUP_SUBSCRIPTION_FIELDS)[number]>;
const subscriptionOf = (row: GroupRow): Subscription =>
  Object.fromEntries(GROUP_SUBSCRIPTION_FIELDS.map((f) => [f, row[f]])) as Subscription;

/**
 * A group's subscription (end date, channels, crawl and schema types, operation type) is set by
 * platform staff, for any group (docs/principals.md): the Platform Settings screen lists every
 * group and edits one's subscription. A group admin edits the rest of their group and sees these
 * fields read-only. Staff only (403 and audited otherwise); each edit is audited in the group.
 */
/** The group a not-yet-validated body asks for (`id`), when it is one: kept in a refusal's audit entry. */
function askedGroup(request: FastifyRequest): { group_id: number } | undefined {
  const id = (request.body as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? { group_id: id } : undefined;
}

export function groupSubscriptionRoutes(kit: AuthKit): FastifyPluginCallback {
  const db = kit.deps.store.db;
  const staffOnly = (request: FastifyRequest, asked?: Record<string, unknown>) =>
    requirePlatformStaff(db, request, {
      message: PLATFORM_ACTION_REFUSED.subscription,
      entity: 'group',
      asked,
    });

  return (app, _opts, done) => {
    // The guard runs before input validation: anyone but staff gets 403 (audited), whatever they
    // send; the entry keeps the group asked for when the body names one as an id.
    const guard = {
      preValidation: async (request: FastifyRequest) => void (await staffOnly(request, askedGroup(request))),
    };
    app.get<{ Querystring: { limit: number; offset: number } }>(
      '/platform/groups',
      {
        schema: {
          summary: 'Every group with its subscription (platform staff only)',
          querystring: gridRowsQuery,
          response: objectAnswer,
        },
        ...guard,
      },
      async (request) => {
        const rows = await db
          .selectFrom('groups')
          .select(['id', 'group_name', 'status', 'updated_at', ...GROUP_SUBSCRIPTION_FIELDS])
          .orderBy('group_name')
          .orderBy('id')
          .limit(request.query.limit)
          .offset(request.query.offset)
          .execute();
        const { n } = await db
          .selectFrom('groups')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow();
        return success({
          rows: rows.map((r) => ({ ...r, channel_list: (r.channels ?? []).join(', ') })),
          total: Number(n),
        });
      },
    );

    // The subscription form's channel choices: the warehouse's channel dimension, as { value, label }.
    app.get(
      '/platform/groups/channels',
      {
        schema: { summary: 'Channels a subscription can name (platform staff only)', response: answers() },
        ...guard,
      },
      async () => success(await channelChoices(kit.deps.warehouse)),
    );

    app.post<{ Body: SubscriptionBody }>(
      '/platform/groups/subscription',
      {
        schema: {
          summary:
            "Set a group's subscription: end date, channels, crawl and schema types (platform staff only)",
          body: subscriptionBody,
          response: answers(),
        },
        ...guard,
      },
      async (request) => {
        const { id, updated_at, ...fields } = request.body;
        const auth = await staffOnly(request, { group_id: id });
        const readAt = new Date(updated_at);
        if (Number.isNaN(readAt.getTime())) throw new BadRequestError('updated_at must be a date-time');
        const row = await db.transaction().execute(async (tx) => {
          const before = await tx.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
          if (!before) throw new NotFoundError(ADMIN_MSG.notInScope);
          await refuseUnknownChannels(kit.deps.warehouse, fields.channels, before.channels);
          const result = await updateGroup(tx, id, fields, readAt);
          if (result.kind === 'missing') throw new NotFoundError(ADMIN_MSG.notInScope);
          if (result.kind === 'stale') throw new ConflictError(ADMIN_MSG.staleEdit);
          await auditChange(tx, {
            actor: auth.userId,
            groupId: id,
            entity: 'group',
            entityId: id,
            action: 'group.subscription_edited',
            before: subscriptionOf(before),
            after: subscriptionOf(result.row),
          });
          return result.row;
        });
        return success(
          { id: row.id, updated_at: row.updated_at, ...subscriptionOf(row) },
          'Subscription Updated',
        );
      },
    );
    done();
  };
}
