import { ForbiddenError } from '../../../shared/errors.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import type { MutationLookup } from '../../../shared/config.gen.js';
import { listGroups } from '../../platform/store/groupRepo.js';
import { rolesOfGroups } from '../../platform/store/roleRepo.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { channelChoices } from './channelChoices.js';
import type { Db } from './entityRepo.js';

export interface LookupOption {
  value: number;
  label: string;
}

/** The most choices a lookup answers (the spec's page size of create user / create role). */
export const LOOKUP_LIMIT = 500;

/** Where a lookup reads: the store (groups, roles, users, activities) or the warehouse (channels). */
export interface LookupSources {
  db: Db;
  warehouse: Warehouse;
}

type Provider = (
  sources: LookupSources,
  scope: readonly number[],
  parent: number | undefined,
) => Promise<LookupOption[]>;

/**
 * The store lists a form picks from (mutation `lookups`), each limited to the caller's groups:
 * the groups they administer, the roles of one of those groups, every active activity; and the
 * warehouse's channels (dim_channel), which every group shares.
 */
export const LOOKUP_PROVIDERS: Record<MutationLookup['entity'], Provider> = {
  async group({ db }, scope) {
    const groups = await listGroups(db, scope);
    return groups.map((g) => ({ value: g.id, label: g.group_name }));
  },
  async role({ db }, scope, parent) {
    if (parent === undefined) return [];
    if (!scope.includes(parent)) throw new ForbiddenError(ADMIN_MSG.notInScope);
    const roles = await rolesOfGroups(db, [parent]);
    return roles.map((r) => ({ value: r.id, label: r.name }));
  },
  // The manage-users form's autocomplete: active users of the caller's groups, by user name,
  // without the members of the parent group (a user has one role per group).
  async user({ db }, scope, parent) {
    if (parent !== undefined && !scope.includes(parent)) throw new ForbiddenError(ADMIN_MSG.notInScope);
    if (scope.length === 0) return [];
    let query = db
      .selectFrom('users as u')
      .select(['u.id', 'u.user_name'])
      .where('u.status', '=', 'active')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_group_roles as m')
            .select('m.id')
            .whereRef('m.user_id', '=', 'u.id')
            .where('m.group_id', 'in', [...scope]),
        ),
      );
    if (parent !== undefined)
      query = query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_group_roles as p')
              .select('p.id')
              .whereRef('p.user_id', '=', 'u.id')
              .where('p.group_id', '=', parent),
          ),
        ),
      );
    const rows = await query.orderBy('u.user_name').limit(LOOKUP_LIMIT).execute();
    return rows.map((u) => ({ value: u.id, label: u.user_name }));
  },
  async activity({ db }) {
    const rows = await db
      .selectFrom('activities')
      .select(['id', 'name', 'url'])
      .where('active', '=', true)
      .orderBy('url')
      .execute();
    return rows.map((a) => ({ value: a.id, label: a.name === a.url ? a.url : `${a.name} (${a.url})` }));
  },
  channel: ({ warehouse }) => channelChoices(warehouse),
};
