import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { PLATFORM_ACTION_REFUSED, STAFF_MSG } from '../../../shared/admin/adminActivities.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { idSchema } from '../../platform/http/ids.js';
import { answers, gridRowsQuery, objectAnswer } from '../../platform/http/schemaKit.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { listUsersForStaff, setPlatformStaff } from '../../platform/store/staffRepo.js';
import { success } from '../auth/reply.js';
import type { AuthKit } from '../auth/kit.js';
import { requirePlatformStaff } from '../auth/requirePlatformStaff.js';

const userBody = {
  type: 'object',
  additionalProperties: false,
  required: ['user_id'],
  properties: { user_id: idSchema },
} as const;

/**
 * Who is platform staff (docs/principals.md): the Platform Settings screen's grid of every user and
 * its two row actions. Staff only; a group admin is refused (403) and audited. Each change is
 * audited; the last staff cannot be unmarked (400), so the platform always has someone to run it.
 */
export function platformStaffRoutes(kit: AuthKit): FastifyPluginCallback {
  const db = kit.deps.store.db;
  const staffOnly = (request: FastifyRequest, asked?: Record<string, unknown>) =>
    requirePlatformStaff(db, request, { message: PLATFORM_ACTION_REFUSED.staffFlag, entity: 'user', asked });

  const setFlag = async (request: FastifyRequest<{ Body: { user_id: number } }>, staff: boolean) => {
    const userId = request.body.user_id;
    const auth = await staffOnly(request, { user_id: userId, is_platform_staff: staff });
    const outcome = await db.transaction().execute(async (tx) => {
      const result = await setPlatformStaff(tx, userId, staff);
      if (result === 'written')
        await auditChange(tx, {
          actor: auth.userId,
          groupId: null,
          entity: 'user',
          entityId: userId,
          action: staff ? 'user.staff_marked' : 'user.staff_unmarked',
          before: { is_platform_staff: !staff },
          after: { is_platform_staff: staff },
        });
      return result;
    });
    if (outcome === 'missing') throw new NotFoundError(STAFF_MSG.noUser);
    if (outcome === 'last') throw new BadRequestError(STAFF_MSG.lastStaff);
    const msg = staff ? STAFF_MSG.marked : STAFF_MSG.unmarked;
    return success({ user_id: userId, is_platform_staff: staff }, msg);
  };

  return (app, _opts, done) => {
    app.get<{ Querystring: { limit: number; offset: number } }>(
      '/platform/staff/users',
      {
        schema: {
          summary: 'Every user with the platform staff flag (platform staff only)',
          querystring: gridRowsQuery,
          response: objectAnswer,
        },
      },
      async (request) => {
        await staffOnly(request);
        return success(await listUsersForStaff(db, request.query));
      },
    );
    app.post<{ Body: { user_id: number } }>(
      '/platform/staff/mark',
      {
        schema: { summary: 'Mark a user as platform staff', body: userBody, response: answers() },
      },
      (request) => setFlag(request, true),
    );
    app.post<{ Body: { user_id: number } }>(
      '/platform/staff/unmark',
      {
        schema: {
          summary: 'Unmark a platform staff user (never the last one)',
          body: userBody,
          response: answers(),
        },
      },
      (request) => setFlag(request, false),
    );
    done();
  };
}
