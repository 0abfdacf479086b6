/**
 * Feedback & Support reaches someone (src/server/features/support): a request is stored as a
 * ticket (who, group, screen, text, time, status), mailed to SUPPORT_EMAIL, listed to its sender
 * and to platform staff, who close it. And the FAQ comes from the store, edited by staff only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

interface Ticket {
  id: number;
  user_name: string;
  group_name: string;
  screen: string;
  text: string;
  status: string;
  created_at: string;
  closed_by_name: string | null;
}
type Page = { total: number; rows: Ticket[] };

describe('Feedback & Support tickets and the FAQ', () => {
  let server: TestServer;
  let demo: ApiClient;
  let rival: ApiClient;
  let staff: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    [demo, rival, staff] = await Promise.all([
      signIn(server),
      signIn(server, 'rival@shelfscope.test'),
      signIn(server, 'staff@shelfscope.test'),
    ]);
  });
  afterAll(async () => server?.close());

  const mailsTo = (to: string) => {
    const outbox = path.join(server.dataDir, 'outbox');
    return readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .filter((text) => text.includes(`To: ${to}`));
  };

  it('refuses an empty request with the spec message and stores nothing', async () => {
    const res = await demo.post('support/tickets', { text: '   ', screen: '/workspace/stock/kpi' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Fill required values');
    expect((await demo.get<Page>('support/tickets')).body.data!.total).toBe(0);
  });

  it('stores, mails and audits a request; its sender and staff see it, another tenant does not', async () => {
    const sent = await demo.post<{ id: number }>('support/tickets', {
      text: 'The stock grid shows no Flipkart rows since Monday.',
      screen: '/workspace/stock/data',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.msg).toBe('Thank you! Our support team will get back to you.');
    const id = sent.body.data!.id;

    const mail = mailsTo(server.env.SUPPORT_EMAIL);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('demo@shelfscope.test');
    expect(mail[0]).toContain('Demo Brands');
    expect(mail[0]).toContain('/workspace/stock/data');
    expect(mail[0]).toContain('no Flipkart rows since Monday');

    const mine = (await demo.get<Page>('support/tickets')).body.data!;
    expect(mine.rows).toEqual([
      expect.objectContaining({
        id,
        user_name: 'demo@shelfscope.test',
        group_name: 'Demo Brands',
        screen: '/workspace/stock/data',
        status: 'open',
      }),
    ]);
    expect(Date.now() - Date.parse(mine.rows[0]!.created_at)).toBeLessThan(60_000);
    expect((await rival.get<Page>('support/tickets')).body.data!.total).toBe(0);

    const audit = await server.server.app.deps.store.db
      .selectFrom('audit_log')
      .select(['action', 'group_id', 'actor_user_id'])
      .where('target', '=', `supportTicket:${id}`)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'support.sent', group_id: 1 })]);
  });

  it('lets only platform staff list every request and close one', async () => {
    expect((await demo.get('support/tickets/all')).status).toBe(403);
    const open = (await staff.get<Page>('support/tickets/all', { status: 'open' })).body.data!;
    const ticket = open.rows.find((t) => t.user_name === 'demo@shelfscope.test')!;
    expect(ticket.group_name).toBe('Demo Brands');

    expect((await demo.put(`support/tickets/${ticket.id}/close`, {})).status).toBe(403);
    const closed = await staff.put(`support/tickets/${ticket.id}/close`, {});
    expect(closed.status).toBe(200);
    expect(
      (await staff.get<Page>('support/tickets/all', { status: 'open' })).body.data!.rows,
    ).not.toContainEqual(expect.objectContaining({ id: ticket.id }));
    const mine = (await demo.get<Page>('support/tickets')).body.data!.rows;
    expect(mine[0]).toMatchObject({
      id: ticket.id,
      status: 'closed',
      closed_by_name: 'staff@shelfscope.test',
    });
    expect((await staff.put('support/tickets/999999/close', {})).status).toBe(404);
  });

  it('serves the FAQ from the store and lets only staff edit it', async () => {
    type Faq = { id: number; question: string; answer: string; position: number };
    const list = async () => (await demo.get<Faq[]>('user/faqs/list')).body.data!;
    const seeded = await list();
    expect(seeded.length).toBeGreaterThanOrEqual(5);

    const entry = {
      question: 'Where do I see who changed a group?',
      answer: 'Client Logs lists every change.',
    };
    expect((await demo.post('user/faqs', entry)).status).toBe(403);
    const empty = await staff.post('user/faqs', { question: ' ', answer: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('Question is a required attribute.');

    const added = await staff.post<{ id: number }>('user/faqs', entry);
    expect(added.status).toBe(200);
    const id = added.body.data!.id;
    expect((await list()).at(-1)).toMatchObject({ id, ...entry });

    expect((await demo.put(`user/faqs/${id}`, { ...entry, answer: 'No.' })).status).toBe(403);
    await staff.put(`user/faqs/${id}`, { ...entry, answer: 'Client Logs, newest first.', position: 1 });
    expect((await list())[0]).toMatchObject({ id, answer: 'Client Logs, newest first.' });

    expect((await demo.delete(`user/faqs/${id}`)).status).toBe(403);
    expect((await staff.delete(`user/faqs/${id}`)).status).toBe(200);
    expect((await list()).map((f) => f.id)).not.toContain(id);
  });
});
