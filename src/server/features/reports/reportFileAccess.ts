import type { AuthContext } from '../../access/auth/authContext.js';
import { isGroupAdmin } from '../../access/auth/groupAdmin.js';
import { mayOpenScreen } from '../../access/auth/mayOpenScreen.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import { exportContext } from './exportContext.js';
import type { ReportFileRow } from './reportFileRepo.js';

/**
 * Who may see a report file of their group: its owner, a user who may open the screen it was
 * exported from (a mailer's report: its report type's screen), and the group's admin. A file
 * whose screen left the config is its owner's and the admin's only.
 */
export function mayAccessReportFile(
  snapshot: ConfigSnapshot,
  auth: Pick<AuthContext, 'userId' | 'activities' | 'readMode'>,
  file: Pick<ReportFileRow, 'user_id' | 'endpoint' | 'params'>,
): boolean {
  if (file.user_id === auth.userId || isGroupAdmin(auth)) return true;
  try {
    const screen = exportContext(snapshot, file.endpoint, file.params.screenName).screen;
    return mayOpenScreen(auth, screen.permission);
  } catch {
    return false;
  }
}
