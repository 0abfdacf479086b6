import type { FastifyPluginCallback } from 'fastify';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { answers } from '../../platform/http/schemaKit.js';
import { idSchema } from '../../platform/http/ids.js';
import { userTokenMail } from '../auth/passwordService.js';
import { success } from '../auth/reply.js';
import type { AuthKit } from '../auth/kit.js';
import { adminScope } from './adminScope.js';

/** Our own words (the spec has none for bulk user actions). */
export const BULK_USER_MSG = {
  duplicate: 'A row is ticked twice.',
  notPending: (name: string) => `${name} is already verified.`,
  ownRole: 'You can not change your own role.',
  unknownRole: 'Role not found',
} as const;

/** The Users grid's cap on ticked rows (grid default, docs/write-half.md "Bulk actions"). */
const MAX_ROWS = 100;

const rowsSchema = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_ROWS,
  items: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: idSchema, updated_at: { type: 'string', maxLength: 64 } },
  },
} as const;

type Rows = { rows: { id: number }[] };

const ids = (rows: { id: number }[]) => {
  const list = rows.map((r) => r.id);
  if (new Set(list).size !== list.length) throw new BadRequestError(BULK_USER_MSG.duplicate);
  return list;
};

/**
 * Bulk actions on ticked users (screens/user/users.screen.json, bulkActions with `endpoint`): resend
 * the activation e-mail, or give every ticked user one role in the caller's current group. Every
 * user must be of the caller's group (else nothing is written, 404); the tokens or role changes
 * and one audit entry per user are one transaction; the e-mails go once it committed.
 */
export function bulkUserRoutes(kit: AuthKit): FastifyPluginCallback {
  const db = kit.deps.store.db;
  const USERS = ADMIN_ACTIVITIES.users.url;

  /** The ticked users as mapped in the caller's group; any other id: 404, nothing written. */
  const usersOfGroup = async (groupId: number, userIds: number[]) => {
    const users = await db
      .selectFrom('users as u')
      .innerJoin('user_group_roles as m', 'm.user_id', 'u.id')
      .select(['u.id', 'u.user_name', 'u.verified', 'm.role_id'])
      .where('u.id', 'in', userIds)
      .where('m.group_id', '=', groupId)
      .execute();
    if (users.length !== userIds.length) throw new NotFoundError('User not found');
    return users;
  };

  return (app, _opts, done) => {
    app.post<{ Body: Rows }>(
      '/user/resendVerification/bulk',
      {
        schema: {
          summary: 'Resend the activation e-mail to ticked users pending activation (one transaction)',
          body: {
            type: 'object',
            required: ['rows'],
            additionalProperties: false,
            properties: { rows: rowsSchema },
          },
          response: answers(),
        },
      },
      async (request) => {
        const { auth } = await adminScope(kit.deps, request, USERS);
        const users = await usersOfGroup(auth.groupId, ids(request.body.rows));
        const verified = users.find((u) => u.verified);
        if (verified) throw new BadRequestError(BULK_USER_MSG.notPending(verified.user_name));
        const mails = await db.transaction().execute(async (tx) => {
          const out = [];
          for (const user of users) {
            out.push(await userTokenMail(kit, tx, user, 'activation'));
            await auditChange(tx, {
              actor: auth.userId,
              groupId: auth.groupId,
              entity: 'user',
              entityId: user.id,
              action: 'user.activation_sent',
            });
          }
          return out;
        });
        for (const mail of mails) await kit.mailer.send(mail);
        return success({ sent: users.length }, 'Verification mails sent');
      },
    );

    app.post<{ Body: Rows & { role_id: number } }>(
      '/user/bulkRole',
      {
        schema: {
          summary: "Give ticked users one role in the caller's current group (one transaction)",
          body: {
            type: 'object',
            required: ['rows', 'role_id'],
            additionalProperties: false,
            properties: { rows: rowsSchema, role_id: idSchema },
          },
          response: answers(),
        },
      },
      async (request) => {
        const { auth } = await adminScope(kit.deps, request, USERS);
        const userIds = ids(request.body.rows);
        if (userIds.includes(auth.userId)) throw new BadRequestError(BULK_USER_MSG.ownRole);
        const role = await db
          .selectFrom('roles')
          .select(['id', 'name'])
          .where('id', '=', request.body.role_id)
          .where('group_id', '=', auth.groupId)
          .executeTakeFirst();
        if (!role) throw new NotFoundError(BULK_USER_MSG.unknownRole);
        const users = await usersOfGroup(auth.groupId, userIds);
        const roleNames = new Map(
          (
            await db.selectFrom('roles').select(['id', 'name']).where('group_id', '=', auth.groupId).execute()
          ).map((r) => [r.id, r.name]),
        );
        await db.transaction().execute(async (tx) => {
          for (const user of users) {
            await tx
              .updateTable('user_group_roles')
              .set({ role_id: role.id })
              .where('user_id', '=', user.id)
              .where('group_id', '=', auth.groupId)
              .execute();
            await auditChange(tx, {
              actor: auth.userId,
              groupId: auth.groupId,
              entity: 'user',
              entityId: user.id,
              action: 'user.edited',
              before: { role: roleNames.get(user.role_id) ?? user.role_id },
              after: { role: role.name },
            });
          }
        });
        return success({ changed: users.length, role: role.name }, `Role changed to ${role.name}`);
      },
    );
    done();
  };
}
