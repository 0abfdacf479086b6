import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { MICROSOFT_MSG } from '../../../shared/auth/microsoftSignIn.js';
import { requireStaff } from '../../access/auth/guards.js';
import { idSchema } from '../../platform/http/ids.js';
import { answers, objectAnswer } from '../../platform/http/schemaKit.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { MappingKind } from './signInTables.js';
import './signInTables.js';

const DOMAIN = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const TENANT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mappingBody = {
  type: 'object',
  required: ['kind', 'value', 'group_id', 'role_id'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ['domain', 'tenant'] },
    value: { type: 'string', maxLength: 300 },
    group_id: idSchema,
    role_id: idSchema,
  },
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

/** Every mapping with its group's and role's names, in the order the list and the screen show. */
export function mappingRows(db: Kysely<StoreDatabase>) {
  return db
    .selectFrom('microsoft_mappings as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.id', 'm.kind', 'm.value', 'm.group_id', 'g.group_name', 'm.role_id', 'r.name as role_name'])
    .orderBy('m.kind')
    .orderBy('m.value')
    .orderBy('g.group_name')
    .orderBy('m.id');
}

interface MappingBody {
  kind: MappingKind;
  value: string;
  group_id: number;
  role_id: number;
}

/**
 * Which e-mail domains or Entra tenants may sign in with Microsoft, and which group (with which
 * role) a first sign-in joins. The platform's staff set it: it decides who gets an account at
 * all, above any one group. Every write is audited in the group it admits to.
 */
export function registerMappingRoutes(app: FastifyInstance): void {
  const db = app.deps.store.db;

  /** The body, its value normalised, or 400 with the field's message (`ownId`: the row being changed). */
  const checked = async (body: MappingBody, ownId = 0): Promise<MappingBody> => {
    const value = body.value.trim().toLowerCase().replace(/^@/, '');
    const pattern = body.kind === 'domain' ? DOMAIN : TENANT;
    if (!pattern.test(value)) {
      const message = body.kind === 'domain' ? MICROSOFT_MSG.badDomain : MICROSOFT_MSG.badTenant;
      throw new BadRequestError(message, [{ path: 'value', message }]);
    }
    const role = await db
      .selectFrom('roles')
      .select('group_id')
      .where('id', '=', body.role_id)
      .executeTakeFirst();
    if (role?.group_id !== body.group_id)
      throw new BadRequestError(MICROSOFT_MSG.roleNotInGroup, [
        { path: 'role_id', message: MICROSOFT_MSG.roleNotInGroup },
      ]);
    const same = await db
      .selectFrom('microsoft_mappings')
      .select('id')
      .where('kind', '=', body.kind)
      .where('value', '=', value)
      .where('group_id', '=', body.group_id)
      .where('id', '!=', ownId)
      .executeTakeFirst();
    if (same)
      throw new BadRequestError(MICROSOFT_MSG.duplicate, [
        { path: 'value', message: MICROSOFT_MSG.duplicate },
      ]);
    return { ...body, value };
  };
  const existing = async (id: number) => {
    const row = await db.selectFrom('microsoft_mappings').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError(MICROSOFT_MSG.mappingNotFound);
    return row;
  };
  const audited = (
    actor: number,
    groupId: number,
    id: number,
    action: string,
    before: unknown,
    after: unknown,
  ) => auditChange(db, { actor, groupId, entity: 'microsoftMapping', entityId: id, action, before, after });

  app.get(
    '/admin/microsoft/mappings',
    {
      schema: {
        summary: 'Sign in with Microsoft: the domain and tenant mappings (platform staff)',
        response: answers({ type: 'array', items: { type: 'object', additionalProperties: true } }),
      },
    },
    async (request) => {
      requireStaff(request);
      return ok(await mappingRows(db).execute());
    },
  );

  app.post<{ Body: MappingBody }>(
    '/admin/microsoft/mappings',
    {
      schema: {
        summary: 'Add a Sign in with Microsoft mapping (platform staff)',
        body: mappingBody,
        response: objectAnswer,
      },
    },
    async (request) => {
      const auth = requireStaff(request);
      const entry = await checked(request.body);
      const row = await db
        .insertInto('microsoft_mappings')
        .values(entry)
        .returning('id')
        .executeTakeFirstOrThrow();
      await audited(auth.userId, entry.group_id, row.id, 'microsoftMapping.added', null, entry);
      return ok({ id: row.id }, MICROSOFT_MSG.mappingSaved);
    },
  );

  app.put<{ Params: { id: number }; Body: MappingBody }>(
    '/admin/microsoft/mappings/:id',
    {
      schema: {
        summary: 'Change a Sign in with Microsoft mapping (platform staff)',
        params: idParams,
        body: mappingBody,
        response: objectAnswer,
      },
    },
    async (request) => {
      const auth = requireStaff(request);
      const before = await existing(request.params.id);
      const entry = await checked(request.body, before.id);
      await db
        .updateTable('microsoft_mappings')
        .set({ ...entry, updated_at: new Date() })
        .where('id', '=', before.id)
        .execute();
      await audited(auth.userId, entry.group_id, before.id, 'microsoftMapping.changed', before, entry);
      return ok({ id: before.id }, MICROSOFT_MSG.mappingSaved);
    },
  );

  const remove = async (request: FastifyRequest, id: number) => {
    const auth = requireStaff(request);
    const before = await existing(id);
    await db.deleteFrom('microsoft_mappings').where('id', '=', before.id).execute();
    await audited(auth.userId, before.group_id, before.id, 'microsoftMapping.deleted', before, null);
    return ok({ id: before.id }, MICROSOFT_MSG.mappingDeleted);
  };
  app.delete<{ Params: { id: number } }>(
    '/admin/microsoft/mappings/:id',
    {
      schema: {
        summary: 'Remove a Sign in with Microsoft mapping (platform staff)',
        params: idParams,
        response: objectAnswer,
      },
    },
    (request) => remove(request, request.params.id),
  );
  // The same, as the screen's row action sends it: the id in the body (screens/platform/microsoft).
  app.post<{ Body: { id: number } }>(
    '/admin/microsoft/mappings/remove',
    {
      schema: {
        summary: 'Remove a Sign in with Microsoft mapping, the id in the body (platform staff)',
        body: idParams,
        response: objectAnswer,
      },
      // Before input validation: anyone but staff gets 403, whatever they send.
      preValidation: (request: FastifyRequest) => Promise.resolve(request).then((r) => void requireStaff(r)),
    },
    (request) => remove(request, request.body.id),
  );
}
