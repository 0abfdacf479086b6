import type { AuthContext } from '../../access/auth/authContext.js';
import { isGroupAdmin } from '../../access/auth/groupAdmin.js';
import { mayOpenScreen } from '../../access/auth/mayOpenScreen.js';
import type { SlideViewRecord } from './slideViewsRepo.js';

export const DELETE_REFUSED =
  "Only the deck's creator, users who may open every screen it shows, or an admin may delete it";

/**
 * Who may delete a slide deck of their group: its creator, the group's admin, or a user who may
 * open its slide screen and every screen its slides show (a deck of figures the caller cannot
 * see is not theirs to remove).
 */
export function mayDeleteSlideView(
  auth: Pick<AuthContext, 'userId' | 'activities' | 'readMode'>,
  record: Pick<SlideViewRecord, 'screen' | 'view' | 'createdBy'>,
): boolean {
  if (auth.readMode) return false;
  if (record.createdBy === auth.userId || isGroupAdmin(auth)) return true;
  const shown = record.view.slides.flatMap((slide) => slide.widgets.map((w) => w.screen));
  return [record.screen, ...shown].every((screen) => mayOpenScreen(auth, screen));
}
