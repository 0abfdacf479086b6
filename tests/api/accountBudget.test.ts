/**
 * An account-wide failure budget across password, code and resend, with
 * back-off and an e-mail to the user; a trusted browser still signs in during an attack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PASSWORD, login, mailsTo, otpFor, startAuthServer, type AuthServer } from './authHarness.js';
import { newUser } from './support/newUser.js';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.close());

describe('account failure budget', () => {
  it('resends and new logins no longer multiply code guesses: the account pauses and the user is told', async () => {
    const u = await newUser(server);
    let answered = 0;
    let paused = false;
    for (let round = 0; round < 6 && !paused; round += 1) {
      const c = server.client();
      const auth = await c.post('authenticate', { username: u.name, password: PASSWORD });
      if (auth.status === 429) {
        paused = true;
        break;
      }
      for (let i = 0; i < 3; i += 1) {
        const guess = await c.post('verifyotp', { otp: '000000' });
        if (guess.status === 429) {
          paused = true;
          break;
        }
        expect(guess.status).toBe(400);
        answered += 1;
      }
      if (!paused && (await c.get('resendOtp')).status === 429) paused = true;
    }
    expect(paused).toBe(true);
    expect(answered).toBeLessThanOrEqual(10);
    // Paused for every untrusted browser, the right password included.
    expect(
      (await server.client().post('authenticate', { username: u.name, password: PASSWORD })).status,
    ).toBe(429);
    await expect
      .poll(() => mailsTo(server, u.name).some((m) => m.includes('Unusual sign-in attempts')))
      .toBe(true);
    expect(mailsTo(server, u.name).filter((m) => m.includes('Unusual sign-in attempts'))).toHaveLength(1);
  });

  it('backs off: the pause lifts when its time is over, and a full sign-in clears the count', async () => {
    const u = await newUser(server);
    // Wrong codes (not wrong passwords): the per-name login limit stays out of the way.
    const guesser = server.client();
    await guesser.post('authenticate', { username: u.name, password: PASSWORD });
    for (let i = 0; i < 10; i += 1) await guesser.post('verifyotp', { otp: '000000' });
    const paused = await server.client().post('authenticate', { username: u.name, password: PASSWORD });
    expect(paused.status).toBe(429);
    const row = await server.deps.store.db
      .selectFrom('account_failures')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.locked_until!.getTime() - Date.now()).toBeGreaterThan(20_000);
    await server.deps.store.db
      .updateTable('account_failures')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', u.id)
      .execute();
    await login(server, u.name);
    const left = await server.deps.store.db
      .selectFrom('account_failures')
      .select('failures')
      .where('user_id', '=', u.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("an attack on the name does not lock out the owner's trusted browser", async () => {
    const u = await newUser(server);
    const owner = server.client();
    await owner.post('authenticate', { username: u.name, password: PASSWORD });
    await owner.post('verifyotp', { otp: otpFor(server, u.name) });
    expect((await owner.post('trustbrowser', {})).status).toBe(200);
    expect((await owner.post('logout')).status).toBe(200);

    const attacker = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1)
      statuses.push(
        (await attacker.post('authenticate', { username: u.name, password: `Guess@${i}xx` })).status,
      );
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    // A forged trust cookie gains the attacker nothing.
    const forged = await attacker.post(
      'authenticate',
      { username: u.name, password: PASSWORD },
      { cookie: `tb=forged; csrf=${attacker.cookie('csrf')}` },
    );
    expect(forged.status).toBe(429);

    const back = await owner.post<{ settrustbrowser: boolean }>('authenticate', {
      username: u.name,
      password: PASSWORD,
    });
    expect(back.status).toBe(200);
    expect(back.body.data!.settrustbrowser).toBe(true);
  });
});
