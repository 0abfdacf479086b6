import { sql } from 'kysely';
import { TooManyRequestsError } from '../../../shared/errors.js';
import { MSG } from '../../../shared/auth/accessRules.js';
import { accountLockedMail } from '../../platform/mail/templates.js';
import type { UserRow } from '../../platform/store/storeDatabase.js';
import type { AuthKit } from './kit.js';
import './accountBudgetTable.js';

/**
 * An account-wide failure budget across the sign-in steps: wrong passwords, wrong codes and code
 * resends all count against the account, whichever session or address they come from (a resend
 * with a new login used to give ~100 code guesses per 5 minutes). After FREE_FAILURES the account
 * pauses, 30 s doubling up to an hour, and the user hears about it once by e-mail. A trusted
 * browser (the trust-this-browser cookie) is not paused, so an attack on a user name cannot lock
 * its owner out. The count is forgotten a day after the last failure or at a completed sign-in.
 */
export const FREE_FAILURES = 10;
const BASE_PAUSE_SECONDS = 30;
export const MAX_PAUSE_SECONDS = 3600;
const FORGET_AFTER_HOURS = 24;

/** Seconds the account pauses after its `failures`-th failure. */
export function pauseSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_PAUSE_SECONDS, BASE_PAUSE_SECONDS * 2 ** (failures - FREE_FAILURES));
}

/** 429 while the account is paused, unless the browser is one the user trusted. */
export async function assertAccountOpen(
  kit: AuthKit,
  userId: number,
  trustedBrowser: boolean,
): Promise<void> {
  if (trustedBrowser) return;
  const row = await kit.deps.store.db
    .selectFrom('account_failures')
    .select('locked_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row?.locked_until && row.locked_until.getTime() > Date.now())
    throw new TooManyRequestsError(MSG.tooMany);
}

/** Counts one failed step; pauses the account (and tells the user, once) past the free failures. */
export async function recordAccountFailure(
  kit: AuthKit,
  user: Pick<UserRow, 'id' | 'user_name'>,
): Promise<void> {
  const db = kit.deps.store.db;
  const forget = sql<Date>`now() - make_interval(hours => ${FORGET_AFTER_HOURS})`;
  const row = await db
    .insertInto('account_failures')
    .values({
      user_id: user.id,
      failures: 1,
      last_failure_at: new Date(),
      locked_until: null,
      notified_at: null,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        failures: sql<number>`CASE WHEN account_failures.last_failure_at < ${forget} THEN 1 ELSE account_failures.failures + 1 END`,
        notified_at: sql<Date | null>`CASE WHEN account_failures.last_failure_at < ${forget} THEN NULL ELSE account_failures.notified_at END`,
        last_failure_at: new Date(),
      }),
    )
    .returning(['failures', 'notified_at'])
    .executeTakeFirstOrThrow();
  const pause = pauseSeconds(row.failures);
  if (pause === 0) return;
  await db
    .updateTable('account_failures')
    .set({ locked_until: new Date(Date.now() + pause * 1000), notified_at: row.notified_at ?? new Date() })
    .where('user_id', '=', user.id)
    .execute();
  if (!row.notified_at) {
    kit.mailer
      .send(accountLockedMail(user.user_name, Math.ceil(pause / 60)))
      .catch((error: unknown) => kit.log.error({ err: error }, 'account pause e-mail failed'));
  }
}

/** A completed sign-in: the budget starts afresh. */
export async function resetAccountFailures(kit: AuthKit, userId: number): Promise<void> {
  await kit.deps.store.db.deleteFrom('account_failures').where('user_id', '=', userId).execute();
}
