/**
 * The action inbox's known answers (features/cases, screens/cases): on a synthetic 30-product
 * tenant (support/inboxGroup.ts) each case kind finds its one planted product, once, with the
 * opportunity computed by hand; evaluating the same load again adds nothing; a cleared cause
 * closes its case at the next evaluation; a case is owned and set by its own group only (another
 * group's case is not found, another group's user as owner is a 400), and each change is audited.
 * Runs on DuckDB + PGlite, and on PostgreSQL with API_TEST_PG=1 (the api-pg project).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { D, EXPECTED, PLANTED, pid, plantInboxGroup } from './support/inboxGroup.js';
import { CaseRepo } from '../../src/server/features/cases/caseRepo.js';
import { untilQueueIdle } from '../../scripts/bench/queueIdle.js';
import {
  CASES_MAIL_CRON,
  CASES_QUEUE,
  CASES_MAIL_QUEUE,
  evaluateGroupCases,
  sendWeeklyCaseMails,
} from '../../src/server/features/cases/caseJobs.js';
import {
  NO_SUCH_CASE,
  OWNER_NOT_IN_GROUP,
  SNOOZE_NEEDS_DATE,
} from '../../src/server/features/cases/caseRoutes.js';

const DEMO = 1;
const RIVAL = 2;

interface CaseView {
  id: number;
  kind: string;
  title: string;
  opportunity: number | null;
  trend: string;
  how: string;
  status: string;
  owner_user_id: number | null;
  product_id: number | null;
}

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let repo: CaseRepo;
let cityA: number;

const evaluate = (groupId: number) => evaluateGroupCases(server.server.app.deps, repo, groupId);
const casesOf = async (client: ApiClient, status = 'active') => {
  const res = await client.get<{ rows: CaseView[]; total: number }>('inbox/cases/rows', {
    limit: 500,
    offset: 0,
    status,
  });
  expect(res.body.statusCode, res.body.msg).toBe(1);
  return res.body.data!.rows;
};
const userId = async (email: string) =>
  (
    await server.server.app.deps.store.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', email)
      .executeTakeFirstOrThrow()
  ).id;
const audits = (groupId: number) =>
  server.server.app.deps.store.db
    .selectFrom('audit_log')
    .select(['action', 'target', 'actor_user_id'])
    .where('group_id', '=', groupId)
    .where('entity', '=', 'case')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  server = await startTestServer();
  // The start queues every group's evaluation (caseJobs.ts): one still queued would run between a
  // test's change and its own evaluation, and leave that evaluation nothing to close.
  await untilQueueIdle(server.server.app.deps.store.db, CASES_QUEUE, 120_000);
  [demo, rival] = await Promise.all([signIn(server), signIn(server, 'rival@shelfscope.test')]);
  repo = new CaseRepo(server.server.app.deps.store.db);
  ({ cityA } = await plantInboxGroup(server.server.app.deps.warehouse, RIVAL));
  await evaluate(RIVAL);
  await evaluate(DEMO);
}, 240_000);
afterAll(async () => server?.close());

describe('action inbox: known answers on a synthetic 30-product group', () => {
  it('finds each planted product once, under its kind, with the opportunity by hand, largest first', async () => {
    const rows = await casesOf(rival);
    const byKind = Object.fromEntries(Object.keys(PLANTED).map((k) => [k, rows.filter((r) => r.kind === k)]));
    for (const [kind, n] of Object.entries(PLANTED)) {
      expect(
        byKind[kind]!.map((r) => r.product_id),
        kind,
      ).toEqual([pid(n)]);
      expect(byKind[kind]![0]!.opportunity, kind).toBeCloseTo(EXPECTED[kind as keyof typeof EXPECTED], 6);
      expect(byKind[kind]![0]!.trend, kind).toBe('new');
    }
    expect(rows).toHaveLength(Object.keys(PLANTED).length);
    const rupees = rows.map((r) => r.opportunity!);
    expect(rupees).toEqual([...rupees].sort((a, b) => b - a));
    // The inputs multiply to the figure: 2 days x 10 units x Rs 100.
    expect(byKind.stock_out_sales_down![0]!.how).toBe(
      'Out-Of-Stock Days 1.00 x Baseline Units/Day 10.00 x Price/Unit ₹100.00 = ₹1,000',
    );
    const [stockOut] = byKind.stock_out_sales_down!;
    expect(stockOut!.title).toContain('Inbox SKU 1 out of stock in');
    const subject = await server.server.app.deps.store.db
      .selectFrom('cases')
      .select('subject')
      .where('id', '=', stockOut!.id)
      .executeTakeFirstOrThrow();
    expect(subject.subject).toBe(`${pid(1)}:1:${cityA}`);
  });

  it('evaluating the same load again adds and changes nothing', async () => {
    const before = await casesOf(rival, 'all');
    const auditsBefore = await audits(RIVAL);
    const again = await evaluate(RIVAL);
    expect(again).toMatchObject({ opened: 0, closed: 0 });
    expect(await casesOf(rival, 'all')).toEqual(before);
    expect(await audits(RIVAL)).toEqual(auditsBefore);
  });

  it('closes a case by itself at the next evaluation once its cause is gone (audited)', async () => {
    const wh = server.server.app.deps.warehouse;
    await wh.query(
      `UPDATE fact_price SET selling_price = 100, violation_type = 0, is_new_violation = 0
        WHERE group_id = $1 AND product_id = $2 AND crawl_date = CAST($3 AS DATE)`,
      [RIVAL, pid(PLANTED.price_violation_ad_spend), D],
    );
    const result = await evaluate(RIVAL);
    expect(result).toMatchObject({ opened: 0, closed: 1 });
    const active = await casesOf(rival);
    expect(active.map((r) => r.kind).sort()).toEqual(
      Object.keys(PLANTED)
        .filter((k) => k !== 'price_violation_ad_spend')
        .sort(),
    );
    // Among the synthetic products (the group's cases of its old facts closed at the planting).
    const done = (await casesOf(rival, 'done')).filter(
      (r) => r.product_id! > pid(0) && r.product_id! <= pid(30),
    );
    expect(done.map((r) => r.kind)).toEqual(['price_violation_ad_spend']);
    const closed = (await audits(RIVAL)).filter(
      (a) => a.action === 'case.closed' && a.target === `case:${done[0]!.id}`,
    );
    expect(closed).toHaveLength(1);
  });
});

describe('action inbox: owner, status and tenancy', () => {
  it("lists only the caller's group's cases", async () => {
    const rivalIds = new Set((await casesOf(rival, 'all')).map((r) => r.id));
    const demoRows = await casesOf(demo, 'all');
    expect(demoRows.length).toBeGreaterThan(0); // the demo market's own planted situations
    expect(demoRows.some((r) => rivalIds.has(r.id))).toBe(false);
    expect(
      demoRows.some((r) => r.product_id !== null && r.product_id >= pid(0) && r.product_id <= pid(30)),
    ).toBe(false);
  });

  it("sets an owner of the group and a status, audited; refuses another group's user and case", async () => {
    const [target] = await casesOf(rival);
    const riya = await userId('rival@shelfscope.test');
    const demoUser = await userId(server.env.DEMO_USER);

    const foreignOwner = await rival.post('inbox/cases/update', { id: target!.id, owner_user_id: demoUser });
    expect(foreignOwner.status).toBe(400);
    expect(foreignOwner.body.msg).toBe(OWNER_NOT_IN_GROUP);

    for (const [route, body] of [
      ['inbox/cases/update', { id: target!.id, status: 'done' }],
      ['inbox/cases/update', { id: target!.id, owner_user_id: demoUser }],
      ['inbox/cases/done', { id: target!.id }],
    ] as const) {
      const foreignCase = await demo.post(route, body);
      expect(foreignCase.status).toBe(404);
      expect(foreignCase.body.msg).toBe(NO_SUCH_CASE);
    }

    const noDate = await rival.post('inbox/cases/update', { id: target!.id, status: 'snoozed' });
    expect(noDate.status).toBe(400);
    expect(noDate.body.msg).toBe(SNOOZE_NEEDS_DATE);

    const set = await rival.post('inbox/cases/update', {
      id: target!.id,
      owner_user_id: riya,
      status: 'snoozed',
      snoozed_until: '2999-01-01',
    });
    expect(set.body.statusCode, set.body.msg).toBe(1);
    const after = (await casesOf(rival)).find((r) => r.id === target!.id)!;
    expect(after).toMatchObject({ owner_user_id: riya, status: 'snoozed' });
    const changed = (await audits(RIVAL)).filter((a) => a.action === 'case.changed');
    expect(changed).toEqual([{ action: 'case.changed', target: `case:${target!.id}`, actor_user_id: riya }]);
    // Nothing of group A moved by group B's attempts.
    expect((await audits(DEMO)).filter((a) => a.action === 'case.changed')).toEqual([]);
  });

  it('mails each owner their cases not done, weekly, and nobody else', async () => {
    const schedules = await server.server.app.deps.jobs!.boss.getSchedules(CASES_MAIL_QUEUE);
    expect(schedules.map((x) => [x.cron, x.options?.tz])).toEqual([[CASES_MAIL_CRON, 'Asia/Kolkata']]);
    const outbox = path.join(server.dataDir, 'outbox');
    const before = new Set(readdirSync(outbox));
    expect(await sendWeeklyCaseMails(server.server.app.deps, repo)).toBe(1);
    const mails = await Promise.all(
      readdirSync(outbox)
        .filter((f) => !before.has(f))
        .map((f) => simpleParser(readFileSync(path.join(outbox, f)))),
    );
    expect(mails).toHaveLength(1);
    const [owned] = (await casesOf(rival)).filter((r) => r.owner_user_id !== null);
    expect(JSON.stringify(mails[0]!.to)).toContain('rival@shelfscope.test');
    expect(mails[0]!.subject).toMatch(/^Shelfscope: 1 case of yours, ₹[\d,]+ at stake$/);
    expect(mails[0]!.text).toContain(owned!.title);
  });

  it('writes How, Trend and the weekly mail in the number style the reader or owner chose in the user menu', async () => {
    const riya = await userId('rival@shelfscope.test');
    // A case past a lakh, where the two styles group digits apart.
    await server.server.app.deps.store.db
      .insertInto('cases')
      .values({
        group_id: RIVAL,
        rule_id: 'buy_box_lost',
        subject: 'number-style',
        title: 'Number style check',
        inputs: JSON.stringify({
          factors: [
            { label: 'Units', value: 1234567.5, format: 'plain' },
            { label: 'Price', value: 250000, format: 'currency' },
          ],
        }),
        product_id: null,
        channel_id: null,
        opportunity: 3594665.4,
        previous_opportunity: 3000000,
        observed_on: D,
        owner_user_id: riya,
      })
      .execute();
    const choose = async (style: string) =>
      (await rival.put('user/number_style', { number_style: style })).body;
    const row = async () => (await casesOf(rival)).find((r) => r.title === 'Number style check')!;
    const mailText = async () => {
      const outbox = path.join(server.dataDir, 'outbox');
      const before = new Set(readdirSync(outbox));
      expect(await sendWeeklyCaseMails(server.server.app.deps, repo)).toBe(1);
      const [file] = readdirSync(outbox).filter((f) => !before.has(f));
      return (await simpleParser(readFileSync(path.join(outbox, file!)))).text ?? '';
    };

    expect(await choose('indian')).toMatchObject({ statusCode: 1 });
    expect((await rival.get<{ numberStyle: string | null }>('user_info')).body.data!.numberStyle).toBe(
      'indian',
    );
    expect(await row()).toMatchObject({
      how: 'Units 12,34,567.50 x Price ₹2,50,000 = ₹35,94,665',
      trend: '▲ ₹5,94,665',
    });
    expect(await mailText()).toContain('- ₹35,94,665 · ');
    // The demo login never chose: its user_info says so, and its inbox reads the default style.
    expect((await demo.get<{ numberStyle: string | null }>('user_info')).body.data!.numberStyle).toBeNull();

    expect(await choose('international')).toMatchObject({ statusCode: 1 });
    expect(await row()).toMatchObject({
      how: 'Units 1,234,567.50 x Price ₹250,000 = ₹3,594,665',
      trend: '▲ ₹594,665',
    });
    expect(await mailText()).toContain('- ₹3,594,665 · ');
    expect((await rival.put('user/number_style', { number_style: 'lakhs' })).status).toBe(400);
  });
});
