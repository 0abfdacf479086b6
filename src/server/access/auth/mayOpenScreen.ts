import type { AuthContext } from './authContext.js';

/**
 * Who may open a screen (its config, data, tab and menu entry): a share-link viewer its one
 * screen only, anyone else the screens their role's activities grant.
 */
export function mayOpenScreen(
  grants: Pick<AuthContext, 'activities'> & { readMode?: AuthContext['readMode'] },
  permission: string,
): boolean {
  return grants.readMode ? grants.readMode.screen === permission : grants.activities.has(permission);
}
