import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** What may join which group through Sign in with Microsoft: an e-mail domain or an Entra tenant id. */
export type MappingKind = 'domain' | 'tenant';

/**
 * One row per (kind, value, group): a Microsoft account whose e-mail domain or tenant id matches
 * may sign in, and joins `group_id` with `role_id` when its account is created on first sign-in.
 */
export interface MicrosoftMappingsTable {
  id: Generated<number>;
  kind: MappingKind;
  /** Lower-cased domain (contoso.com) or tenant id (a GUID). */
  value: string;
  group_id: number;
  role_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A sign-in on its way through Microsoft: the checks the callback must match (state, nonce, PKCE
 * verifier), keyed by the hash of the browser's flow cookie, used once, kept minutes.
 */
export interface MicrosoftFlowsTable {
  id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  expires_at: Timestamp;
}

declare module '../../platform/store/storeDatabase.js' {
  interface StoreDatabase {
    microsoft_mappings: MicrosoftMappingsTable;
    microsoft_flows: MicrosoftFlowsTable;
  }
}
