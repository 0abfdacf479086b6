import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import { mayOpenScreen } from './mayOpenScreen.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import type { MenuItem, SubmenuItem, UserMenu } from '../../../shared/auth/accessTypes.js';

/**
 * Sidebar and tabs from the config's areas, limited to the screens the user's activities allow.
 * An area appears when at least one of its tabs is allowed; it opens on the first allowed tab.
 * A share link's viewer (`onlyScreen`) gets its one screen, not the screens whose data it reads.
 */
export function buildMenu(
  config: ConfigSnapshot,
  activities: ReadonlySet<string>,
  onlyScreen?: string,
): UserMenu {
  const areas = [...config.areas.values()].sort(
    (a, b) => (a.order ?? 1000) - (b.order ?? 1000) || a.id.localeCompare(b.id),
  );
  const menuList: MenuItem[] = [];
  const submenuList: SubmenuItem[] = [];
  for (const area of areas) {
    const allowed = area.tabs.filter((tab) => {
      const key = `${area.id}/${tab}`;
      const screen = config.screens.get(key);
      if (onlyScreen !== undefined) return screen !== undefined && key === onlyScreen;
      return screen !== undefined && mayOpenScreen({ activities }, screen.permission);
    });
    if (allowed.length === 0) continue;
    const icon = area.icon ?? `icon-${area.id}`;
    menuList.push({
      id: menuList.length + 1,
      label: area.label,
      menu_name: area.id,
      iconclass: icon,
      v2class: icon,
      v2clickurl: `/workspace/${area.id}/${allowed[0]}`,
      path: '',
    });
    for (const tab of allowed) {
      const screen = config.screens.get(`${area.id}/${tab}`);
      submenuList.push({
        area: area.id,
        screen: tab,
        name: screen?.title ?? tab,
        url: `/workspace/${area.id}/${tab}`,
      });
    }
  }
  const listed = onlyScreen !== undefined ? [onlyScreen] : [...activities].sort();
  return { menuList, activityList: listed, submenuList };
}

/** Every screen's permission with a readable name, and the admin areas, for syncing the activities table. */
export function permissionsOf(config: ConfigSnapshot): Map<string, string> {
  const out = new Map<string, string>(Object.values(ADMIN_ACTIVITIES).map((a) => [a.url, a.name]));
  for (const screen of config.screens.values()) out.set(screen.permission, screen.title);
  return out;
}
