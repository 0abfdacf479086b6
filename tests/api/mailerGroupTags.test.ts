/**
 * The spec's search_group_tags on report/reportmailer: a mailer's recipients may hold
 * group tags. A tag is stored as the group's id and expands at send time (and in the dry run) to
 * the group's active users, de-duplicated with the typed addresses: a user blocked or unmapped after
 * the save receives nothing. Only the caller's groups can be found or saved (another tenant's group
 * is refused, nothing saved). Deliveries go through a real SMTP server started here.
 * Runs on PGlite, and on PostgreSQL with API_TEST_PG=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { ApiClient } from './support/apiClient.js';
import { startTestSmtpServer, type TestSmtpServer } from './support/testSmtpServer.js';
import {
  GROUP_NOT_YOURS,
  MAX_RECIPIENTS,
  tooManyRecipients,
} from '../../src/server/features/reportMailers/recipientGroups.js';

let smtp: TestSmtpServer;
let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;

interface GroupTag {
  id: number;
  value: string;
  name: string;
  users: number;
  label: string;
}
interface MailerView {
  id: number;
  recipients: string[];
  recipientGroups: GroupTag[];
  destination: string;
}
interface RunView {
  id: number;
  status: number;
  statusName: string;
  recipients: string[];
  error: string | null;
}
interface DryRun {
  run: RunView;
  wouldSend: { recipients: string[]; destination: string };
}

const db = () => server.server.app.deps.store.db;

/** The real login, reading the OTP from the mail the SMTP server received. */
async function signInBySmtp(username: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const before = smtp.received.length;
  await client.post('authenticate', { username, password: server.env.DEMO_PASSWORD });
  const otpMail = smtp.received.slice(before).find((m) => m.rcptTo.includes(username))!;
  const otp = /verification code is (\d{6})/.exec(otpMail.mail.text ?? '')![1];
  const verified = await client.post<{ org_list?: { id: number; status: number }[] }>('verifyotp', { otp });
  const group = verified.body.data!.org_list!.find((g) => g.status === 1)!.id;
  expect((await client.post('selectGroup', { group_id: group })).body.statusCode).toBe(1);
  return client;
}

const tags = async (client: ApiClient, prefix = '') =>
  (await client.get<GroupTag[]>('report-mailers/group-tags', { prefix })).body.data!;

/** The group's users who should receive a send, read from the store apart from the product's query. */
async function activeUsersOf(groupId: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('users')
    .select('user_name')
    .where('status', '=', 'active')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('user_group_roles')
        .select('user_id')
        .where('group_id', '=', groupId)
        .where('status', '=', true),
    )
    .execute();
  return rows.map((r) => r.user_name).sort();
}

