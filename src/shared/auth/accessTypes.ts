/** Wire shapes of the access API (docs/product-spec.md §3), shared by the server that sends and the SPA that reads them. */
import type { NumberStyle } from '../format/numberStyle.js';

/** A group in the login answer's org_list. */
export interface OrgItem {
  id: number;
  group_name: string;
  /** 1 active; otherwise expired (status not 1 or past its end date). */
  status: number;
}

export interface LoginAnswer {
  settrustbrowser: boolean;
  org_list: OrgItem[];
}

/** The spec's menu item. */
export interface MenuItem {
  id: number;
  label: string;
  menu_name: string;
  iconclass: string;
  v2class: string;
  v2clickurl: string;
  /** Non-empty for embedded (paxviz) items, opened under /workspace/paxviz/{path}. */
  path: string;
}

export interface SubmenuItem {
  area: string;
  screen: string;
  name: string;
  url: string;
}

export interface UserMenu {
  menuList: MenuItem[];
  activityList: string[];
  submenuList: SubmenuItem[];
}

/** The select-group answer's data. */
export interface GroupSelection extends UserMenu {
  pass_day_left: number;
  last_crawl_date: Record<string, string>;
  loginTime: string;
  groupName: string;
  groupId: number;
}

/** `GET /user_info` (and `/user/info`). */
export interface UserInfo {
  userName: string;
  firstName: string;
  lastName: string;
  ktrVersion: string;
  groupName: string;
  groupId: number;
  last_failed_login: string | null;
  last_success_login: string | null;
  mrp: string;
  currencySign: string;
  images_type: number;
  selling_price: string;
  /** Platform staff (docs/principals.md): the user menu offers the screen editor to them only. */
  isStaff: boolean;
  /** The number style the user chose in the user menu (kept with the user); null: never chosen. */
  numberStyle: NumberStyle | null;
}

/** `GET /processmonitor/sessionvalidity`. */
export interface SessionCheck {
  userId: number;
  loginTime: string;
  /** null until the user has chosen a group. */
  groupId: number | null;
  readMode: boolean;
}

/** `GET /agreement`: the text, and status 1 once the user accepted this version. */
export interface Agreement {
  description: string;
  status: number | null;
  version: string;
  accepted_at: string | null;
}

/** `POST` of a share-link token: the shared screen and its group. */
export interface SharedView {
  menu_name: string;
  view_id: number;
  group_id: number;
  user_id: number;
  menu_id: number;
  screen: string;
  /** The filters on screen when the link was made (a URL query); null: the screen's defaults. */
  filters: string | null;
  group: { group_id: number; group_name: string } | null;
}
