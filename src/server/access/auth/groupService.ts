import { ForbiddenError, UnauthorizedError } from '../../../shared/errors.js';
import { MSG } from '../../../shared/auth/accessRules.js';
import type { SessionRow } from '../../platform/store/storeDatabase.js';
import { activitiesOf, groupsOfUser } from '../../platform/store/accessRepo.js';
import { deleteSession } from '../../platform/store/sessionRepo.js';
import { findUserById } from '../../platform/store/userRepo.js';
import { activeExpiry, startSession } from './sessions.js';
import { buildMenu } from './menu.js';
import { crawlDates } from './crawlDates.js';
import type { AuthKit } from './kit.js';
import type { GroupSelection } from '../../../shared/auth/accessTypes.js';
import { configForGroup } from '../../language/config/overlay/configForGroup.js';
export type { GroupSelection } from '../../../shared/auth/accessTypes.js';

/** Passwords older than this many days prompt the 'Update Password' alert. */
export const PASSWORD_MAX_AGE_DAYS = 90;

export function passDaysLeft(changedAt: Date | null): number {
  if (!changedAt) return 0;
  const age = Math.floor((Date.now() - changedAt.getTime()) / 86_400_000);
  return Math.max(0, PASSWORD_MAX_AGE_DAYS - age);
}

/**
 * Step 3: the group. Allowed after the OTP step (or a trusted browser) and for switching groups
 * in an active session. The session is re-issued under a new token: privileges changed.
 */
export async function selectGroup(
  kit: AuthKit,
  session: SessionRow | null,
  groupId: number,
): Promise<{ token: string; data: GroupSelection }> {
  const db = kit.deps.store.db;
  if (!session || session.share_link_id !== null || !session.otp_verified || session.stage === 'otp') {
    throw new UnauthorizedError(MSG.unauthorizedUser);
  }
  const group = (await groupsOfUser(db, session.user_id)).find((g) => g.id === groupId);
  if (!group) throw new ForbiddenError('You are not mapped to this group');
  if (group.status !== 1) throw new ForbiddenError(MSG.groupExpired);
  const user = await findUserById(db, session.user_id);
  if (!user) throw new UnauthorizedError(MSG.unauthorizedUser);
  await deleteSession(db, session.id);
  const { token } = await startSession(db, {
    user_id: user.id,
    group_id: groupId,
    stage: 'active',
    otp_verified: true,
    expires_at: activeExpiry(kit.deps.env),
  });
  const activities = new Set(await activitiesOf(db, user.id, groupId));
  return {
    token,
    data: {
      ...buildMenu(configForGroup(kit.deps.config, kit.deps.storedConfig, groupId), activities),
      // No password (a Sign in with Microsoft account): nothing ages, no 'Update Password' alert.
      pass_day_left:
        user.password_hash === null ? PASSWORD_MAX_AGE_DAYS : passDaysLeft(user.password_changed_at),
      last_crawl_date: await crawlDates(kit, groupId),
      loginTime: new Date().toISOString(),
      groupName: group.group_name,
      groupId,
    },
  };
}
