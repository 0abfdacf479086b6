/** Wire shapes of the access API (spec §3), shared by the server that sends and the SPA that reads them. */

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