const mailerCount = async () =>
  Number(
    (
      await db()
        .selectFrom('report_mailers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function runNow(mailerId: number): Promise<RunView> {
  const res = await demo.post<{ run: RunView }>(`report-mailers/${mailerId}/run`);
  expect(res.status).toBe(200);
  for (let i = 0; i < 300; i++) {
    const run = (await demo.get<RunView[]>(`report-mailers/${mailerId}/runs`)).body.data!.find(
      (r) => r.id === res.body.data!.run.id,
    )!;
    if (run.status >= 3) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the run did not finish');
}

const body = {
  name: 'Group weekly',
  reportType: 'stock/data/export',
  filters: {},
  cron: '0 9 * * 1',
  timeZone: 'Asia/Kolkata',
};

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  demo = await signInBySmtp(server.env.DEMO_USER);
  rival = await signInBySmtp('rival@shelfscope.test');
}, 180_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('report mailer group tags', () => {
  let demoGroup: GroupTag;
  let rivalGroup: GroupTag;
  let mailer: MailerView;

  it('the group tag search finds the caller’s own groups only, with their active user counts', async () => {
    const mine = await tags(demo);
    expect(mine.map((t) => t.name)).toEqual(['Demo Brands']);
    demoGroup = mine[0]!;
    const members = await activeUsersOf(demoGroup.id);
    expect(members).toEqual(expect.arrayContaining(['demo@shelfscope.test', 'analyst@shelfscope.test']));
    expect(demoGroup).toMatchObject({
      value: `group:${demoGroup.id}`,
      users: members.length,
      label: `Group: Demo Brands (${members.length})`,
    });
    expect((await tags(demo, 'BRAND')).map((t) => t.name)).toEqual(['Demo Brands']);
    expect(await tags(demo, 'rival')).toEqual([]);
    expect(await tags(demo, '%')).toEqual([]);
    rivalGroup = (await tags(rival))[0]!;
    expect(rivalGroup.name).toBe('Rival Foods');
    expect((await tags(rival)).map((t) => t.name)).not.toContain('Demo Brands');
  });

  it('refuses a group tag of another tenant (or of no group) with a 403, saving nothing', async () => {
    const before = await mailerCount();
    for (const tag of [rivalGroup.value, 'group:999999']) {
      const created = await demo.post('report-mailers', { ...body, recipients: [tag, 'buyer@example.com'] });
      expect(created.status, tag).toBe(403);
      expect(created.body.msg).toBe(GROUP_NOT_YOURS);
      const saved = await demo.post('report-mailers/save', {
        ...body,
        distribution: 'email',
        recipients: [tag],
      });
      expect(saved.status, tag).toBe(403);
    }
    // A malformed tag is a 400 from the schema.
    expect((await demo.post('report-mailers', { ...body, recipients: ['group:abc'] })).status).toBe(400);
    expect(await mailerCount()).toBe(before);
  });

  it('saves the tag as the group, shown readably in the grid', async () => {
    const created = await demo.post<MailerView>('report-mailers', {
      ...body,
      recipients: [demoGroup.value, 'buyer@example.com', 'analyst@shelfscope.test'],
    });
    expect(created.status).toBe(200);
    mailer = created.body.data!;
    expect(mailer.recipients).toEqual([demoGroup.value, 'buyer@example.com', 'analyst@shelfscope.test']);
    expect(mailer.recipientGroups).toEqual([demoGroup]);
    const stored = await db()
      .selectFrom('report_mailers')
      .select(['recipients', 'recipient_groups'])
      .where('id', '=', mailer.id)
      .executeTakeFirstOrThrow();
    // A reference to the group, not a frozen list of its addresses.
    expect(stored.recipient_groups).toEqual([demoGroup.id]);
    expect(stored.recipients).toEqual(['buyer@example.com', 'analyst@shelfscope.test']);

    const rows = (await demo.get<{ rows: MailerView[] }>('report-mailers/rows', { limit: 20, offset: 0 }))
      .body.data!.rows;
    expect(rows.find((r) => r.id === mailer.id)!.destination).toBe(
      `${demoGroup.label}, buyer@example.com, analyst@shelfscope.test`,
    );
  });

  it('the dry run lists the expanded recipients, de-duplicated, and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await demo.post<DryRun>(`report-mailers/${mailer.id}/dry-run`);
    expect(res.status).toBe(200);
    const expected = [...new Set([...(await activeUsersOf(demoGroup.id)), 'buyer@example.com'])].sort();
    expect(res.body.data!.wouldSend.recipients).toEqual(expected);
    expect(res.body.data!.run.recipients).toEqual(expected);
    expect(expected.filter((r) => r === 'analyst@shelfscope.test')).toHaveLength(1);
    expect(expected).not.toContain('rival@shelfscope.test');
    // The grid's dry-run toast names them too.
    const toast = await demo.post<unknown>('report-mailers/dry-run', { id: mailer.id });
    for (const address of expected) expect(toast.body.msg).toContain(address);
    expect(smtp.received.length).toBe(before);
  });

  it('run now expands at send time: a user blocked or unmapped after the save receives nothing', async () => {
    const stock = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'stock@shelfscope.test')
      .executeTakeFirstOrThrow();
    const block = await demo.post('user/changeUserStatus', { user_id: stock.id, status: 'blocked' });
    expect(block.status).toBe(200);
    // multi@ loses the Demo Brands mapping (kept in Legacy Retail).
    const multi = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'multi@shelfscope.test')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('user_group_roles')
      .set({ status: false })
      .where('user_id', '=', multi.id)
      .where('group_id', '=', demoGroup.id)
      .execute();

    const before = smtp.received.length;
    const run = await runNow(mailer.id);
    expect(run).toMatchObject({ status: 3, statusName: 'Report Delivered', error: null });
    const expected = [...new Set([...(await activeUsersOf(demoGroup.id)), 'buyer@example.com'])].sort();
    expect(expected).not.toContain('stock@shelfscope.test');
    expect(expected).not.toContain('multi@shelfscope.test');
    expect(expected).toContain('demo@shelfscope.test');
    const sent = smtp.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.rcptTo.sort()).toEqual(expected);
    expect(run.recipients).toEqual(expected);

    // The grid's count follows too.
    const view = (await demo.get<MailerView[]>('report-mailers')).body.data!.find((m) => m.id === mailer.id)!;
    expect(view.recipientGroups[0]!.label).toBe(`Group: Demo Brands (${expected.length - 1})`);
  });

  it('a group grown past the cap is refused on save and fails the send with the reason', async () => {
    const role = await db()
      .selectFrom('roles')
      .select('id')
      .where('group_id', '=', demoGroup.id)
      .where('name', '=', 'Analyst')
      .executeTakeFirstOrThrow();
    const users = await db()
      .insertInto('users')
      .values(
        Array.from({ length: MAX_RECIPIENTS }, (_, i) => ({
          user_name: `bulk${i}@demo-brands.test`,
          first_name: 'Bulk',
          last_name: String(i),
        })),
      )
      .returning('id')
      .execute();
    await db()
      .insertInto('user_group_roles')
      .values(users.map((u) => ({ user_id: u.id, group_id: demoGroup.id, role_id: role.id })))
      .execute();
    const total = (await activeUsersOf(demoGroup.id)).length + 1;

    const put = await demo.put(`report-mailers/${mailer.id}`, {
      ...body,
      recipients: [demoGroup.value, 'buyer@example.com'],
    });
    expect(put.status).toBe(400);
    expect(put.body.msg).toBe(tooManyRecipients(total));

    const before = smtp.received.length;
    const run = await runNow(mailer.id);
    expect(run).toMatchObject({ status: 4, statusName: 'Delivery Failed', error: tooManyRecipients(total) });
    expect(smtp.received.length).toBe(before);
  });

  it('the rival cannot see the mailer or search the tags without the activity', async () => {
    expect((await rival.post(`report-mailers/${mailer.id}/dry-run`)).status).toBe(404);
    const analyst = await signInBySmtp('analyst@shelfscope.test');
    expect((await analyst.get('report-mailers/group-tags')).status).toBe(403);
    expect((await new ApiClient(server.url).get('report-mailers/group-tags')).status).toBe(401);
  });
});
