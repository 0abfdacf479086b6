import type { FastifyPluginCallback } from 'fastify';
import { NotFoundError } from '../../../shared/errors.js';
import { findUserById } from '../../platform/store/userRepo.js';
import { setBlocked } from '../admin/userAdminService.js';
import { audit } from '../../platform/store/auditRepo.js';
import { writeRefusalAudit } from '../../platform/store/auditedRefusal.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { BadRequestError } from '../../../shared/errors.js';
import { adminScope } from '../admin/adminScope.js';
import { mappingsOf } from '../../platform/store/mappingRepo.js';
import { sendUserToken } from '../auth/passwordService.js';
import { success } from '../auth/reply.js';
import { idSchema } from '../../platform/http/ids.js';
import type { AuthKit } from '../auth/kit.js';
import { answers } from '../../platform/http/schemaKit.js';

/** The admin actions the access work needs: block / unblock a user, resend the activation e-mail. */
export function adminRoutes(kit: AuthKit): FastifyPluginCallback {
  const db = kit.deps.store.db;
  return (app, _opts, done) => {
    app.post<{ Body: { user_id: number; status: 'active' | 'blocked' } }>(
      '/user/changeUserStatus',
      {
        schema: {
          body: {
            type: 'object',
            required: ['user_id', 'status'],
            properties: {
              user_id: idSchema,
              status: { type: 'string', enum: ['active', 'blocked'] },
            },
          },
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(kit.deps, request, ADMIN_ACTIVITIES.users.url);
        const admin = scope.auth;
        const { user_id: userId, status } = request.body;
        if (userId === admin.userId && status === 'blocked') throw new BadRequestError(ADMIN_MSG.blockSelf);
        // Only users of the caller's groups: an admin of one tenant cannot block another's staff.
        if ((await mappingsOf(db, userId, scope.groups)).length === 0)
          throw new NotFoundError('User not found');
        const written = await setBlocked(db, admin.userId, userId, status, scope.groups).catch(
          (error: unknown) => writeRefusalAudit(db, error),
        );
        if (!written) throw new NotFoundError('User not found');
        await audit(
          db,
          admin.userId,
          status === 'blocked' ? 'user.blocked' : 'user.unblocked',
          `user:${userId}`,
        );
        return success({ user_id: userId, status }, 'Success');
      },
    );

    app.post<{ Body: { user_id: number } }>(
      '/user/resendVerification',
      {
        schema: {
          body: { type: 'object', required: ['user_id'], properties: { user_id: idSchema } },
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(kit.deps, request, ADMIN_ACTIVITIES.users.url);
        const admin = scope.auth;
        const user = await findUserById(db, request.body.user_id);
        if (!user || (await mappingsOf(db, user.id, scope.groups)).length === 0)
          throw new NotFoundError('User not found');
        await sendUserToken(kit, user, 'activation');
        await audit(db, admin.userId, 'user.activation_sent', `user:${user.id}`);
        return success({}, 'Success');
      },
    );
    done();
  };
}
