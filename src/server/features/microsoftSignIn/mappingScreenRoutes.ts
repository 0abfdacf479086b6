import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../../shared/envelope.js';
import { requireStaff } from '../../access/auth/guards.js';
import { idSchema } from '../../platform/http/ids.js';
import { answers, gridRowsQuery, objectAnswer } from '../../platform/http/schemaKit.js';
import { mappingRows } from './mappingRoutes.js';
import './signInTables.js';

const choiceList = answers({
  type: 'array',
  items: {
    type: 'object',
    required: ['value', 'label'],
    properties: { value: { type: 'integer' }, label: { type: 'string' } },
  },
});

/**
 * What the staff's Microsoft Sign-in screen (screens/platform/microsoft.screen.json) reads beside
 * the mapping routes: the mappings as grid rows, every group and a group's roles as choices of
 * its form (`sourceSelect`). Staff only, like the mappings: they list every group.
 */
export function registerMappingScreenRoutes(app: FastifyInstance): void {
  const db = app.deps.store.db;
  // Before input validation: anyone but staff gets 403, whatever they send.
  const staffFirst = {
    preValidation: (request: FastifyRequest) => Promise.resolve(request).then((r) => void requireStaff(r)),
  };

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/admin/microsoft/mappings/grid',
    {
      schema: {
        summary: 'Sign in with Microsoft mappings as grid rows (platform staff)',
        querystring: gridRowsQuery,
        response: objectAnswer,
      },
      ...staffFirst,
    },
    async (request) => {
      requireStaff(request);
      const rows = await mappingRows(db).limit(request.query.limit).offset(request.query.offset).execute();
      const { n } = await db
        .selectFrom('microsoft_mappings')
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      return ok({ rows, total: Number(n) });
    },
  );

  app.get(
    '/admin/microsoft/mappings/groups',
    {
      schema: { summary: 'Groups a mapping may admit to (platform staff)', response: choiceList },
      ...staffFirst,
    },
    async (request) => {
      requireStaff(request);
      const groups = await db
        .selectFrom('groups')
        .select(['id as value', 'group_name as label'])
        .orderBy('group_name')
        .orderBy('id')
        .execute();
      return ok(groups);
    },
  );

  app.get<{ Querystring: { parent: number } }>(
    '/admin/microsoft/mappings/roles',
    {
      schema: {
        summary: "A group's roles, the role a mapping gives (platform staff)",
        querystring: {
          type: 'object',
          required: ['parent'],
          additionalProperties: false,
          properties: { parent: idSchema },
        },
        response: choiceList,
      },
      ...staffFirst,
    },
    async (request) => {
      requireStaff(request);
      const roles = await db
        .selectFrom('roles')
        .select(['id as value', 'name as label'])
        .where('group_id', '=', request.query.parent)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return ok(roles);
    },
  );
}
