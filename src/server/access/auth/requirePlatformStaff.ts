import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import { refuseAudited } from '../../platform/store/auditedRefusal.js';
import { isPlatformStaff, requireUser, type ActiveAuth } from './guards.js';

export interface PlatformRefusal {
  /** The 403's message (PLATFORM_ACTION_REFUSED). */
  message: string;
  /** The audit entry's entity: the entry is `<entity>.refused`, as a refused role's is `role.refused`. */
  entity: string;
  entityId?: number;
  /** What was asked, kept in the entry (the channel, the user). */
  asked?: Record<string, unknown>;
}

/**
 * A platform-wide action (docs/principals.md "Platform-wide actions"): platform staff only, whatever
 * their role in the session's group. Anyone else signed in gets 403 with the refusal's message, and
 * the attempt is audited in their group; no session is 401 as everywhere.
 */
export async function requirePlatformStaff(
  db: Kysely<StoreDatabase>,
  request: FastifyRequest,
  refusal: PlatformRefusal,
): Promise<ActiveAuth> {
  const auth = requireUser(request);
  if (isPlatformStaff(auth)) return auth;
  return refuseAudited(db, refusal.message, {
    actor: auth.userId,
    groupId: auth.groupId,
    entity: refusal.entity,
    entityId: refusal.entityId ?? 0,
    action: `${refusal.entity}.refused`,
    after: {
      reason: refusal.message,
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      ...refusal.asked,
    },
  });
}
