import { NavLink, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../services/sessionStore.js';
import type { MenuItem } from '../api/authApi.js';

/** Icons by area; Price uses the default currency symbol (docs/product-spec.md §2). */
/** Glyphs by the area's configured icon name (area.json `icon`), so a new area picks one by name. */
const ICONS: Record<string, string> = {
  dashboard: '◧',
  stock: '▦',
  currency: '₹',
  price: '₹',
  promo: '✦',
  content: '☰',
  review: '★',
  star: '☆',
  search: '⌕',
  visibility: '◎',
  category: '▤',
  sales: '↗',
  products: '▣',
  sellers: '⚑',
  info: 'i',
  detect: '◉',
  changes: '⟳',
  advertising: '◈',
  report: '⇩',
  alerts: '⚠',
  slides: '▭',
};

function target(item: MenuItem): string {
  return item.path ? `/workspace/paxviz/${item.path}` : item.v2clickurl;
}

/** The left sidebar from the session's menu list, with the active area highlighted. */
export function Sidebar() {
  const snap = useSnapshot(session);
  const { pathname } = useLocation();
  return (
    <nav className="ss-sidebar" aria-label="Areas">
      <ul>
        {snap.menuList.map((item) => {
          const url = target(item);
          const areaRoot = item.path ? url : `/workspace/${item.menu_name}`;
          // A whole segment: /workspace/advertising must not light up on /workspace/advertising_beta.
          const inArea = pathname === areaRoot || pathname.startsWith(`${areaRoot}/`);
          return (
            <li key={item.id}>
              <NavLink
                to={url}
                className={({ isActive }) => `ss-sidebar__item${isActive || inArea ? ' is-active' : ''}`}
                title={item.label}
              >
                <span className={`ss-sidebar__icon ${item.iconclass}`} aria-hidden="true">
                  {ICONS[item.iconclass] ?? ICONS[item.menu_name] ?? item.label.slice(0, 1)}
                </span>
                <span className="ss-sidebar__label">{item.label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
