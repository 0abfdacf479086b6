import type { FastifyPluginCallback } from 'fastify';
import { ADMIN_ACTIVITIES as A, PLATFORM_ACTION_REFUSED } from '../../../shared/admin/adminActivities.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import type { GroupPayload } from '../../../shared/admin/adminRules.js';
import { BadRequestError, ForbiddenError } from '../../../shared/errors.js';
import { answers } from '../../platform/http/schemaKit.js';
import { success } from '../auth/reply.js';
import type { AuthKit } from '../auth/kit.js';
import { findGroupByName, listGroups } from '../../platform/store/groupRepo.js';
import { requireUser } from '../auth/guards.js';
import { requirePlatformStaff } from '../auth/requirePlatformStaff.js';
import { adminScope } from './adminScope.js';
import { groupCreateBody, groupEditBody, prefixQuery } from './adminSchemas.js';
import { createAdminGroup, editAdminGroup } from './groupAdminService.js';
import { addUsersToGroup, type GroupMembersPayload } from './groupMembersService.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { idSchema } from '../../platform/http/ids.js';
import { LOOKUP_LIMIT } from '../../language/entities/lookups.js';
import { CRAWL_TYPES } from '../../../shared/crawl/crawlVocabulary.js';

/** Groups (clients) of the admin API: lists, create (overlay mode 1), edit, name check, tag search. */
export function groupAdminRoutes(kit: AuthKit): FastifyPluginCallback {
  const deps = kit.deps;
  const db = deps.store.db;
  return (app, _opts, done) => {
    app.get<{ Querystring: { with_admin_arg?: boolean } }>(
      '/groups/all',
      {
        schema: {
          summary: 'The caller’s groups (group_id, group_name_id)',
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { with_admin_arg: { type: 'boolean' } },
          },
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.users.url);
        const groups = await listGroups(db, scope.groups);
        return success(
          groups.map((g) => ({ group_id: g.id, group_name_id: g.group_name, group_name: g.group_name })),
        );
      },
    );

    app.get(
      '/group/channels',
      { schema: { summary: 'Channels and crawl types a group can take', response: answers() } },
      async (request) => {
        // The create form's (staff) and the edit form's (a group admin's Clients) reference data:
        // the channels are the warehouse's channel dimension, shared by every group.
        const auth = requireUser(request);
        if (![A.createAccount.url, A.clients.url].some((a) => auth.activities.has(a)))
          throw new ForbiddenError('Access denied');
        const channels = await deps.warehouse.query<{ channelid: number; channel_name: string }>(
          'SELECT channel_id AS channelid, channel_name FROM dim_channel ORDER BY channel_id',
        );
        return success({
          channels: channels.map((c) => ({ channelid: Number(c.channelid), channel_name: c.channel_name })),
          crawl_types: CRAWL_TYPES,
        });
      },
    );

    app.get(
      '/admin/clients',
      { schema: { summary: 'The caller’s groups with the spec’s account fields', response: answers() } },
      async (request) => {
        const scope = await adminScope(deps, request, A.clients.url);
        return success(await listGroups(db, scope.groups));
      },
    );

    app.post<{ Body: GroupPayload }>(
      '/admin/clients',
      {
        schema: {
          summary: 'Create a group (account), overlay mode 1: platform staff only',
          body: groupCreateBody,
          response: answers(),
        },
      },
      async (request) => {
        // A new tenant is platform-wide (docs/principals.md): never a group admin's to make.
        const auth = await requirePlatformStaff(db, request, {
          message: PLATFORM_ACTION_REFUSED.createGroup,
          entity: 'group',
          asked: { group_name: request.body?.groupName ?? null },
        });
        const group = await createAdminGroup(deps, auth.userId, request.body ?? {});
        return success(group, ADMIN_MSG.accountCreated);
      },
    );

    app.post<{ Body: GroupPayload & { group_id: number; updated_at: string } }>(
      '/group/edit',
      {
        schema: {
          summary: 'Edit a group; stale edits are refused',
          body: groupEditBody,
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.clients.url);
        return success(await editAdminGroup(deps, scope, request.body), 'Success');
      },
    );

    app.post<{ Body: GroupMembersPayload }>(
      '/group/user/add',
      {
        schema: {
          summary: 'The manage-users form: map existing users (picked by name) to a group with one role',
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['group_id', 'role_id', 'user_ids'],
            properties: {
              group_id: idSchema,
              role_id: idSchema,
              user_ids: { type: 'array', minItems: 1, maxItems: LOOKUP_LIMIT, items: idSchema },
            },
          },
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.clients.url);
        const added = await db.transaction().execute(async (tx) => {
          const result = await addUsersToGroup(tx, scope.groups, request.body);
          // The same audit entry as the client/clients screen's groupMember mutation writes.
          await auditChange(tx, {
            actor: scope.auth.userId,
            groupId: result.group_id,
            entity: 'groupMember',
            entityId: result.group_id,
            action: 'groupMember.created',
            after: result,
          });
          return result;
        });
        return success(added, ADMIN_MSG.userSaved);
      },
    );

    app.get<{ Querystring: { groupName?: string } }>(
      '/admin/verify/group',
      {
        schema: {
          summary: 'Is this group name free? (checked on leaving the field; platform staff only)',
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { groupName: { type: 'string', maxLength: 100 } },
          },
          response: answers(),
        },
      },
      async (request) => {
        // Every group's name answers here: only those who create groups may probe them.
        await requirePlatformStaff(db, request, {
          message: PLATFORM_ACTION_REFUSED.groupName,
          entity: 'group',
        });
        const name = request.query.groupName ?? '';
        if (!name.trim()) throw new BadRequestError(ADMIN_MSG.groupNameRequired);
        if (await findGroupByName(db, name)) throw new BadRequestError(ADMIN_MSG.groupNameTaken);
        return success({ available: true });
      },
    );

    app.get<{ Querystring: { prefix?: string; limit: number } }>(
      '/search_group_tags',
      {
        schema: {
          summary: 'Group names of the caller’s groups for tag inputs',
          querystring: prefixQuery,
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.clients.url);
        const prefix = (request.query.prefix ?? '').trim().toLowerCase();
        const groups = await listGroups(db, scope.groups);
        return success(
          groups
            .filter((g) => g.group_name.toLowerCase().includes(prefix))
            .slice(0, request.query.limit)
            .map((g) => ({ id: g.id, name: g.group_name })),
        );
      },
    );
    done();
  };
}
