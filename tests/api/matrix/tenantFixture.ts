/**
 * What the isolation matrix attacks: objects of Demo Brands (group 1) made through the API by its
 * admin, each named with a canary word no other row holds, and the ids a sweep substitutes.
 * Promotions and slide objects sit on screens the stock-only role cannot open.
 */
import { sql } from 'kysely';
import type { RunningServer } from '../../../src/server/startServer.js';
import type { ApiClient } from '../support/apiClient.js';
import { fetchBuffered } from '../support/fetchBuffered.js';
import { exportFinished } from '../support/exportFinished.js';

export const CANARY = 'Zq7canary';
export const VICTIM_GROUP = 1;
export const PROMO_SCREEN = 'promo/kpi';
export const PROMO_FILE_SCREEN = 'promo/data';
const SLIDE_SCREEN = 'customscreen/slide';
const ALERT_SCREEN = 'alerts/alerts';
const MAILER_SCREEN = 'report/reportmailer';
const INBOX_SCREEN = 'inbox/cases';

/** Who may see an object: how a principal is judged on an answer holding its canary. */
export type Audience = 'owner' | 'screen' | 'admin' | 'group';

export interface Canary {
  text: string;
  audience: Audience;
  /** For audience 'screen': the screens whose users may see it. */
  screens?: string[];
}

export interface TenantFixture {
  ids: {
    demoUser: number;
    canaryUser: number;
    adminRole: number;
    canaryRole: number;
    view: number;
    promoLink: number;
    slide: number;
    alertRule: number;
    alertIds: number[];
    mailer: number;
    mailerRun: number;
    exportFile: number;
    /** A case of the action inbox (made by the evaluation after loads, planted here). */
    inboxCase: number;
  };
  /** Lowest id of each warehouse table's group-1 rows, for mutations of warehouse entities. */
  canaries: Canary[];
  /** A share-link viewer's token, for a stock screen of group 1. */
  viewerToken: string;
}

