/**
 * What the report-mailer form asks while it is filled in: the timing in words with
 * the next send times (cron + time zone, refused with the save's message when bad), and the
 * recipient tag search in the style of search_user_tags (the caller's group's users only).
 * Runs on PGlite, and on PostgreSQL with API_TEST_PG=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { BAD_TIMING } from '../../src/server/features/reportMailers/mailerRoutes.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;

interface Timing {
  timing: string;
  next: string[];
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** DD-Mon-YYYY HH:mm back to a date (the wall clock's own day). */
const dayOf = (text: string) => {
  const [d, mon, y] = text.split(' ')[0]!.split('-');
  return new Date(Date.UTC(Number(y), MONTHS.indexOf(mon!), Number(d)));
};
const names = async (client: ApiClient, prefix: string) =>
  (
    await client.get<{ id: number; name: string }[]>('report-mailers/recipient-tags', { prefix })
  ).body.data!.map((u) => u.name);

beforeAll(async () => {
  server = await startTestServer();
  demo = await signIn(server);
  rival = await signIn(server, 'rival@shelfscope.test');
  analyst = await signIn(server, 'analyst@shelfscope.test');
}, 300_000);

afterAll(async () => {
  await server?.close();
});

describe('mailer form: timing preview', () => {
  it('a weekly cron in Asia/Kolkata: in words, and the next five Mondays at 09:00', async () => {
    const res = await demo.get<Timing>('report-mailers/timing', {
      cron: '0 9 * * 1',
      timeZone: 'Asia/Kolkata',
    });
    expect(res.status).toBe(200);
    const { timing, next } = res.body.data!;
    expect(timing).toMatch(/^every Monday 09:00 Asia\/Kolkata, next: \d{2}-[A-Z][a-z]{2}-\d{4} 09:00$/);
    expect(timing.endsWith(next[0]!)).toBe(true);
    expect(next).toHaveLength(5);
    for (const [i, at] of next.entries()) {
      expect(at).toMatch(/ 09:00$/);
      expect(dayOf(at).getUTCDay()).toBe(1);
      if (i > 0) expect(dayOf(at).getTime() - dayOf(next[i - 1]!).getTime()).toBe(7 * 86_400_000);
    }
  });

  it('the zone moves the wall clock; an unusual expression is shown as itself', async () => {
    const every = await demo.get<Timing>('report-mailers/timing', { cron: '30 */6 * * *', timeZone: 'UTC' });
    expect(every.body.data!.timing).toMatch(/^cron "30 \*\/6 \* \* \*" UTC, next: /);
    expect(every.body.data!.next.every((n) => /(00|06|12|18):30$/.test(n))).toBe(true);
    // A daily 09:00 reads 09:00 on the zone's own clock, whatever the server's zone.
    const ny = await demo.get<Timing>('report-mailers/timing', {
      cron: '0 9 * * *',
      timeZone: 'America/New_York',
    });
    expect(ny.body.data!.next.every((n) => n.endsWith(' 09:00'))).toBe(true);
  });

  it('bad timings are 400 with the save message; the analyst 403; anonymous 401', async () => {
    for (const query of [
      { cron: '61 9 * * 1', timeZone: 'Asia/Kolkata' },
      { cron: 'every monday', timeZone: 'Asia/Kolkata' },
      { cron: '0 9 * * 1', timeZone: 'Mars/Olympus' },
    ]) {
      const res = await demo.get('report-mailers/timing', query);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(BAD_TIMING);
    }
    expect((await demo.get('report-mailers/timing', { cron: '0 9 * * 1' })).status).toBe(400);
    expect((await analyst.get('report-mailers/timing', { cron: '0 9 * * 1', timeZone: 'UTC' })).status).toBe(
      403,
    );
    const anonymous = new ApiClient(server.url);
    expect(
      (await anonymous.get('report-mailers/timing', { cron: '0 9 * * 1', timeZone: 'UTC' })).status,
    ).toBe(401);
  });
});

