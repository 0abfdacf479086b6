import type { Kysely } from 'kysely';
import { ForbiddenError } from '../../../shared/errors.js';
import { auditChange, type AuditChange } from './auditRepo.js';
import type { StoreDatabase } from './storeDatabase.js';

/**
 * A 403 that must leave an audit entry (docs/principals.md: a role naming a platform activity, a
 * platform-wide action asked by a group admin). Thrown inside a write's transaction, which rolls
 * back the entry with everything else, so the caller that owns the transaction writes it after
 * (writeRefusalAudit), on the store itself.
 */
export class AuditedRefusal extends ForbiddenError {
  constructor(
    message: string,
    readonly entry: AuditChange,
  ) {
    super(message);
  }
}

/** Writes the entry of an AuditedRefusal (any other error passes untouched); rethrows it either way. */
export async function writeRefusalAudit(db: Kysely<StoreDatabase>, error: unknown): Promise<never> {
  if (error instanceof AuditedRefusal) await auditChange(db, error.entry);
  throw error;
}

/** Audits the refusal now and throws it: for a refusal outside any transaction. */
export async function refuseAudited(
  db: Kysely<StoreDatabase>,
  message: string,
  entry: AuditChange,
): Promise<never> {
  return writeRefusalAudit(db, new AuditedRefusal(message, entry));
}