async function must<T>(what: string, call: Promise<{ status: number; body: { data?: T; msg?: string } }>) {
  const res = await call;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body.msg}`);
  return res.body.data as T;
}

export async function plantTenantFixture(server: RunningServer, demo: ApiClient): Promise<TenantFixture> {
  const db = server.app.deps.store.db;
  const name = (what: string) => `${CANARY}_${what}`;
  await must('view', demo.post('views', { screen: PROMO_SCREEN, name: name('view'), state: {} }));
  await must(
    'share link',
    demo.post('paxviz/token', { view_id: 1, menu_id: 1, menu_name: name('link'), screen: PROMO_SCREEN }),
  );
  const stockLink = await must<{ token: string }>(
    'stock share link',
    demo.post('paxviz/token', { view_id: 1, menu_id: 1, menu_name: 'stock_board', screen: 'stock/kpi' }),
  );
  const slide = await must<{ id: number }>(
    'slide',
    demo.post('paxviz/slideview/save', {
      screen: SLIDE_SCREEN,
      name: name('slide'),
      view: {
        schemaVersion: 2,
        kind: 'slideView',
        title: name('deck'),
        slides: [
          {
            kind: 'slide',
            title: 'promo',
            widgets: [{ kind: 'slideWidget', id: 'w1', screen: PROMO_SCREEN, widget: 'tiles', filters: '' }],
            layout: [{ kind: 'row', widgets: ['w1'], widths: [12] }],
          },
        ],
      },
    }),
  );
  const rule = await must<{ id: number }>(
    'alert rule',
    demo.post('alert-rules', { kind: 'out_of_stock', name: name('alert') }),
  );
  const mailer = await must<{ id: number }>(
    'mailer',
    demo.post('report-mailers', {
      name: name('mailer'),
      reportType: 'promotions/export',
      filters: {},
      recipients: ['zq7canary-mail@example.com'],
      cron: '0 9 * * 1',
      timeZone: 'Asia/Kolkata',
    }),
  );
  await must('mailer dry run', demo.post(`report-mailers/${mailer.id}/dry-run`));
  const exported = await must<{ id: number }>(
    'export',
    demo.post('exports', { endpoint: 'promotions/export', params: { screenName: PROMO_FILE_SCREEN } }),
  );
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('group_id', '=', VICTIM_GROUP)
    .execute();
  const adminRole = roles.find((r) => r.name === 'Admin')!.id;
  const analystRole = roles.find((r) => r.name === 'Analyst')!.id;
  // A screen's activity: a platform activity (Create Account, the editor) would be refused.
  const screenActivity = await db
    .selectFrom('activities')
    .select('id')
    .where('url', '=', 'stock/kpi')
    .executeTakeFirstOrThrow();
  await must(
    'role',
    demo.post('role', { groupId: VICTIM_GROUP, name: name('role'), activity_id: [screenActivity.id] }),
  );
  await must(
    'user',
    demo.post('user/createv2', {
      user_name: 'zq7canary-user@shelfscope.test',
      first_name: name('first'),
      last_name: 'User',
      object_array: JSON.stringify([{ group_id: VICTIM_GROUP, role_id: analystRole, status: true }]),
    }),
  );
  const viewerSession = await fetchBuffered(`${demo.baseUrl}/api/v1/pax-viz/session`, {
    headers: { 'x-share-token': stockLink.token },
  });
  const id = async (table: string, where: string) =>
    Number(
      (
        await sql<{
          id: number;
        }>`SELECT min(id) AS id FROM ${sql.table(table)} WHERE ${sql.raw(where)}`.execute(db)
      ).rows[0]?.id ?? 0,
    );
  const ids = {
    demoUser: await id('users', `user_name = 'demo@shelfscope.test'`),
    canaryUser: await id('users', `user_name = 'zq7canary-user@shelfscope.test'`),
    adminRole,
    canaryRole: await id('roles', `name = '${name('role')}'`),
    view: await id('saved_views', `name = '${name('view')}'`),
    promoLink: await id('share_links', `menu_name = '${name('link')}'`),
    slide: slide.id,
    alertRule: rule.id,
    alertIds: (
      await db.selectFrom('alerts').select('id').where('group_id', '=', VICTIM_GROUP).limit(3).execute()
    ).map((r) => r.id),
    mailer: mailer.id,
    // The dry run is queued: its run row may not exist yet (the mailer's id stands in).
    mailerRun: (await id('report_mailer_runs', `mailer_id = ${mailer.id}`)) || mailer.id,
    exportFile: exported.id,
    inboxCase: (
      await db
        .insertInto('cases')
        .values({
          group_id: VICTIM_GROUP,
          rule_id: 'buy_box_lost',
          subject: 'matrix:canary',
          inputs: '{}',
          title: name('case'),
          observed_on: '2026-01-01',
          opportunity: 1,
          // Listed (snoozed is active) but out of every evaluation's reach: its cause is already
          // gone, so a case job of Demo Brands running during the matrix leaves it as it is.
          cause_present: false,
          status: 'snoozed',
          snoozed_until: '2099-01-01',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  };
  for (const [k, v] of Object.entries(ids)) if (v === 0) throw new Error(`fixture: no ${k}`);
  // The export runs as a job: let it finish, or the matrix's snapshots would see its own status
  // change (queued -> ready) between a call and the next as if a caller had written the row.
  await exportFinished(demo, exported.id, 120_000);
  const brands = await server.app.deps.warehouse.query<{ name: string }>(
    `SELECT DISTINCT brand_name AS name FROM dim_brand WHERE group_id = 1
       AND brand_name NOT IN (SELECT brand_name FROM dim_brand WHERE group_id <> 1) ORDER BY 1 LIMIT 3`,
  );
  return {
    ids,
    viewerToken: viewerSession.headers.get('x-viewer-token') ?? '',
    canaries: [
      { text: name('view'), audience: 'owner' },
      { text: name('link'), audience: 'screen', screens: [PROMO_SCREEN] },
      { text: name('slide'), audience: 'screen', screens: [SLIDE_SCREEN] },
      { text: name('alert'), audience: 'screen', screens: [ALERT_SCREEN] },
      { text: name('case'), audience: 'screen', screens: [INBOX_SCREEN] },
      // A mailer's runs are files of its report's screen, titled with its name.
      { text: name('mailer'), audience: 'screen', screens: [MAILER_SCREEN, PROMO_FILE_SCREEN] },
      { text: 'zq7canary-mail@example.com', audience: 'screen', screens: [MAILER_SCREEN] },
      { text: name('role'), audience: 'admin' },
      { text: 'zq7canary-user@shelfscope.test', audience: 'admin' },
      { text: 'demo@shelfscope.test', audience: 'group' },
      ...brands.map((b) => ({ text: b.name, audience: 'group' as const })),
    ],
  };
}