describe('mailer form: recipient tag search', () => {
  it("answers the caller's group's users by user name prefix, nobody of another group", async () => {
    const all = await names(demo, '');
    expect(all).toEqual(expect.arrayContaining(['demo@shelfscope.test', 'analyst@shelfscope.test']));
    expect(all).not.toContain('rival@shelfscope.test');
    expect(all).toEqual([...all].sort());
    expect(await names(demo, 'ANA')).toEqual(['analyst@shelfscope.test']);
    expect(await names(demo, 'riv')).toEqual([]);
    expect(await names(demo, '%')).toEqual([]);
    expect(await names(demo, '_')).toEqual([]);

    const theirs = await names(rival, '');
    expect(theirs).toContain('rival@shelfscope.test');
    expect(theirs).not.toContain('demo@shelfscope.test');
    expect(await names(rival, 'demo')).toEqual([]);
  });

  it('pages by limit; bad queries 400; the analyst 403', async () => {
    const res = await demo.get<unknown[]>('report-mailers/recipient-tags', { limit: 2 });
    expect(res.body.data).toHaveLength(2);
    expect((await demo.get('report-mailers/recipient-tags', { limit: 0 })).status).toBe(400);
    expect((await demo.get('report-mailers/recipient-tags', { prefix: 'x'.repeat(101) })).status).toBe(400);
    expect((await demo.get('report-mailers/recipient-tags', { group_id: 2 })).status).toBe(400);
    expect((await analyst.get('report-mailers/recipient-tags')).status).toBe(403);
  });
});

describe('mailer form: the save refuses in the form words', () => {
  const base = {
    name: 'Form words',
    reportType: 'stock/data/export',
    distribution: 'email',
    recipients: ['buyer@example.com'],
    cron: '0 9 * * 1',
    timeZone: 'Asia/Kolkata',
    status: 'Active',
  };
  it("each bad body: a 400 with the form's message for its field (screens/report/reportmailer), nothing saved", async () => {
    const count = async () =>
      (await demo.get<{ total: number }>('report-mailers/rows', { limit: 20 })).body.data!.total;
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'Mailer Name is a required attribute.', 'name'],
      [{ ...base, name: '' }, 'Mailer Name is a required attribute.', 'name'],
      [{ ...base, cron: undefined }, 'Timing is a required attribute.', 'cron'],
      [{ ...base, recipients: [] }, 'Recipients can not be empty', 'recipients'],
      [{ ...base, recipients: ['not-an-address'] }, 'You have to enter valid email', 'recipients.0'],
      [{ ...base, distribution: 'sftp', target: {} }, 'Host is a required attribute.', 'target.host'],
      [
        { ...base, distribution: 'ftp', target: { host: 'h' } },
        'Username is a required attribute.',
        'target.username',
      ],
      [
        { ...base, distribution: 'sftp', target: { host: 'h', username: 'u' } },
        'Password / Private Key is a required attribute.',
        'secret',
      ],
      [
        { ...base, distribution: 'azure', target: {} },
        'Container is a required attribute.',
        'target.container',
      ],
      [
        { ...base, distribution: 'azure', target: { container: 'box' } },
        'Connection String is a required attribute.',
        'secret',
      ],
      [
        { ...base, distribution: 'azure', target: { container: 'B!' } },
        'Enter valid Container',
        'target.container',
      ],
      [{ ...base, distribution: 'sftp', target: { host: 'h', port: 0 } }, 'Enter valid Port', 'target.port'],
    ];
    for (const [body, message, path] of cases) {
      for (const route of ['report-mailers/save', 'report-mailers']) {
        const res = await demo.post<{ problems: { path: string }[] }>(route, body);
        expect(res.status, `${route} ${message}`).toBe(400);
        expect(res.body.msg, route).toBe(message);
        expect(res.body.msg).not.toMatch(/must|property|body/);
        expect(res.body.data!.problems[0]!.path, route).toBe(path);
      }
    }
    expect(await count()).toBe(before);
  });
});

