import { ForbiddenError } from '../../shared/errors.js';
import { ADMIN_MSG } from '../../shared/admin/adminMessages.js';
import type { MutationLookup } from '../../shared/config.gen.js';
import { listGroups } from '../store/groupRepo.js';
import { rolesOfGroups } from '../store/roleRepo.js';
import type { Db } from './entityRepo.js';

export interface LookupOption {
  value: number;
  label: string;
}

/** The most choices a lookup answers (the spec's page size of create user / create role). */
export const LOOKUP_LIMIT = 500;

type Provider = (db: Db, scope: readonly number[], parent: number | undefined) => Promise<LookupOption[]>;

/**
 * The store lists a form picks from (mutation `lookups`), each limited to the caller's groups:
 * the groups they administer, the roles of one of those groups, every active activity.
 */
export const LOOKUP_PROVIDERS: Record<MutationLookup['entity'], Provider> = {
  async group(db, scope) {
    const groups = await listGroups(db, scope);
    return groups.map((g) => ({ value: g.id, label: g.group_name }));
  },
  async role(db, scope, parent) {
    if (parent === undefined) return [];
    if (!scope.includes(parent)) throw new ForbiddenError(ADMIN_MSG.notInScope);
    const roles = await rolesOfGroups(db, [parent]);
    return roles.map((r) => ({ value: r.id, label: r.name }));
  },
  async activity(db) {
    const rows = await db
      .selectFrom('activities')
      .select(['id', 'name', 'url'])
      .where('active', '=', true)
      .orderBy('url')
      .execute();
    return rows.map((a) => ({ value: a.id, label: a.name === a.url ? a.url : `${a.name} (${a.url})` }));
  },
};
