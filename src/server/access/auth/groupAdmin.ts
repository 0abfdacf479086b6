import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import type { AuthContext } from './authContext.js';

/**
 * The group's admin for what other members made (report files, share links, slide decks): a
 * user who edits the group's roles can grant themselves every screen anyway, so hiding a
 * member's file from them would protect nothing. A share-link viewer never is.
 */
export function isGroupAdmin(auth: Pick<AuthContext, 'activities' | 'readMode'>): boolean {
  return !auth.readMode && auth.activities.has(ADMIN_ACTIVITIES.roles.url);
}
