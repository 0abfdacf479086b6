import type { Kysely } from 'kysely';
import { ForbiddenError } from '../../../shared/errors.js';
import { MICROSOFT_MSG } from '../../../shared/auth/microsoftSignIn.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { putMapping } from '../../platform/store/mappingRepo.js';
import type { StoreDatabase, UserRow } from '../../platform/store/storeDatabase.js';
import { createUser, findUserByName } from '../../platform/store/userRepo.js';
import type { MicrosoftIdentity } from './microsoftClient.js';
import './signInTables.js';

/** The mappings that admit `identity`: its e-mail domain's and its tenant's. */
function mappingsFor(db: Kysely<StoreDatabase>, identity: MicrosoftIdentity) {
  const domain = identity.email.split('@')[1] ?? '';
  return db
    .selectFrom('microsoft_mappings')
    .select(['id', 'kind', 'group_id', 'role_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'domain'), eb('value', '=', domain)]),
        ...(identity.tenantId
          ? [eb.and([eb('kind', '=', 'tenant'), eb('value', '=', identity.tenantId)])]
          : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/**
 * The account a Microsoft sign-in opens. Only a mapped domain or tenant may sign in this way (the
 * mapping is the deployment's trust in that organisation's directory): otherwise 403 with a clear
 * message and nothing written. A known e-mail is that user (their groups as their admins set
 * them); an unknown one becomes a user of each mapped group with the mapping's role, audited.
 */
export async function accountFor(db: Kysely<StoreDatabase>, identity: MicrosoftIdentity): Promise<UserRow> {
  if (!/^[^@\s]+@[^@\s]+$/.test(identity.email)) throw new ForbiddenError(MICROSOFT_MSG.noEmail);
  const mappings = await mappingsFor(db, identity);
  if (mappings.length === 0) throw new ForbiddenError(MICROSOFT_MSG.notMapped);
  const known = await findUserByName(db, identity.email);
  if (known) return known;
  return db.transaction().execute(async (tx) => {
    const user = await createUser(tx, {
      user_name: identity.email,
      first_name: identity.firstName.slice(0, 100),
      last_name: identity.lastName.slice(0, 100),
      password_hash: null,
      verified: true,
    });
    const joined = new Map(mappings.map((m) => [m.group_id, m]));
    for (const m of joined.values()) {
      await putMapping(tx, user.id, { group_id: m.group_id, role_id: m.role_id, status: true });
      await auditChange(tx, {
        actor: user.id,
        groupId: m.group_id,
        entity: 'user',
        entityId: user.id,
        action: 'user.created_by_microsoft',
        after: {
          user_name: user.user_name,
          role_id: m.role_id,
          mapping_id: m.id,
          tenant_id: identity.tenantId,
        },
      });
    }
    return user;
  });
}