describe('mailer form: the report’s own filters; the grid’s tag filters', () => {
  type Filter = { field: string; label: string; options?: { value: string; label: string }[] };
  it('report-filters answers the declared filters of the chosen report, with their values where listed', async () => {
    const res = await demo.get<Filter[]>('report-mailers/report-filters', {
      reportType: 'stock/data/export',
    });
    expect(res.status).toBe(200);
    const byField = new Map(res.body.data!.map((f) => [f.field, f]));
    expect(byField.get('stock_status')).toEqual({
      field: 'stock_status',
      label: 'Stock status',
      options: [
        { value: '1', label: 'In Stock' },
        { value: '0', label: 'Out Of Stock' },
        { value: '2', label: 'Delisted' },
      ],
    });
    expect(byField.get('channel_id')?.options).toBeUndefined();
    // Every offered filter is one the save accepts with one of its values.
    for (const f of res.body.data!.filter((x) => x.options)) {
      const saved = await demo.post('report-mailers/save', {
        name: `filter ${f.field}`,
        reportType: 'stock/data/export',
        filters: { [f.field]: f.options![0]!.value },
        recipients: ['buyer@example.com'],
        cron: '0 9 * * 1',
        timeZone: 'UTC',
      });
      expect(saved.status, f.field).toBe(200);
    }
    const sales = await demo.get<Filter[]>('report-mailers/report-filters', {
      reportType: 'sales/data/export',
    });
    expect(sales.body.data!.map((f) => f.field)).not.toContain('stock_status');
    expect((await demo.get('report-mailers/report-filters', { reportType: 'no/such/export' })).status).toBe(
      404,
    );
    expect((await demo.get('report-mailers/report-filters', {})).status).toBe(400);
    expect(
      (await analyst.get('report-mailers/report-filters', { reportType: 'stock/data/export' })).status,
    ).toBe(403);
  });

  it("narrows the Report Mailer grid by group and user tags, within the caller's group", async () => {
    const stamp = Date.now() % 100000;
    const make = async (name: string, recipients: string[]) =>
      demo.post('report-mailers/save', {
        name: `${name} ${stamp}`,
        reportType: 'stock/data/export',
        recipients,
        cron: '0 9 * * 1',
        timeZone: 'UTC',
      });
    for (const [name, recipients] of [
      ['ToGroup', ['group:1']],
      ['ToAnalyst', ['analyst@shelfscope.test']],
      ['ToBuyer', ['buyer@example.com']],
    ] as const)
      expect((await make(name, [...recipients])).status).toBe(200);
    const names = async (query: Record<string, string>) =>
      (
        await demo.get<{ rows: { name: string }[]; total: number }>('report-mailers/rows', {
          limit: 100,
          ...query,
        })
      ).body
        .data!.rows.map((r) => r.name)
        .filter((n) => n.endsWith(` ${stamp}`))
        .map((n) => n.split(' ')[0])
        .sort();
    expect(await names({})).toEqual(['ToAnalyst', 'ToBuyer', 'ToGroup']);
    expect(await names({ group_ids: '1' })).toEqual(['ToGroup']);
    const key = async (client: ApiClient, prefix: string) =>
      (
        await client.get<Record<string, { key: number }[]>>('suggestion/search_user_tags', {
          screenName: 'report/reportmailer',
          prefix,
        })
      ).body.data!.search_user_tags![0]!.key;
    // The analyst gets the group's mailer (mapped to group 1) and their own.
    const analystKey = await key(demo, 'analyst');
    expect(await names({ user_ids: String(analystKey) })).toEqual(['ToAnalyst', 'ToGroup']);
    expect(await names({ user_ids: String(analystKey), group_ids: '1' })).toEqual(['ToGroup']);
    // Another tenant's user narrows to nothing; their tag search does not list ours.
    expect(await names({ user_ids: String(await key(rival, 'rival')) })).toEqual([]);
    const theirs = await rival.get<Record<string, { name: string }[]>>('suggestion/search_user_tags', {
      screenName: 'report/reportmailer',
      prefix: 'analyst',
    });
    expect(theirs.body.data!.search_user_tags).toEqual([]);
    const groups = await demo.get<Record<string, { name: string }[]>>('suggestion/search_group_tags', {
      screenName: 'report/reportmailer',
    });
    expect(groups.body.data!.search_group_tags!.map((g) => g.name)).toContain('Demo Brands');
    expect((await demo.get('report-mailers/rows', { group_ids: 'x' })).status).toBe(400);
  });
});
