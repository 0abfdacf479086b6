import type { FastifyPluginCallback } from 'fastify';
import {
  ADMIN_ACTIVITIES as A,
  PLATFORM_ACTIVITIES,
  PLATFORM_ACTIVITY_REFUSED,
} from '../../../shared/admin/adminActivities.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { roleProblems } from '../../../shared/admin/adminRules.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { idSchema } from '../../platform/http/ids.js';
import { answers } from '../../platform/http/schemaKit.js';
import { success } from '../auth/reply.js';
import type { AuthKit } from '../auth/kit.js';
import {
  findRole,
  platformActivitiesAmong,
  removeUnusedRole,
  roleNamed,
  rolesOfGroups,
  saveRole as writeRole,
} from '../../platform/store/roleRepo.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { adminScope } from './adminScope.js';
import { listParser } from './parseList.js';
import { idBody, roleBody } from './adminSchemas.js';

const parseIds = listParser<number>(idSchema, 500);

interface RoleBody {
  role_id?: number;
  groupId?: number | null;
  name?: string;
  description?: string;
  activity_id?: unknown;
}

/**
 * Roles (docs/product-spec.md §7): list, create, update, delete. Role answers carry the spec's
 * inner envelope: data.statusCode 1 or 0 with its own msg.
 */
export function roleAdminRoutes(kit: AuthKit): FastifyPluginCallback {
  const deps = kit.deps;
  const db = deps.store.db;
  return (app, _opts, done) => {
    app.get<{ Querystring: { groupId?: number } }>(
      '/roles',
      {
        schema: {
          summary: 'Role list of one of the caller’s groups (id, name)',
          querystring: { type: 'object', additionalProperties: false, properties: { groupId: idSchema } },
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.roles.url);
        const groupId = request.query.groupId ?? scope.auth.groupId;
        scope.check(groupId);
        const roles = await rolesOfGroups(db, [groupId]);
        return success(roles.map((r) => ({ id: r.id, name: r.name })));
      },
    );

    app.get(
      '/admin/roles',
      {
        schema: {
          summary: 'Roles of the caller’s groups with activities and user counts',
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.roles.url);
        return success(await rolesOfGroups(db, scope.groups));
      },
    );

    app.get(
      '/admin/activities',
      {
        schema: { summary: 'Every activity a role can hold (screens and admin areas)', response: answers() },
      },
      async (request) => {
        await adminScope(deps, request, A.roles.url);
        const rows = await db
          .selectFrom('activities')
          .select(['id', 'url', 'name'])
          .where('active', '=', true)
          .where('url', 'not in', PLATFORM_ACTIVITIES)
          .orderBy('url')
          .execute();
        return success(rows);
      },
    );

    /** A role naming the screen editor is refused (403), and the attempt audited outside any write. */
    const refusePlatformActivities = async (
      actor: number,
      groupId: number,
      roleId: number | null,
      activityIds: readonly number[],
    ) => {
      const named = await platformActivitiesAmong(db, activityIds);
      if (named.length === 0) return;
      await auditChange(db, {
        actor,
        groupId,
        entity: 'role',
        entityId: roleId ?? 0,
        action: 'role.refused',
        after: { activities: named, reason: PLATFORM_ACTIVITY_REFUSED },
      });
      throw new ForbiddenError(PLATFORM_ACTIVITY_REFUSED);
    };

    const saveRole = async (request: { body: RoleBody }, scopeOf: () => ReturnType<typeof adminScope>) => {
      const scope = await scopeOf();
      const b = request.body ?? {};
      const editing = b.role_id !== undefined;
      const payload = {
        groupId: b.groupId ?? undefined,
        name: b.name,
        description: b.description,
        activityIds: parseIds('activity_id', b.activity_id),
      };
      const problems = roleProblems(payload, editing ? 'edit' : 'create');
      if (problems.length) throw new BadRequestError(problems[0]!.message, problems);
      scope.check(payload.groupId!);
      const existing = editing ? await findRole(db, b.role_id!) : undefined;
      if (editing && (!existing || !scope.has(existing.group_id)))
        throw new NotFoundError(ADMIN_MSG.notInScope);
      if (existing && existing.group_id !== payload.groupId) throw new ForbiddenError(ADMIN_MSG.notInScope);
      await refusePlatformActivities(
        scope.auth.userId,
        payload.groupId!,
        b.role_id ?? null,
        payload.activityIds,
      );
      const clash = await roleNamed(db, payload.groupId!, payload.name!);
      if (clash && clash.id !== b.role_id)
        return success(
          { statusCode: 0, msg: `Role ${payload.name!.trim()} already exists.` },
          ADMIN_MSG.roleFailed,
        );
      const role = await db.transaction().execute(async (tx) => {
        const row = await writeRole(
          tx,
          existing?.id ?? null,
          { group_id: payload.groupId!, name: payload.name!, description: payload.description ?? '' },
          payload.activityIds,
        );
        await auditChange(tx, {
          actor: scope.auth.userId,
          groupId: row.group_id,
          entity: 'role',
          entityId: row.id,
          action: existing ? 'role.edited' : 'role.created',
          before: existing ?? null,
          after: { ...row, activity_ids: payload.activityIds },
        });
        return row;
      });
      const msg = existing ? ADMIN_MSG.roleUpdated : ADMIN_MSG.roleCreated;
      return success({ statusCode: 1, msg, id: role.id }, msg);
    };

    app.post<{ Body: RoleBody }>(
      '/role',
      { schema: { summary: 'Create a role with activities', body: roleBody(false), response: answers() } },
      (request) => saveRole(request, () => adminScope(deps, request, A.createRole.url)),
    );
    app.put<{ Body: RoleBody }>(
      '/role',
      { schema: { summary: 'Update a role and its activities', body: roleBody(true), response: answers() } },
      (request) => saveRole(request, () => adminScope(deps, request, A.roles.url)),
    );

    app.put<{ Body: { role_id: number } }>(
      '/roledelete',
      { schema: { summary: 'Delete a role no user holds', body: idBody('role_id'), response: answers() } },
      async (request) => {
        const scope = await adminScope(deps, request, A.roles.url);
        const role = await findRole(db, request.body.role_id);
        if (!role || !scope.has(role.group_id)) throw new NotFoundError(ADMIN_MSG.notInScope);
        await db.transaction().execute(async (tx) => {
          await removeUnusedRole(tx, role.id);
          await auditChange(tx, {
            actor: scope.auth.userId,
            groupId: role.group_id,
            entity: 'role',
            entityId: role.id,
            action: 'role.deleted',
            before: role,
          });
        });
        return success({ statusCode: 1, msg: 'Role Deleted Successfully' }, 'Role Deleted Successfully');
      },
    );
    done();
  };
}
