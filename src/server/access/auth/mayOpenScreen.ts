import type { AuthContext } from './authContext.js';

/**
 * Who may open a screen (its config, data, tab and menu entry): a share-link viewer its one
 * screen only (for a group's extra screen, the data of the screens its widgets come from), anyone
 * else the screens their role's activities grant.
 */
export function mayOpenScreen(
  grants: Pick<AuthContext, 'activities'> & { readMode?: AuthContext['readMode'] },
  permission: string,
): boolean {
  const viewer = grants.readMode;
  if (!viewer) return grants.activities.has(permission);
  return viewer.screen === permission || (viewer.sources?.includes(permission) ?? false);
}
