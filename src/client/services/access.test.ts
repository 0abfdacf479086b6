import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_CHILDREN, hasArea, isAllowed, landingPage } from './access.js';

const item = (over: Partial<Parameters<typeof landingPage>[0][number]> = {}) => ({
  id: 1,
  label: 'Stock',
  menu_name: 'stock',
  iconclass: 'stock',
  v2class: 'stock',
  v2clickurl: '/workspace/stock/kpi',
  path: '',
  ...over,
});
const access = {
  activityList: ['stock/kpi'],
  submenuList: [{ area: 'stock', screen: 'kpi', name: 'KPI', url: '/workspace/stock/kpi' }],
  readMode: false,
  readModeScreen: null,
};

describe('landing page', () => {
  it('is the first menu item, a paxviz path, or home', () => {
    expect(landingPage([item()])).toBe('/workspace/stock/kpi');
    expect(landingPage([item({ path: 'board' })])).toBe('/workspace/paxviz/board');
    expect(landingPage([])).toBe('/workspace/dashboard/home');
  });
});

describe('route access', () => {
  it('follows activities, always-allowed and submenu-gated areas', () => {
    expect(isAllowed('stock', 'kpi', access)).toBe(true);
    expect(isAllowed('stock', 'data', access)).toBe(false);
    expect(isAllowed('faq', 'faqs', access)).toBe(true);
    expect(isAllowed('feedbackSupport', 'form', access)).toBe(true);
    expect(isAllowed('reports', 'download_report', access)).toBe(false);
    const withReports = {
      ...access,
      submenuList: [
        ...access.submenuList,
        { area: 'reports', screen: 'download_report', name: 'R', url: '' },
      ],
    };
    expect(isAllowed('reports', 'download_report', withReports)).toBe(true);
    expect(hasArea(withReports, 'reports')).toBe(true);
    expect(hasArea(access, 'master')).toBe(false);
  });

  it('limits a read-mode viewer to the shared screen', () => {
    const viewer = { ...access, readMode: true, readModeScreen: 'stock/kpi' };
    expect(isAllowed('stock', 'kpi', viewer)).toBe(true);
    expect(isAllowed('faq', 'faqs', viewer)).toBe(false);
  });
});

describe('workspace areas', () => {
  // A screen whose area is not a workspace child is sent to the landing page by the router
  // (the bell's link to alerts/alerts did exactly that).
  it('every area with screens under screens/ is routable', () => {
    const areas = readdirSync('screens', { withFileTypes: true })
      .filter(
        (d) => d.isDirectory() && readdirSync(`screens/${d.name}`).some((f) => f.endsWith('.screen.json')),
      )
      .map((d) => d.name);
    expect(areas).toContain('alerts');
    expect(areas.filter((a) => !WORKSPACE_CHILDREN.has(a))).toEqual([]);
  });
});
