import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { AMS_SCHEMA_MSG, checkAmsSchema } from '../../../shared/ams/amsSchemaRules.js';
import { requireAdminActivity } from '../../access/auth/guards.js';
import { idSchema, int32Schema } from '../../platform/http/ids.js';
import { answers } from '../../platform/http/schemaKit.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import './amsSchemasTable.js';

const ACTIVITY = ADMIN_ACTIVITIES.amsSchema.url;
// The texts are checked by the spec's rules, not by the body schema: an empty or broken model
// must reach them to get its message (a schema failure would answer ajv's words instead).
const fields = {
  ams_channel_id: int32Schema,
  name: { type: 'string', minLength: 1, maxLength: 100 },
  ams_model: { type: 'string', maxLength: 200_000 },
  channel_target: { type: 'string', maxLength: 200_000 },
} as const;
const insertBody = {
  type: 'object',
  required: ['ams_channel_id', 'name', 'ams_model'],
  additionalProperties: false,
  properties: fields,
} as const;
const updateBody = {
  ...insertBody,
  required: ['id', ...insertBody.required],
  properties: { id: idSchema, ...fields },
} as const;

interface Body {
  id?: number;
  ams_channel_id: number;
  name: string;
  ams_model: string;
  channel_target?: string;
}

function checked(body: Body) {
  const check = checkAmsSchema(body.ams_model, body.channel_target);
  if (!check.ok) throw new BadRequestError(check.msg);
  return {
    ams_channel_id: body.ams_channel_id,
    name: body.name.trim(),
    ams_model: JSON.stringify(check.model, null, 2),
    channel_target: check.target ? JSON.stringify(check.target, null, 2) : null,
  };
}

/** The AMS schema editor (processmonitor/ams_schema): list, insert (POST), update (PUT), per group. */
export const amsSchemaRoutes: FastifyPluginAsync = (app) => {
  const db = app.deps.store.db;

  app.get('/amsSchema/list', { schema: { response: answers({ type: 'array' }) } }, async (request) => {
    const auth = requireAdminActivity(request, ACTIVITY);
    const rows = await db
      .selectFrom('ams_schemas')
      .select(['id', 'ams_channel_id', 'name', 'ams_model', 'channel_target', 'updated_at'])
      .where('group_id', '=', auth.groupId)
      .orderBy('id')
      .execute();
    return ok(rows);
  });

  app.post<{ Body: Body }>(
    '/amsSchema/insert',
    { schema: { body: insertBody, response: answers() }, bodyLimit: 450_000 },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const values = checked(request.body);
      const row = await db
        .insertInto('ams_schemas')
        .values({ ...values, group_id: auth.groupId, updated_by: auth.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await auditChange(db, {
        actor: auth.userId,
        groupId: auth.groupId,
        entity: 'ams_schema',
        entityId: row.id,
        action: 'ams_schema.created',
        before: null,
        after: values,
      });
      return ok({ id: row.id }, AMS_SCHEMA_MSG.inserted);
    },
  );

  app.put<{ Body: Body & { id: number } }>(
    '/amsSchema/update',
    { schema: { body: updateBody, response: answers() }, bodyLimit: 450_000 },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const values = checked(request.body);
      const before = await db
        .selectFrom('ams_schemas')
        .select(['ams_channel_id', 'name', 'ams_model', 'channel_target'])
        .where('id', '=', request.body.id)
        .where('group_id', '=', auth.groupId)
        .executeTakeFirst();
      const result = await db
        .updateTable('ams_schemas')
        .set({ ...values, updated_by: auth.userId, updated_at: new Date() })
        .where('id', '=', request.body.id)
        .where('group_id', '=', auth.groupId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new NotFoundError(AMS_SCHEMA_MSG.notFound);
      await auditChange(db, {
        actor: auth.userId,
        groupId: auth.groupId,
        entity: 'ams_schema',
        entityId: request.body.id,
        action: 'ams_schema.updated',
        before,
        after: values,
      });
      return ok({ id: request.body.id }, AMS_SCHEMA_MSG.updated);
    },
  );
  return Promise.resolve();
};
