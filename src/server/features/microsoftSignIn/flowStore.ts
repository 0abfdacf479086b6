import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { FlowChecks } from './microsoftClient.js';
import './signInTables.js';

/** A sign-in has this long to come back from Microsoft. */
const FLOW_MINUTES = 10;

/** Keeps a flow's checks under the hash of the browser's flow cookie (the store never sees the cookie). */
export async function saveFlow(db: Kysely<StoreDatabase>, id: string, checks: FlowChecks): Promise<void> {
  await db.deleteFrom('microsoft_flows').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('microsoft_flows')
    .values({
      id,
      state: checks.state,
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      expires_at: new Date(Date.now() + FLOW_MINUTES * 60_000),
    })
    .execute();
}

/** The flow's checks, deleted as they are read: a callback is used once, a replay finds nothing. */
export async function takeFlow(db: Kysely<StoreDatabase>, id: string): Promise<FlowChecks | null> {
  const row = await db
    .deleteFrom('microsoft_flows')
    .where('id', '=', id)
    .returning(['state', 'nonce', 'code_verifier', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() < Date.now()) return null;
  return { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier };
}
