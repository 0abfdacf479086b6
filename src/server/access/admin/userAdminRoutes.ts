import type { FastifyPluginCallback } from 'fastify';
import { sql } from 'kysely';
import { ADMIN_ACTIVITIES as A } from '../../../shared/admin/adminActivities.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import type { MappingEntry } from '../../../shared/admin/adminRules.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { answers } from '../../platform/http/schemaKit.js';
import { success } from '../auth/reply.js';
import type { AuthKit } from '../auth/kit.js';
import { adminScope } from './adminScope.js';
import { listParser } from './parseList.js';
import { mappingItem, pageQuery, prefixQuery, userBody } from './adminSchemas.js';
import { createAdminUser, editAdminUser } from './userAdminService.js';
import { usersInGroups } from './userGrid.js';

const parseMappings = listParser<MappingEntry>(mappingItem, 500);

interface UserBody {
  id?: number;
  user_name?: string;
  first_name?: string;
  last_name?: string;
  object_array?: unknown;
}
type Page = { limit: number; offset: number; search?: string; group_id?: number };

/** The user side of the admin API (docs/product-spec.md §7 Admin): grid, create, edit, tag search. */
export function userAdminRoutes(kit: AuthKit): FastifyPluginCallback {
  const deps = kit.deps;
  const db = deps.store.db;
  return (app, _opts, done) => {
    app.get<{ Querystring: Page }>(
      '/user/grid',
      {
        schema: {
          summary: 'Users of the caller’s groups, paged',
          querystring: pageQuery,
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.users.url);
        const q = request.query;
        if (q.group_id) scope.check(q.group_id);
        return success(await usersInGroups(db, q.group_id ? [q.group_id] : scope.groups, q));
      },
    );

    app.get<{ Querystring: Page }>(
      '/newusers',
      {
        schema: {
          summary: 'Users who have not activated their account yet',
          querystring: pageQuery,
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.users.url);
        return success(await usersInGroups(db, scope.groups, { ...request.query, pending: true }));
      },
    );

    app.get<{ Querystring: Page }>(
      '/admin/blockedusers',
      {
        schema: {
          summary: 'Blocked users of the caller’s groups',
          querystring: pageQuery,
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.blocked.url);
        return success(await usersInGroups(db, scope.groups, { ...request.query, blocked: true }));
      },
    );

    app.get<{ Querystring: { prefix?: string; limit: number } }>(
      '/search_user_tags',
      { schema: { summary: 'User names for tag inputs', querystring: prefixQuery, response: answers() } },
      async (request) => {
        const scope = await adminScope(deps, request, A.users.url);
        const page = await usersInGroups(db, scope.groups, {
          search: request.query.prefix,
          limit: request.query.limit,
          offset: 0,
        });
        return success(page.rows.map((u) => ({ id: u.id, name: u.user_name })));
      },
    );

    app.get<{ Params: { id: number } }>(
      '/user/:id',
      {
        schema: {
          summary: 'One user with the mappings of the caller’s groups (edit overlay)',
          params: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
          },
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.users.url);
        const page = await usersInGroups(db, scope.groups, { limit: 1, offset: 0, id: request.params.id });
        const user = page.rows[0];
        if (!user) throw new NotFoundError(ADMIN_MSG.notInScope);
        return success(user);
      },
    );

    app.post<{ Body: UserBody }>(
      '/user/createv2',
      {
        schema: {
          summary: 'Create a user with group -> role mappings; mails the activation link',
          body: userBody(false),
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.createUser.url);
        const b = request.body ?? {};
        const created = await createAdminUser(kit, scope, {
          ...b,
          mappings: parseMappings('object_array', b.object_array),
        });
        return success(created, ADMIN_MSG.userSaved);
      },
    );

    app.put<{ Body: UserBody & { id: number } }>(
      '/user/edit',
      {
        schema: {
          summary: 'Edit a user’s names and mappings (user name locked)',
          body: userBody(true),
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.users.url);
        const b = request.body;
        const edited = await editAdminUser(kit, scope, {
          ...b,
          mappings: parseMappings('object_array', b.object_array),
        });
        return success(edited, ADMIN_MSG.userSaved);
      },
    );

    app.get<{ Querystring: { user_name?: string } }>(
      '/admin/verify/user',
      {
        schema: {
          summary: 'Is this user name free? (checked on leaving the field)',
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { user_name: { type: 'string', maxLength: 254 } },
          },
          response: answers(),
        },
      },
      async (request) => {
        await adminScope(deps, request, A.createUser.url);
        const name = (request.query.user_name ?? '').trim().toLowerCase();
        if (!name) throw new BadRequestError(ADMIN_MSG.userNameEmail);
        const taken = await db
          .selectFrom('users')
          .select('id')
          .where(sql<string>`lower(user_name)`, '=', name)
          .executeTakeFirst();
        if (taken) throw new BadRequestError(ADMIN_MSG.userNameTaken);
        return success({ available: true });
      },
    );
    done();
  };
}
